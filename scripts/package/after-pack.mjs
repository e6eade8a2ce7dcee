// electron-builder's afterPack hook: refuses a package that lacks a production dependency
// (production-dependencies.mjs), or whose native modules were not built for the Electron it ships. A V8 addon names its module version in the file (see
// scripts/native/module-version.mjs); Node-API addons (keytar) have none and need no check.
// The package check (test/shell/package.test.ts) packages the Node build with a stand-in
// Electron and sets PAYDESK_PACKAGE_STAND_IN=1, which skips the native check only; nothing else may.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { electronModuleVersion, moduleVersionOf } from '../native/module-version.mjs';
import { checkProductionDependencies } from './production-dependencies.mjs';

function nodeFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...nodeFiles(path));
    else if (entry.name.endsWith('.node')) found.push(path);
  }
  return found;
}

export async function checkNativeModules(appOutDir, electronVersion) {
  const wanted = electronModuleVersion(electronVersion);
  const wrong = nodeFiles(appOutDir)
    .map((file) => ({ file, version: moduleVersionOf(file) }))
    .filter((m) => m.version !== undefined && m.version !== wanted);
  if (wrong.length > 0) {
    const list = wrong.map((m) => `${m.file} (module version ${m.version})`).join(', ');
    throw new Error(`Refusing to package: ${list} not built for Electron ${electronVersion} (module version ${wanted}). Run \`node scripts/ensure-native.mjs electron\` on a machine that can fetch Electron's headers.`);
  }
}

export default async function afterPack(context) {
  const projectDir = context.packager.projectDir;
  const count = checkProductionDependencies(projectDir, context.packager.getResourcesDir(context.appOutDir));
  console.log(`  • afterPack: all ${count} production dependencies are in the package`);
  if (process.env.PAYDESK_PACKAGE_STAND_IN === '1') return;
  const electronVersion = JSON.parse(readFileSync(join(projectDir, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  await checkNativeModules(context.appOutDir, electronVersion);
}
