// `npm test` and `npm start` need different builds of better-sqlite3; ensure-native switches
// between them from its cache and only ever caches or uses a build whose module version (read
// from the file) is the runtime's. Run on a copy of the module in a temp project, so the real
// node_modules is never touched while other suites use it. (A real rebuild takes 80 s and the
// Electron headers cannot be downloaded here: Electron builds are stand-in files, or a stand-in
// for @electron/rebuild that leaves a Node build behind, as an npm `nodedir` setting did.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cleanBuildEnv, ensureNative } from '../../scripts/native/ensure.mjs';
import { electronModuleVersion, moduleVersionOf } from '../../scripts/native/module-version.mjs';

const script = resolve('scripts/ensure-native.mjs');
const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const electronAbi = electronModuleVersion(electronVersion)!;
const nodeBuild = `node-${process.versions.modules}`;
const electronBuild = `electron-${electronVersion}`;
let project: string;
let home: string;

const binary = () => join(project, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const cacheDir = (build: string) => join(project, 'node_modules/.paydesk-native', build);
const marker = () => JSON.parse(readFileSync(join(project, 'node_modules/.paydesk-native/current.json'), 'utf8')).build;
// No headers in this HOME, and a headers "server" that refuses at once: a machine without Electron's headers.
const offline = { ...process.env, HOME: '', PAYDESK_ELECTRON_HEADERS_URL: 'http://127.0.0.1:9' };
const ensure = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd: project, encoding: 'utf8', timeout: 10_000, env: { ...offline, HOME: home } });
const loads = () =>
  spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { cwd: project }).status === 0;
/** A file that carries Electron's module version the way a real build exports it. */
const fakeElectronBuild = (file: string) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `an electron build \0node_register_module_v${electronAbi}\0`);
};

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'paydesk-native-'));
  home = mkdtempSync(join(tmpdir(), 'paydesk-home-'));
  for (const name of ['better-sqlite3/package.json', 'better-sqlite3/lib', 'better-sqlite3/build/Release/better_sqlite3.node', 'bindings', 'file-uri-to-path', 'electron/package.json']) {
    cpSync(join('node_modules', name), join(project, 'node_modules', name), { recursive: true });
  }
});
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('ensure-native', () => {
  it('reads the module version from the build itself', () => {
    expect(moduleVersionOf(binary())).toBe(Number(process.versions.modules));
    expect(electronAbi).toBeGreaterThan(Number(process.versions.modules));
  });

  it('accepts a working Node build as it is and caches it', () => {
    const run = ensure('node');
    expect(run.status, run.stderr).toBe(0);
    expect(marker()).toBe(nodeBuild);
    expect(existsSync(join(cacheDir(nodeBuild), 'better_sqlite3.node'))).toBe(true);
    expect(ensure('node').stdout).toBe(''); // nothing to do the second time
  });

  it('switches to a cached Electron build and back to Node without compiling', () => {
    fakeElectronBuild(join(cacheDir(electronBuild), 'better_sqlite3.node'));
    const toElectron = ensure('electron');
    expect(toElectron.status, toElectron.stderr).toBe(0);
    expect(marker()).toBe(electronBuild);
    expect(readFileSync(binary(), 'utf8')).toContain('an electron build');
    expect(loads()).toBe(false);

    const toNode = ensure('node');
    expect(toNode.status, toNode.stderr).toBe(0);
    expect(toNode.stdout).toContain(`cached ${nodeBuild} build`);
    expect(marker()).toBe(nodeBuild);
    expect(loads()).toBe(true);
  });

  it('never uses a Node build cached as the Electron build, and explains within seconds that headers are missing', () => {
    // What the old script cached on a machine with `nodedir` set: Node's build under Electron's name.
    mkdirSync(cacheDir(electronBuild), { recursive: true });
    copyFileSync(binary(), join(cacheDir(electronBuild), 'better_sqlite3.node'));
    const run = ensure('electron');
    expect(run.error).toBeUndefined(); // not killed by the 10 s timeout
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`is for module version ${process.versions.modules}, not ${electronAbi}; discarding it`);
    expect(run.stderr).toMatch(/cannot build better-sqlite3 for Electron .*headers are not on this machine.*npm run preview/);
    expect(existsSync(cacheDir(electronBuild))).toBe(false);
    expect(marker()).toBe(nodeBuild);
    expect(loads()).toBe(true); // the tests' build is untouched
  });

  it('does not cache a "successful" Electron build that is really a Node build, and puts the Node build back', async () => {
    const lines: string[] = [];
    // Headers "present", so the build runs; the stand-in then leaves a Node build, as nodedir=/usr did.
    const headers = join(home, '.electron-gyp', electronVersion, 'include', 'node');
    mkdirSync(headers, { recursive: true });
    writeFileSync(join(headers, 'node_version.h'), `#define NODE_MODULE_VERSION ${electronAbi}\n`);
    const second = await ensureNative({
      runtime: 'electron', cwd: project, env: { HOME: home }, log: () => undefined, fail: (l) => void lines.push(l),
      rebuildElectron: async () => void writeFileSync(binary(), `a node build \0node_register_module_v${process.versions.modules}\0`),
    });
    expect(second).toBe(1);
    expect(lines.join('\n')).toContain(`reported success but is for module version ${process.versions.modules}, not Electron's ${electronAbi}; it is not kept`);
    expect(existsSync(join(cacheDir(electronBuild), 'better_sqlite3.node'))).toBe(false);
    expect(marker()).toBe(nodeBuild);
    expect(loads()).toBe(true);

    // A build with Electron's module version is kept as the Electron build.
    const third = await ensureNative({ runtime: 'electron', cwd: project, env: { HOME: home }, log: () => undefined, fail: (l) => void lines.push(l), rebuildElectron: async () => fakeElectronBuild(binary()) });
    expect(third).toBe(0);
    expect(marker()).toBe(electronBuild);
    expect(moduleVersionOf(join(cacheDir(electronBuild), 'better_sqlite3.node'))).toBe(electronAbi);
    expect(ensure('node').status).toBe(0);
    rmSync(join(home, '.electron-gyp'), { recursive: true, force: true });
  });

  it("builds in an environment without the user's npm settings", () => {
    const env = cleanBuildEnv({ PATH: '/usr/bin', npm_config_nodedir: '/usr', NPM_CONFIG_NODEDIR: '/usr', npm_config_runtime: 'node', HOME: '/home/x' });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/x' });
  });

  it('refuses an unknown runtime', () => {
    const run = ensure('deno');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage');
  });
});
