// Makes node_modules/better-sqlite3 hold the build the next command needs: `node` for tests
// and the preview, `electron` for `npm start` and packaging. The two are not ABI-compatible,
// so each build, once made, is kept in node_modules/.paydesk-native/<runtime>-<abi>/ and
// switching back is a file copy instead of an 80 s compile. `--force` rebuilds anyway.
// Works on the project in the current directory.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const runtime = process.argv[2];
const force = process.argv.includes('--force');
if (runtime !== 'node' && runtime !== 'electron') {
  console.error('usage: node scripts/ensure-native.mjs node|electron [--force]');
  process.exit(2);
}

const moduleDir = join('node_modules', 'better-sqlite3');
const binary = join(moduleDir, 'build', 'Release', 'better_sqlite3.node');
const cacheRoot = join('node_modules', '.paydesk-native');
const markerFile = join(cacheRoot, 'current.json');
const electronVersion = JSON.parse(readFileSync(join('node_modules', 'electron', 'package.json'), 'utf8')).version;
const wanted = runtime === 'node' ? `node-${process.versions.modules}` : `electron-${electronVersion}`;

function current() {
  try { return JSON.parse(readFileSync(markerFile, 'utf8')).build; } catch { return undefined; }
}

function remember(build) {
  mkdirSync(join(cacheRoot, build), { recursive: true });
  copyFileSync(binary, join(cacheRoot, build, 'better_sqlite3.node'));
  writeFileSync(markerFile, JSON.stringify({ build }) + '\n');
}

// Node can prove a build works by loading it; Electron cannot run here, so its build is
// trusted by the marker alone.
function loadsInNode() {
  const probe = "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()";
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

function rebuild() {
  const env = { ...process.env };
  if (runtime === 'electron') {
    Object.assign(env, {
      npm_config_runtime: 'electron',
      npm_config_target: electronVersion,
      npm_config_disturl: 'https://electronjs.org/headers',
      // A machine-wide nodedir would make node-gyp compile against Node's headers instead.
      npm_config_nodedir: '',
    });
  } else {
    env.npm_config_build_from_source = 'true';
  }
  console.log(`ensure-native: building better-sqlite3 for ${wanted} (this takes a minute or two)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['rebuild', 'better-sqlite3'], { stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`ensure-native: could not build better-sqlite3 for ${wanted}`);
    process.exit(1);
  }
}

const cached = join(cacheRoot, wanted, 'better_sqlite3.node');
const ready = current() === wanted || (current() === undefined && runtime === 'node' && loadsInNode());
if (!force && ready && existsSync(binary) && (runtime === 'electron' || loadsInNode())) {
  if (current() !== wanted) remember(wanted);
  process.exit(0);
}
if (!force && existsSync(cached)) {
  copyFileSync(cached, binary);
  writeFileSync(markerFile, JSON.stringify({ build: wanted }) + '\n');
  if (runtime === 'electron' || loadsInNode()) {
    console.log(`ensure-native: better-sqlite3 switched to the cached ${wanted} build`);
    process.exit(0);
  }
}
rebuild();
if (runtime === 'node' && !loadsInNode()) {
  console.error('ensure-native: the Node build of better-sqlite3 still does not load');
  process.exit(1);
}
remember(wanted);
