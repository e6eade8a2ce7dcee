export declare const defaultHeadersUrl: string;
export declare function cleanBuildEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
export declare function headersReachable(version: string, options: { url: string; home?: string; timeoutMs?: number }): Promise<{ ok: true } | { ok: false; reason: string }>;
export declare function ensureNative(options: {
  runtime: 'node' | 'electron';
  force?: boolean;
  cwd?: string;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  fail?: (line: string) => void;
  rebuildElectron?: (args: { cwd: string; version: string; headerURL: string }) => Promise<void>;
}): Promise<number>;
