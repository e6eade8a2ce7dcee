// The key vault: API keys live only in the OS keychain, through keytar. Service name
// "Paydesk", account = the profile id (docs/profiles-and-keys.md). There is no fallback:
// when the keychain cannot be used, nothing is stored anywhere and the caller gets
// `keychain_unavailable` with a fix for this operating system.
import { AppFailure } from '../../contract/result';
import { redact, type Logger } from '../log/logger';
import { keychainUnavailable } from './keychain-help';
import { loadPackage } from '../core/load-package';

export const keychainService = 'Paydesk';

/** The part of keytar the vault uses (the real module, or a stand-in in a test). */
export type KeychainBackend = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
};

export type KeyVault = {
  read(account: string): Promise<string | null>;
  store(account: string, key: string): Promise<void>;
  /** True when a key was there. */
  remove(account: string): Promise<boolean>;
  /** Null when the keychain works, else the failure that explains it (a keychain.unavailable reason). */
  problem(): Promise<AppFailure | null>;
  /** Which of these accounts have a key, never the keys themselves; throws keychain_unavailable. */
  holding(accounts: readonly string[]): Promise<Set<string>>;
};

export type KeyVaultOptions = {
  logger: Logger;
  service?: string;
  /** Defaults to the real keytar, loaded on first use so a broken native module cannot stop the app. */
  backend?: KeychainBackend | (() => Promise<KeychainBackend>);
  /** A call that hangs (a keychain waiting on a prompt nobody sees) fails after this long. */
  timeoutMs?: number;
  platform?: string;
};

const probeAccount = '__paydesk_availability_probe__';

export function createKeyVault(options: KeyVaultOptions): KeyVault {
  const service = options.service ?? keychainService;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let backend: Promise<KeychainBackend> | undefined;
  const load = () => {
    const given = options.backend;
    backend ??= typeof given === 'function' ? given() : given ? Promise.resolve(given) : loadKeytar();
    return backend;
  };

  async function use<T>(what: string, secret: string | undefined, run: (b: KeychainBackend) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const b = await load();
      return await Promise.race([
        run(b),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
        }),
      ]);
    } catch (cause) {
      // The keychain's own words help to fix it; they never carry the key, but redact anyway.
      const detail = redact(describe(cause), secret ? [secret] : []).slice(0, 200);
      options.logger.warn(`keychain ${what} failed`, { detail });
      throw keychainUnavailable(options.platform ?? process.platform, detail);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async read(account) {
      const key = await use('read', undefined, (b) => b.getPassword(service, account));
      if (key) options.logger.addSecret(key);
      return key;
    },
    async store(account, key) {
      options.logger.addSecret(key);
      await use('store', key, (b) => b.setPassword(service, account, key));
    },
    remove: (account) => use('remove', undefined, (b) => b.deletePassword(service, account)),
    async holding(accounts) {
      if (accounts.length === 0) return new Set();
      // One read per profile, together: about half the time of keytar's findCredentials with 5 and
      // 20 profiles (bench/keychain-look.ts), and it reads no other entry. Only the names leave here.
      const found = await use('look', undefined, (b) => Promise.all(accounts.map(async (a) => ((await b.getPassword(service, a)) ? a : null))));
      return new Set(found.filter((a): a is string => a !== null));
    },
    async problem() {
      try {
        await use('check', undefined, (b) => b.getPassword(service, probeAccount));
        return null;
      } catch (e) {
        if (e instanceof AppFailure) return e;
        throw e;
      }
    },
  };
}

async function loadKeytar(): Promise<KeychainBackend> {
  const mod = loadPackage<KeychainBackend & { default?: KeychainBackend }>('keytar');
  return mod.default ?? mod;
}

function describe(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().replace(/\.$/, '') || 'unknown error';
}
