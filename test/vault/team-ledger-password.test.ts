// The team ledger's password goes into the real OS keychain next to the API keys, one entry per
// server, database and user, and nowhere else.
import { afterAll, expect, it } from 'vitest';
import keytar from 'keytar';
import { randomUUID } from 'node:crypto';
import { createMemoryLogger } from '../../main/log/logger';
import { createKeyVault, keychainService } from '../../main/vault/key-vault';
import { teamLedgerAccount, teamLedgerPasswords } from '../../main/vault/team-ledger-password';
import { describeWithKeychain } from './support/keychain';

const database = `team_${randomUUID().slice(0, 8)}`;
const login = { host: 'DB.Example.com', port: 5432, database, user: 'sue' };

afterAll(async () => {
  for (const l of [login, { ...login, user: 'fay' }]) await keytar.deletePassword(keychainService, teamLedgerAccount(l)).catch(() => false);
});

describeWithKeychain('the team ledger password in the real keychain', () => {
  it('is stored under service "Paydesk", one account per user, server and database, and removed', async () => {
    const logger = createMemoryLogger();
    const passwords = teamLedgerPasswords(createKeyVault({ logger }));
    await passwords.store(login, 'sue-team-password-1');
    expect(teamLedgerAccount(login)).toBe(`team-ledger:sue@db.example.com:5432/${database}`);
    expect(await keytar.getPassword('Paydesk', teamLedgerAccount(login))).toBe('sue-team-password-1');
    expect(await passwords.read({ ...login, host: 'db.example.com' })).toBe('sue-team-password-1');
    expect(await passwords.read({ ...login, user: 'fay' })).toBeNull();
    expect(await passwords.read({ ...login, port: 5433 })).toBeNull();
    // The logger knows it as a secret from then on, so it is redacted if it ever reaches a log line.
    logger.info(`connecting with sue-team-password-1`);
    expect(logger.lines.join('\n')).not.toContain('sue-team-password-1');
    expect(await passwords.remove(login)).toBe(true);
    expect(await passwords.read(login)).toBeNull();
  });
});
