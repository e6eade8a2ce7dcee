// A keychain stand-in for tests that need a vault but not the Secret Service (the team ledger's
// settings and backend run in-process): `entries` is what was stored, by "service/account".
import type { KeychainBackend } from '../../../main/vault/key-vault';

export function memoryKeychain(entries = new Map<string, string>()): { entries: Map<string, string>; backend: KeychainBackend } {
  const backend: KeychainBackend = {
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
  };
  return { entries, backend };
}
