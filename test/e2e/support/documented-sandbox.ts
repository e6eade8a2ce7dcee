// A preview whose sandbox profile talks to the documented double (test/support/documented-gateway.ts)
// over https on loopback, as a first real account would: a throwaway authority (openssl) that only
// the preview's process trusts (NODE_EXTRA_CA_CERTS at its start; the app's https rule untouched).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type E2eSession } from './session';
import { SettingsPage } from '../pages/settings-page';
import { TransactionsPage } from '../pages/transactions-page';
import { startDocumentedGateway } from '../../support/documented-gateway';
import { forgetKeysOf } from '../../vault/support/keychain';

/** A certificate authority and a certificate for 127.0.0.1 it signed, made in `dir`. */
function throwawayAuthority(dir: string): { key: string; cert: string; caFile: string } {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/CN=Paydesk test sandbox authority', '-days', '2');
  openssl('req', ...ec, '-keyout', 'gateway.key', '-out', 'gateway.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'gateway.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'gateway.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'gateway.crt', '-days', '2', '-extfile', 'gateway.ext');
  return { key: readFileSync(join(dir, 'gateway.key'), 'utf8'), cert: readFileSync(join(dir, 'gateway.crt'), 'utf8'), caFile: join(dir, 'ca.crt') };
}

export type DocumentedSandbox = {
  session: E2eSession;
  gateway: Awaited<ReturnType<typeof startDocumentedGateway>>;
  settings: SettingsPage;
  tx: TransactionsPage;
  /** Settings → Add profile (sandbox, the double's https address) and Save key (checked with the gateway): the form's answer; the key's notice is the card's `profile-notice`. */
  addProfile(name: string): Promise<'saved' | 'error'>;
  close(): Promise<void>;
};

export async function openDocumentedSandbox(apiKey: string): Promise<DocumentedSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-documented-'));
  const tls = throwawayAuthority(dir);
  const gateway = await startDocumentedGateway(apiKey, { tls });
  const session = await openSession({ env: { NODE_EXTRA_CA_CERTS: tls.caFile } });
  const settings = new SettingsPage(session.page);
  await settings.open(session.preview.url);
  return {
    session, gateway, settings, tx: new TransactionsPage(session.page),
    async addProfile(name) {
      await settings.openSettings();
      const saved = await settings.addProfile({ name, environment: 'sandbox', baseUrl: gateway.conn.baseUrl });
      const form = settings.card(name).locator('form.key-form');
      await form.getByLabel(`API key for “\u2068${name}\u2069”`).fill(apiKey);
      await form.getByRole('button', { name: 'Save key' }).click();
      return saved;
    },
    async close() {
      await forgetKeysOf(session.preview.dataDir);
      await session.close();
      await gateway.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
