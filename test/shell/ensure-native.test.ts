// `npm test` and `npm start` need different builds of better-sqlite3; ensure-native switches
// between them from its cache. Run on a copy of the module in a temp project, so the real
// node_modules is never touched while other suites use it. (A real rebuild takes 80 s and the
// Electron headers cannot be downloaded here, so only cached switches are exercised.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const script = resolve('scripts/ensure-native.mjs');
const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const nodeBuild = `node-${process.versions.modules}`;
let project: string;

const binary = () => join(project, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const marker = () => JSON.parse(readFileSync(join(project, 'node_modules/.paydesk-native/current.json'), 'utf8')).build;
const ensure = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd: project, encoding: 'utf8' });
const loads = () =>
  spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { cwd: project }).status === 0;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'paydesk-native-'));
  for (const name of ['better-sqlite3/package.json', 'better-sqlite3/lib', 'better-sqlite3/build/Release/better_sqlite3.node', 'bindings', 'file-uri-to-path', 'electron/package.json']) {
    cpSync(join('node_modules', name), join(project, 'node_modules', name), { recursive: true });
  }
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('ensure-native', () => {
  it('accepts a working Node build as it is and caches it', () => {
    const run = ensure('node');
    expect(run.status, run.stderr).toBe(0);
    expect(marker()).toBe(nodeBuild);
    expect(existsSync(join(project, 'node_modules/.paydesk-native', nodeBuild, 'better_sqlite3.node'))).toBe(true);
    expect(ensure('node').stdout).toBe(''); // nothing to do the second time
  });

  it('switches to a cached Electron build and back to Node without compiling', () => {
    const electronBuild = join(project, 'node_modules/.paydesk-native', `electron-${electronVersion}`);
    mkdirSync(electronBuild, { recursive: true });
    writeFileSync(join(electronBuild, 'better_sqlite3.node'), 'an electron build');

    const toElectron = ensure('electron');
    expect(toElectron.status, toElectron.stderr).toBe(0);
    expect(marker()).toBe(`electron-${electronVersion}`);
    expect(readFileSync(binary(), 'utf8')).toBe('an electron build');
    expect(loads()).toBe(false);

    const toNode = ensure('node');
    expect(toNode.status, toNode.stderr).toBe(0);
    expect(toNode.stdout).toContain(`cached ${nodeBuild} build`);
    expect(marker()).toBe(nodeBuild);
    expect(loads()).toBe(true);
  });

  it('refuses an unknown runtime', () => {
    const run = ensure('deno');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage');
  });
});
