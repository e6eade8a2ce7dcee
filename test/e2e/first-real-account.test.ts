// The first real account (walk30): a sandbox profile against the documented double
// (test/support/documented-gateway.ts) served over TLS on loopback with a throwaway authority that
// only the preview's process trusts (NODE_EXTRA_CA_CERTS at its start; the https rule stays). A
// refund whose answer is a proxy's HTML 502 page is unclear, and the payment says what came back:
// a server error, in English and Arabic. It said "The connection broke before the answer came", so
// support looked for a network fault on their own side.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { TransactionsPage } from './pages/transactions-page';
import { typeCardPayment } from './support/test-card';
import { startDocumentedGateway } from '../support/documented-gateway';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const profile = 'Souq sandbox';
const apiKey = 'sk_test_FirstRealAccount_docs_7f3a';
const dir = mkdtempSync(join(tmpdir(), 'paydesk-first-real-'));

/** An authority and a certificate for 127.0.0.1 it signed, in `dir`. */
function throwawayAuthority() {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/CN=Paydesk test sandbox authority', '-days', '2');
  openssl('req', ...ec, '-keyout', 'gateway.key', '-out', 'gateway.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'gateway.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'gateway.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'gateway.crt', '-days', '2', '-extfile', 'gateway.ext');
  return { key: readFileSync(join(dir, 'gateway.key'), 'utf8'), cert: readFileSync(join(dir, 'gateway.crt'), 'utf8') };
}

describeWithKeychain('the first real account: a sandbox that answers with the documented fields only', () => {
  let session: E2eSession;
  let gateway: Awaited<ReturnType<typeof startDocumentedGateway>>;
  let settings: SettingsPage;
  let tx: TransactionsPage;

  beforeAll(async () => {
    gateway = await startDocumentedGateway(apiKey, { tls: throwawayAuthority() });
    session = await openSession({ env: { NODE_EXTRA_CA_CERTS: join(dir, 'ca.crt') } });
    settings = new SettingsPage(session.page);
    tx = new TransactionsPage(session.page);
    await settings.open(session.preview.url);
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
    await gateway?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the sandbox profile over https, its key checked with the gateway', async () => {
    await settings.openSettings();
    expect(gateway.conn.baseUrl).toMatch(/^https:/);
    expect(await settings.addProfile({ name: profile, environment: 'sandbox', baseUrl: gateway.conn.baseUrl })).toBe('saved');
    const form = settings.card(profile).locator('form.key-form');
    await form.getByLabel(`API key for “\u2068${profile}\u2069”`).fill(apiKey);
    await form.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => settings.card(profile).getByTestId('profile-notice').textContent()).toBe('The gateway accepted the key; it is saved in the keychain.');
    await settings.cardActionNotice(profile, 'Use this profile');
  });

  it('a refund answered by a proxy’s HTML 502 page: unclear, said as a server error that came back, in English and Arabic', async () => {
    const page = session.page;
    await typeCardPayment(page, { orderId: 'FIRST-REAL-1', amount: '200.00' });
    await page.getByText('Payment approved').waitFor();

    gateway.trouble('/payment-gateway/s2s/refund', 'proxy_502');
    await tx.pressRefund('FIRST-REAL-1', '50.00', 'Returned one');
    await page.getByTestId('outcome-unknown').waitFor();
    await tx.dialog.getByRole('button', { name: 'Close' }).click();
    const detail = tx.detail;
    await expect.poll(() => detail.innerText()).toContain('The gateway answered with a server error (HTTP 502) instead of a result, so it may or may not have processed the request.');
    expect(await detail.innerText()).not.toContain('The connection broke');
    // The double's records are the witness: the refund reached it once, 50.00, and was never resent.
    expect(gateway.sent('/payment-gateway/s2s/refund').map((r) => JSON.parse(r.body).amount)).toEqual([50]);
    await settings.chooseLanguage('ar');
    await expect.poll(() => detail.innerText()).toContain('ردّت البوابة بخطأ في الخادم (HTTP 502) بدل النتيجة');
    expect(await detail.innerText()).not.toContain('انقطع الاتصال');
    await settings.chooseLanguage('en');
  });
});
