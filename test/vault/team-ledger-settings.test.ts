// Settings → Team ledger with the real OS keychain: the password typed once is stored in the
// keychain under the team ledger's account, and never in the settings file, any other file of the
// data folder, the log or an answer to the screen. Off this computer TLS is always on.
import { afterAll, expect, it } from 'vitest';
import keytar from 'keytar';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { teamLedgerHandlers } from '../../main/api/team-ledger-handlers';
import { createLogger } from '../../main/log/logger';
import { createTeamLedgerSettings } from '../../main/team/team-ledger-settings';
import { createKeyVault, keychainService } from '../../main/vault/key-vault';
import { teamLedgerAccount } from '../../main/vault/team-ledger-password';
import { describeWithKeychain } from './support/keychain';

const ctx = { transport: 'direct' as const, osUser: 'tester' };
const database = `team_${randomUUID().slice(0, 8)}`;
const password = `team-pw-${randomUUID()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-team-keychain-'));
const login = { host: 'db.example.com', port: 5432, database, user: 'sara' };

afterAll(async () => {
  await keytar.deletePassword(keychainService, teamLedgerAccount(login)).catch(() => false);
  rmSync(dataDir, { recursive: true, force: true });
});

describeWithKeychain('the team ledger password, saved from Settings', () => {
  it('is in the keychain and nowhere in the data folder, the log or the answers', async () => {
    const logger = createLogger({ file: join(dataDir, 'paydesk.log') });
    const settings = createTeamLedgerSettings({ dataDir, vault: createKeyVault({ logger }), logger });
    const handlers = createHandlers(teamLedgerHandlers({ teamLedger: settings }) as unknown as Implementations, logger);

    const saved = await handlers.saveTeamLedger({ ...login, tls: false, caPem: null, password }, ctx);
    // Not on this computer: TLS stays on whatever the form said.
    expect(saved).toEqual({ ok: true, value: { settings: { ...login, tls: true, caPinned: false, caSubject: null }, passwordSaved: true, chosen: false, inUse: false, session: null, savedRole: null } });
    expect(await keytar.getPassword('Paydesk', teamLedgerAccount(login))).toBe(password);

    const answers = JSON.stringify([saved, await handlers.getTeamLedger({}, ctx)]);
    expect(answers).not.toContain(password);
    for (const name of readdirSync(dataDir)) expect(readFileSync(join(dataDir, name), 'utf8'), name).not.toContain(password);
    expect(JSON.parse(readFileSync(join(dataDir, 'team-ledger.json'), 'utf8'))).toEqual({ ...login, tls: true, caPem: null });

    // Saving the same login again without a password keeps the one in the keychain.
    expect(await handlers.saveTeamLedger({ ...login, tls: true, caPem: null }, ctx)).toMatchObject({ ok: true, value: { passwordSaved: true } });
    expect(await keytar.getPassword('Paydesk', teamLedgerAccount(login))).toBe(password);
  });
});
