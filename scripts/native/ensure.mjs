// Makes node_modules/better-sqlite3 hold the build the next command needs (see
// scripts/ensure-native.mjs for the command line). Every build is checked by the module version
// written in the file itself before it is cached or used: a build tool's "success" is not proof
// (an npm `nodedir` setting once made an "Electron" build against Node's own headers).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { electronHeadersDir, electronModuleVersion, moduleVersionOf } from './module-version.mjs';

export const defaultHeadersUrl = 'https://www.electronjs.org/headers';

/** The environment a build runs in: no npm settings, so the user's npm config cannot steer node-gyp. */
export function cleanBuildEnv(env) {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !/^npm_(config|package_config_node_gyp)_/i.test(key)));
}

/** Whether Electron's headers are on this machine or can be fetched; answers within `timeoutMs`. */
export async function headersReachable(version, { url, home, timeoutMs = 5000 }) {
  if (existsSync(join(electronHeadersDir(version, home), 'include', 'node', 'node_version.h'))) return { ok: true };
  const probe = `${url}/v${version}/SHASUMS256.txt`;
  try {
    const response = await fetch(probe, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return response.ok ? { ok: true } : { ok: false, reason: `HTTP ${response.status}` };
  } catch (e) {
    const cause = e?.cause?.code ?? e?.name ?? 'network error';
    return { ok: false, reason: cause === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : cause };
  }
}

/** Builds better-sqlite3 for Electron with @electron/rebuild, in a clean environment. */
export async function rebuildForElectron({ cwd, version, headerURL }) {
  const saved = process.env;
  process.env = cleanBuildEnv(process.env);
  try {
    const { rebuild } = await import('@electron/rebuild');
    await rebuild({ buildPath: cwd, electronVersion: version, onlyModules: ['better-sqlite3'], force: true, headerURL, mode: 'sequential' });
  } finally {
    process.env = saved;
  }
}

function rebuildForNode({ cwd }) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['rebuild', 'better-sqlite3'], { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error('npm rebuild better-sqlite3 failed');
}

/**
 * Returns the exit status. `options.rebuildElectron` replaces the real build (tests);
 * `options.log` and `options.fail` receive progress and the one-line failures.
 */
export async function ensureNative(options) {
  const { runtime, force = false, cwd = process.cwd(), env = process.env, log = console.log, fail = console.error } = options;
  const moduleDir = join(cwd, 'node_modules', 'better-sqlite3');
  const binary = join(moduleDir, 'build', 'Release', 'better_sqlite3.node');
  const cacheRoot = join(cwd, 'node_modules', '.paydesk-native');
  const markerFile = join(cacheRoot, 'current.json');
  const electronVersion = JSON.parse(readFileSync(join(cwd, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const home = env.HOME ?? env.USERPROFILE;
  const wantedAbi = runtime === 'node' ? Number(process.versions.modules) : electronModuleVersion(electronVersion, home);
  const wanted = runtime === 'node' ? `node-${process.versions.modules}` : `electron-${electronVersion}`;
  if (wantedAbi === undefined) {
    fail(`ensure-native: this node-abi does not know Electron ${electronVersion}'s module version; update node-abi (npm install node-abi@latest) so the build can be checked.`);
    return 1;
  }
  const cached = join(cacheRoot, wanted, 'better_sqlite3.node');
  const current = () => { try { return JSON.parse(readFileSync(markerFile, 'utf8')).build; } catch { return undefined; } };
  const mark = (build) => { mkdirSync(cacheRoot, { recursive: true }); writeFileSync(markerFile, JSON.stringify({ build }) + '\n'); };
  const isWanted = (file) => moduleVersionOf(file) === wantedAbi && (runtime === 'electron' || loadsInNode(cwd));
  const remember = () => {
    mkdirSync(join(cacheRoot, wanted), { recursive: true });
    copyFileSync(binary, cached);
    mark(wanted);
  };

  if (!force && isWanted(binary)) {
    if (current() !== wanted || !existsSync(cached)) remember();
    return 0;
  }
  if (!force && existsSync(cached)) {
    if (moduleVersionOf(cached) === wantedAbi) {
      copyFileSync(cached, binary);
      mark(wanted);
      if (isWanted(binary)) {
        log(`ensure-native: better-sqlite3 switched to the cached ${wanted} build`);
        return 0;
      }
    } else {
      // A build cached by an older script without this check: never used again.
      fail(`ensure-native: the cached ${wanted} build is for module version ${moduleVersionOf(cached) ?? 'unknown'}, not ${wantedAbi}; discarding it`);
      rmSync(join(cacheRoot, wanted), { recursive: true, force: true });
    }
  }

  if (runtime === 'electron') {
    const headerURL = env.PAYDESK_ELECTRON_HEADERS_URL || defaultHeadersUrl;
    const reach = await headersReachable(electronVersion, { url: headerURL, home });
    if (!reach.ok) {
      fail(`ensure-native: cannot build better-sqlite3 for Electron ${electronVersion}: its headers are not on this machine and ${headerURL} cannot be reached (${reach.reason}). Use \`npm run preview\` here, or run \`npm run rebuild-electron\` once with internet access (headers are kept in ~/.electron-gyp), or set PAYDESK_ELECTRON_HEADERS_URL to a mirror.`);
      return 1;
    }
    log(`ensure-native: building better-sqlite3 for Electron ${electronVersion} (module version ${wantedAbi}) with @electron/rebuild`);
    try {
      await (options.rebuildElectron ?? rebuildForElectron)({ cwd, version: electronVersion, headerURL });
    } catch (e) {
      fail(`ensure-native: @electron/rebuild could not build better-sqlite3 for Electron ${electronVersion}: ${e instanceof Error ? e.message.split('\n')[0] : e}`);
      return 1;
    }
  } else {
    log(`ensure-native: building better-sqlite3 for ${wanted} (this takes a minute or two)`);
    try {
      rebuildForNode({ cwd });
    } catch (e) {
      fail(`ensure-native: ${e instanceof Error ? e.message : e}`);
      return 1;
    }
  }

  const built = moduleVersionOf(binary);
  if (built !== wantedAbi || !isWanted(binary)) {
    fail(`ensure-native: the new build reported success but is for module version ${built ?? 'unknown'}, not ${runtime === 'node' ? 'Node' : 'Electron'}'s ${wantedAbi}; it is not kept. Check for an npm \`nodedir\` setting (npm config get nodedir).`);
    restoreNodeBuild(cacheRoot, binary, mark);
    return 1;
  }
  remember();
  return 0;
}

// After a wrong build, put the checked Node build back so tests and the preview keep working.
function restoreNodeBuild(cacheRoot, binary, mark) {
  const nodeBuild = `node-${process.versions.modules}`;
  const file = join(cacheRoot, nodeBuild, 'better_sqlite3.node');
  if (moduleVersionOf(file) === Number(process.versions.modules)) {
    copyFileSync(file, binary);
    mark(nodeBuild);
  } else {
    rmSync(join(cacheRoot, 'current.json'), { force: true });
  }
}

// Node can prove a build by loading it; Electron cannot run here, so its build is proven by
// the module version in the file.
function loadsInNode(cwd) {
  const probe = "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()";
  return spawnSync(process.execPath, ['-e', probe], { cwd, stdio: 'ignore' }).status === 0;
}
