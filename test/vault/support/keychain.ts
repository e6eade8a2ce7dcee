// Whether the real keychain can be reached. These suites must use the real Secret Service
// (run them with `bash scripts/with-keyring.sh npx vitest run --project node test/vault`).
// Without it they skip, saying why, unless PAYDESK_REQUIRE_KEYCHAIN=1 (CI): then they fail.
import { beforeEach, describe } from 'vitest';
import { createMemoryLogger } from '../../../main/log/logger';
import { createKeyVault } from '../../../main/vault/key-vault';

const problem = await createKeyVault({ logger: createMemoryLogger(), timeoutMs: 10_000 }).problem();
const required = process.env.PAYDESK_REQUIRE_KEYCHAIN === '1';

if (problem && !required) {
  console.warn(`Skipping the keychain tests: the Secret Service cannot be reached here. Run them with: bash scripts/with-keyring.sh npx vitest run --project node test/vault\n${problem}`);
}

/** A describe block that needs the real OS keychain. */
export function describeWithKeychain(name: string, body: () => void) {
  describe.skipIf(problem !== null && !required)(name, () => {
    beforeEach(() => {
      if (problem) throw new Error(`PAYDESK_REQUIRE_KEYCHAIN=1 but the keychain cannot be reached: ${problem}`);
    });
    body();
  });
}

/** Removes from the keychain the keys of every profile in a data folder (tests that ran the whole app). */
export async function forgetKeysOf(dataDir: string): Promise<void> {
  const { existsSync, readFileSync } = await import('node:fs');
  const file = `${dataDir}/profiles.json`;
  if (problem || !existsSync(file)) return;
  const { default: keytar } = await import('keytar');
  const { profiles } = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Array<{ id: string }> };
  for (const { id } of profiles) await keytar.deletePassword('Paydesk', id).catch(() => false);
}
