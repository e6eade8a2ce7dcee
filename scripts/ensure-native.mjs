// Makes node_modules/better-sqlite3 hold the build the next command needs: `node` for tests
// and the preview, `electron` for `npm start` and packaging. The two are not ABI-compatible,
// so each build, once made and checked, is kept in node_modules/.paydesk-native/<runtime>-<abi>/
// and switching back is a file copy instead of an 80 s compile. `--force` rebuilds anyway.
// Electron builds go through @electron/rebuild; see scripts/native/ensure.mjs and
// docs/maintenance.md. Works on the project in the current directory.
import { ensureNative } from './native/ensure.mjs';

const runtime = process.argv[2];
if (runtime !== 'node' && runtime !== 'electron') {
  console.error('usage: node scripts/ensure-native.mjs node|electron [--force]');
  process.exit(2);
}
process.exit(await ensureNative({ runtime, force: process.argv.includes('--force') }));
