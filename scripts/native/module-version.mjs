// Which runtime a native build is for, read from the file itself, never from a build tool's
// message: a V8 addon exports `node_register_module_v<N>`, N being the NODE_MODULE_VERSION it
// was compiled against (Node 20 is 115; each Electron major has its own). The symbol name is
// in the export table of ELF, Mach-O and PE files alike, so no runtime has to load the file.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

/** The NODE_MODULE_VERSION a build was compiled for, or undefined when the file has none. */
export function moduleVersionOf(file) {
  if (!existsSync(file)) return undefined;
  const match = /node_register_module_v(\d+)/.exec(readFileSync(file).toString('latin1'));
  return match ? Number(match[1]) : undefined;
}

/** Where @electron/rebuild (through node-gyp) keeps Electron's headers. */
export const electronHeadersDir = (version, home = homedir()) => join(home, '.electron-gyp', version);

/**
 * Electron's NODE_MODULE_VERSION: from node-abi's registry (shipped in the package, no network),
 * else from headers already fetched. Undefined when neither knows this Electron.
 */
export function electronModuleVersion(version, home = homedir()) {
  try {
    const require = createRequire(import.meta.url);
    return Number(require('node-abi').getAbi(version, 'electron'));
  } catch {
    const header = join(electronHeadersDir(version, home), 'include', 'node', 'node_version.h');
    if (!existsSync(header)) return undefined;
    const match = /#define NODE_MODULE_VERSION (\d+)/.exec(readFileSync(header, 'utf8'));
    return match ? Number(match[1]) : undefined;
  }
}
