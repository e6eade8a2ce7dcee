// The package, built here: electron-builder packages the app (`--dir`, never publishing) with a
// stand-in Electron distribution, then the test lists the asar. Only the app's built output and
// the production dependencies are in it (no tests, sources, maps, fixtures, preview or practice
// gateway entry); native modules are unpacked; the fuses are as electron-builder.yml says; the
// update feed is written for electron-updater. The afterPack hook refuses a package lacking a
// production dependency, and native modules that are not built for the shipped Electron.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createPackage, extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { makeStandInElectron } from '../support/stand-in-electron';
import { checkNativeModules } from '../../scripts/package/after-pack.mjs';
import { checkProductionDependencies, productionDependencies } from '../../scripts/package/production-dependencies.mjs';
import { electronModuleVersion } from '../../scripts/native/module-version.mjs';
import { schemaFiles } from '../../main/ledger/postgres/security';

const config = parse(readFileSync('electron-builder.yml', 'utf8'));
const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
let root: string;
let appOut: string;
let entries: string[];
let builderOutput: string;
const archive = () => join(appOut, 'resources', 'app.asar');

// A node_modules linked from another checkout (a git worktree's `ln -s …/node_modules`): npm's tree
// of it is wrong. npm follows each package to its real path, outside this project, and finds none
// of their dependencies there, so electron-builder, which takes the production dependencies from
// `npm list`, packaged better-sqlite3 and keytar without `bindings` and the 37 others. There npm is
// named a workspace that does not exist, so it answers with an error and no tree, and
// electron-builder falls back to its own walk of node_modules as Node resolves them, which gives
// the same 40 packages npm gives of a real node_modules. A real one (CI, a clone with its own
// install) is packaged as `npm run dist` packages it.
const linkedNodeModules = realpathSync('node_modules') !== join(realpathSync('.'), 'node_modules');
const noNpmTree = linkedNodeModules ? { npm_config_workspace: 'paydesk-no-such-workspace' } : {};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'paydesk-package-'));
  const dist = makeStandInElectron(join(root, 'electron-dist'), electronVersion);
  // dist/ is built by `npm test` before the suites run.
  const run = spawnSync(process.execPath, ['node_modules/electron-builder/cli.js', '--linux', '--dir', '--publish', 'never', `-c.electronDist=${dist}`, `-c.directories.output=${join(root, 'out')}`], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', PAYDESK_PACKAGE_STAND_IN: '1', ...noNpmTree },
  });
  builderOutput = run.stdout + run.stderr;
  expect(run.status, builderOutput).toBe(0);
  appOut = join(root, 'out', 'linux-unpacked');
  entries = listPackage(archive(), { isPack: false });
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the package', () => {
  it('holds only the app’s built output and package.json', () => {
    const own = entries.filter((e) => !e.startsWith('/node_modules'));
    const files = own.filter((e) => /\.\w+$/.test(e));
    // Main's entry and its worker bundles, the team ledger's schema files (read at run time: every step security.ts lists), the preload, the renderer (its screens as chunks).
    const allowed = [/^\/dist\/main\/(electron-main|export-worker|audit-verify-worker|ledger-migrate-worker|ledger-check-worker|overview-worker|positions-worker|team-ledger|team-export-worker)\.cjs$/, /^\/dist\/main\/[\w-]+\.sql$/, /^\/dist\/preload\/preload\.cjs$/, /^\/dist\/renderer\/assets\/[\w-]+\.(js|css)$/, /^\/dist\/renderer\/(icon\.svg|index\.html)$/, /^\/package\.json$/];
    expect(files.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
    for (const needed of ['/dist/main/electron-main.cjs', '/dist/main/overview-worker.cjs', '/dist/main/team-ledger.cjs', ...schemaFiles.map((file) => `/dist/main/${file}`), '/dist/preload/preload.cjs', '/dist/renderer/index.html', '/package.json']) expect(files).toContain(needed);
    expect(files.some((file) => /^\/dist\/renderer\/assets\/index-[\w-]{8}\.js$/.test(file))).toBe(true);
  });

  it('keeps pg and Kysely out of main\'s bundle: the team ledger\'s connection is a bundle of its own, read on first use', () => {
    const bundle = (name: string) => extractFile(archive(), `dist/main/${name}`).toString('utf8');
    expect(bundle('electron-main.cjs')).not.toMatch(/node_modules\/(pg|pg-protocol|kysely)\//);
    expect(bundle('team-ledger.cjs')).toMatch(/node_modules\/pg\//);
  });

  it('holds exactly the production dependencies, and no tests, sources, maps or fixtures', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
    const production = new Set(Object.entries(lock.packages).filter(([path, p]) => path.startsWith('node_modules/') && !p.dev && !p.devOptional).map(([path]) => path.split('node_modules/').pop()!));
    const packaged = new Set(entries.filter((e) => e.endsWith('/package.json') && /node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(e)).map((e) => e.replace(/\/package\.json$/, '').split('node_modules/').pop()!));
    expect([...packaged].sort()).toEqual([...production].sort());
    expect(packaged).toContain('better-sqlite3');
    expect(packaged).toContain('keytar');
    const unwanted = entries.filter((e) => /\.(map|tsx?|c|cc|cpp|h|hpp|gypi?)$/.test(e) && !e.endsWith('.d.ts') || /\/(test|tests|__tests__|fixtures?|examples?|src|deps|obj)(\/|$)/.test(e) || /preview(-app)?\.cjs|practice-gateway\.cjs|test_extension/.test(e));
    expect(unwanted).toEqual([]);
  });

  it('unpacks the native modules next to the archive', () => {
    const natives = entries.filter((e) => e.endsWith('.node'));
    expect(natives.sort()).toEqual(['/node_modules/better-sqlite3/build/Release/better_sqlite3.node', '/node_modules/keytar/build/Release/keytar.node']);
    for (const file of natives) {
      expect(statFile(archive(), file.slice(1))).toMatchObject({ unpacked: true });
      expect(existsSync(join(appOut, 'resources', 'app.asar.unpacked', file))).toBe(true);
    }
  });

  it('sets the fuses electron-builder.yml asks for', async () => {
    const wire = await getCurrentFuseWire(join(appOut, 'paydesk'));
    const fuse = (option: FuseV1Options) => String.fromCharCode(wire[option] as number) === '1';
    const f = config.electronFuses;
    expect({
      runAsNode: fuse(FuseV1Options.RunAsNode),
      enableCookieEncryption: fuse(FuseV1Options.EnableCookieEncryption),
      enableNodeOptionsEnvironmentVariable: fuse(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      enableNodeCliInspectArguments: fuse(FuseV1Options.EnableNodeCliInspectArguments),
      enableEmbeddedAsarIntegrityValidation: fuse(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyLoadAppFromAsar: fuse(FuseV1Options.OnlyLoadAppFromAsar),
      grantFileProtocolExtraPrivileges: fuse(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual(f);
  });

  it('writes the update feed for electron-updater', () => {
    const feed = parse(readFileSync(join(appOut, 'resources', 'app-update.yml'), 'utf8'));
    expect(feed).toMatchObject({ provider: 'generic', url: config.publish.url.replace('${os}', 'linux').replace('${arch}', process.arch === 'x64' ? 'x64' : process.arch) });
  });

  it('afterPack refuses native modules not built for the shipped Electron', async () => {
    const out = join(root, 'after-pack');
    const target = join(out, 'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release');
    mkdirSync(target, { recursive: true });
    copyFileSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node', join(target, 'better_sqlite3.node')); // the Node build
    await expect(checkNativeModules(out, electronVersion)).rejects.toThrow(new RegExp(`Refusing to package: .*better_sqlite3\\.node \\(module version ${process.versions.modules}\\) not built for Electron`));
    writeFileSync(join(target, 'better_sqlite3.node'), `\0node_register_module_v${electronModuleVersion(electronVersion)}\0`);
    await expect(checkNativeModules(out, electronVersion)).resolves.toBeUndefined();
  });

  it('afterPack checked that every production dependency is in the package: the lock file\'s, found by walking node_modules', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
    const production = Object.entries(lock.packages).filter(([path, p]) => path.startsWith('node_modules/') && !p.dev && !p.devOptional).map(([path]) => path);
    expect(productionDependencies('.')).toEqual(production.sort());
    expect(builderOutput).toContain(`afterPack: all ${production.length} production dependencies are in the package`);
    expect(checkProductionDependencies('.', join(appOut, 'resources'))).toBe(production.length);
  });

  it('afterPack refuses a package lacking a production dependency, naming it', async () => {
    // What a linked node_modules did: better-sqlite3 packed without `bindings` (and a nested one gone too).
    const app = join(root, 'lacking', 'app');
    const dropped = ['node_modules/bindings', 'node_modules/prebuild-install/node_modules/semver'];
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'package.json'), '{}');
    for (const folder of productionDependencies('.').filter((f) => !dropped.includes(f))) {
      mkdirSync(join(app, folder), { recursive: true });
      copyFileSync(join(folder, 'package.json'), join(app, folder, 'package.json'));
    }
    const message = new RegExp(String.raw`Refusing to package: 2 of ${productionDependencies('.').length} production dependencies are not in the package: bindings@1\.5\.0, prebuild-install\/node_modules\/semver@7\.\d+\.\d+\.`);
    expect(() => checkProductionDependencies('.', join(root, 'lacking'))).toThrow(message); // resources/app, asar off
    const resources = join(root, 'lacking-asar');
    mkdirSync(resources);
    await createPackage(app, join(resources, 'app.asar'));
    expect(() => checkProductionDependencies('.', resources)).toThrow(message);
  });
});
