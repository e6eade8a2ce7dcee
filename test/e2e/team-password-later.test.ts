// The team ledger chosen on a laptop whose keychain has no password for its login (a new keychain,
// the entry removed), in Chromium through the built preview, the real keychain and a real
// PostgreSQL: Settings says there is no password, the person types it and saves, and the team
// ledger opens there and then, no restart: Settings says who is logged in, and the transactions
// list shows a payment another laptop recorded in the team database (docs/team-ledger.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { applyTeamLedgerSecurity } from '../../main/ledger/postgres/security';
import { keychainService } from '../../main/vault/key-vault';
import { teamLedgerAccount } from '../../main/vault/team-ledger-password';
import { postgresMissing, startPostgres, type PostgresServer } from '../support/postgres-server';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { TransactionsPage } from './pages/transactions-page';
import { describeWithKeychain } from '../vault/support/keychain';

const missing = postgresMissing();
const required = process.env.PAYDESK_REQUIRE_POSTGRES === '1';
if (missing && !required) console.warn(`Skipping the team ledger's password end-to-end test: ${missing}`);
const withPostgres = missing && !required ? describe.skip : describeWithKeychain;

withPostgres('the team ledger chosen with no password in the keychain, through the preview', () => {
  let server: PostgresServer;
  let database: string;
  let session: E2eSession;
  let dataDir: string;
  const omar = { login: 'omar', password: 'e2e-team-password-n3' };
  const orderId = `PD-LATER-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    if (missing) throw new Error(`PAYDESK_REQUIRE_POSTGRES=1 but ${missing}`);
    server = await startPostgres();
    database = await server.createDatabase();
    const superuser = await server.connect({ database });
    await applyTeamLedgerSecurity(superuser);
    await superuser.query(`SELECT paydesk.add_person($1, 'support', $2)`, [omar.login, omar.password]);
    // A payment another laptop recorded.
    await superuser.query(`INSERT INTO paydesk.payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state) VALUES ($1, 'practice', 'practice', 'sale', $2, 4200, 'SAR', 'paid')`, [randomUUID(), orderId]);
    await superuser.end();
    // Chosen on this laptop, its password not in this computer's keychain.
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-team-later-'));
    writeFileSync(join(dataDir, 'team-ledger.json'), JSON.stringify({ host: '127.0.0.1', port: server.port, database, user: omar.login, tls: false, caPem: null, use: true }));
    session = await openSession({ dataDir });
  });
  afterAll(async () => {
    await keytar.deletePassword(keychainService, teamLedgerAccount({ host: '127.0.0.1', port: server.port, database, user: omar.login })).catch(() => false);
    await session?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the team ledger once the password is saved, without a restart', async () => {
    const { page } = session;
    const settings = new SettingsPage(page);
    await settings.open(session.preview.url);
    await settings.openSettings();
    const team = page.getByTestId('team-ledger');
    const line = () => team.getByRole('note').textContent();
    await expect.poll(line).toMatch(/cannot reach it now: There is no password for omar on 127\.0\.0\.1/);

    await team.getByLabel('Password', { exact: true }).fill(omar.password);
    await team.getByRole('button', { name: 'Save team ledger settings' }).click();
    await expect.poll(line).toBe('This laptop uses the team ledger at 127.0.0.1, logged in as omar (support).');

    // The list reads the team database now.
    const transactions = new TransactionsPage(page);
    await transactions.show();
    await transactions.search(orderId);
    await transactions.row(orderId).waitFor();
    expect(await transactions.total()).toBe(1);
  });
});
