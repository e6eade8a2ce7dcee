// What Settings' look at the keychain costs with N profiles whose keys are set (default 5): the
// store's getKeychainStatus as it is now (one getPassword per profile, together), keytar's
// findCredentials for the same (one listing, the other way considered), and the availability probe
// alone (what getKeychainStatus did before it looked for the keys). Alternated round by round on the
// real keychain (run under scripts/with-keyring.sh), p50/p95 in ms, and listProfiles (memory only,
// the first screen's call) for scale. Not part of run-all.ts.
//   bash scripts/with-keyring.sh node scripts/run-ts.mjs bench/keychain-look.ts [--profiles 5] [--rounds 200]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMemoryLogger } from '../main/log/logger';
import { createProfileStore } from '../main/profiles/profile-store';
import { createKeyVault, type KeychainBackend } from '../main/vault/key-vault';
import { loadPackage } from '../main/core/load-package';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const profiles = arg('profiles', 5);
const rounds = arg('rounds', 200);

type Keytar = KeychainBackend & { findCredentials(service: string): Promise<Array<{ account: string; password: string }>> };
const keytar = loadPackage<Keytar & { default?: Keytar }>('keytar');
const real: Keytar = keytar.default ?? keytar;

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-keychain-look-'));
const practice = { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'practice_key_for_bench_0123' };
const store = (backend: KeychainBackend) => {
  const logger = createMemoryLogger();
  return createProfileStore({ dataDir, practice, vault: createKeyVault({ logger, backend }), logger });
};
const writer = store(real);
const ids: string[] = [];
for (let i = 0; i < profiles; i++) {
  const made = writer.create({ name: `Bench ${i}`, environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1', defaultCurrency: 'SAR' });
  ids.push(made.id);
  await writer.setKey(made.id, `sk_test_bench_key_${i}_abcdef`, false);
}
const oneListing = store(real);
const listedHeld = async () => {
  const wanted = new Set(ids);
  return new Set((await real.findCredentials('Paydesk')).filter((c) => c.password && wanted.has(c.account)).map((c) => c.account));
};
const probeVault = createKeyVault({ logger: createMemoryLogger(), backend: real });

const variants: Array<[string, () => Promise<unknown>]> = [
  ['status + keys, getPassword each (now)', () => oneListing.keychainStatus()],
  ['keys by findCredentials (considered)', listedHeld],
  ['probe only (before)', () => probeVault.problem()],
  ['listProfiles (memory, start)', async () => oneListing.list()],
];
const times = variants.map(() => [] as number[]);
for (const [, run] of variants) await run(); // warm-up: keytar loaded, D-Bus connected
for (let r = 0; r < rounds; r++) {
  const order = r % 2 ? [...variants.keys()].reverse() : [...variants.keys()];
  for (const i of order) {
    const t0 = performance.now();
    await variants[i]![1]();
    times[i]!.push(performance.now() - t0);
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const { loadavg } = await import('node:os');
console.log(`keychain look, ${profiles} profiles with keys, ${rounds} rounds alternated; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
variants.forEach(([name], i) => console.log(`${name.padEnd(40)} p50 ${pct(times[i]!, 50).toFixed(3)} ms  p95 ${pct(times[i]!, 95).toFixed(3)} ms`));
const ahead = times[0]!.filter((t, r) => t < times[1]![r]!).length;
const diffs = times[0]!.map((t, r) => times[1]![r]! - t);
console.log(`getPassword each ahead of findCredentials in ${ahead} of ${rounds} rounds; paired difference p50 ${pct(diffs, 50).toFixed(3)} ms`);
const missing = (await oneListing.keychainStatus(), oneListing.list().profiles.filter((p) => p.key.notInKeychain).length);
console.log(`profiles marked missing after the look: ${missing} (expected 0)`);

for (const id of ids) await real.deletePassword('Paydesk', id);
rmSync(dataDir, { recursive: true, force: true });
