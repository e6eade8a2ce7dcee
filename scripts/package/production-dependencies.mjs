// The production dependencies a package must carry, and the ones a packed app lacks.
// electron-builder takes its file list from `npm list`, and when npm's tree is wrong (a linked
// node_modules: every package's dependencies reported missing) it packages what it has with a
// warning only, and the app cannot start. So the afterPack hook compares the packed app with
// node_modules itself: package.json's `dependencies`, and theirs (plus installed optional ones),
// resolved as Node resolves them (the nearest node_modules up the tree).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';

const manifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** Where Node finds `name` when required from the package at `from` (project-relative, '' for the app):
 * its own node_modules, then each enclosing package's, then the project's. */
function resolveFrom(projectDir, from, name) {
  const packages = from === '' ? [] : from.split('/node_modules/');
  for (let i = packages.length; i >= 0; i -= 1) {
    const candidate = i === 0 ? `node_modules/${name}` : `${packages.slice(0, i).join('/node_modules/')}/node_modules/${name}`;
    if (existsSync(join(projectDir, candidate, 'package.json'))) return candidate;
  }
  return undefined;
}

/** Project-relative folders (`node_modules/a/node_modules/b`) of every production dependency, sorted. */
export function productionDependencies(projectDir) {
  const found = new Set();
  const unresolved = [];
  const visit = (from, pkg) => {
    const wanted = [...Object.keys(pkg.dependencies ?? {}).map((name) => ({ name, optional: false })), ...Object.keys(pkg.optionalDependencies ?? {}).map((name) => ({ name, optional: true }))];
    for (const { name, optional } of wanted) {
      const at = resolveFrom(projectDir, from, name);
      if (at === undefined) {
        if (!optional) unresolved.push(`${name} (needed by ${pkg.name ?? 'the app'})`);
        continue;
      }
      if (found.has(at)) continue;
      found.add(at);
      visit(at, manifest(join(projectDir, at)));
    }
  };
  visit('', manifest(projectDir));
  if (unresolved.length > 0) throw new Error(`Refusing to package: production dependencies not installed in node_modules: ${unresolved.join(', ')}. Run \`npm ci\`.`);
  return [...found].sort();
}

/** Reads a package's version from the packed app: app.asar (its unpacked part included) or, asar off, resources/app. */
function packedVersions(resourcesDir) {
  const asar = join(resourcesDir, 'app.asar');
  if (existsSync(asar)) {
    const entries = new Set(listPackage(asar, { isPack: false }).map((entry) => entry.replace(/\\/g, '/').replace(/^\//, '')));
    return (folder) => (entries.has(`${folder}/package.json`) ? JSON.parse(extractFile(asar, `${folder}/package.json`).toString('utf8')).version : undefined);
  }
  return (folder) => (existsSync(join(resourcesDir, 'app', folder, 'package.json')) ? manifest(join(resourcesDir, 'app', folder)).version : undefined);
}

/** Where a package may sit in the packed app and still be found by its requirer: its own place, or
 * hoisted to any enclosing node_modules (electron-builder's own walk of node_modules hoists them). */
function placesFor(folder) {
  const packages = folder.replace(/^node_modules\//, '').split('/node_modules/');
  const places = [];
  for (let i = packages.length - 1; i >= 0; i -= 1) places.push(`node_modules/${[...packages.slice(0, i), packages.at(-1)].join('/node_modules/')}`);
  return places;
}

/** Throws, naming them, when production dependencies found in node_modules are not in the packed app. */
export function checkProductionDependencies(projectDir, resourcesDir) {
  const needed = productionDependencies(projectDir);
  const versionIn = packedVersions(resourcesDir);
  const missing = needed.filter((folder) => {
    const version = manifest(join(projectDir, folder)).version;
    return !placesFor(folder).some((place) => versionIn(place) === version);
  });
  if (missing.length > 0) {
    const names = missing.map((folder) => `${folder.replace(/^node_modules\//, '')}@${manifest(join(projectDir, folder)).version}`);
    throw new Error(`Refusing to package: ${missing.length} of ${needed.length} production dependencies are not in the package: ${names.join(', ')}. electron-builder took them from npm's tree, which is wrong when node_modules is a link to another checkout's (see docs/maintenance.md, "The package, checked here"); package from a clone with its own node_modules.`);
  }
  return needed.length;
}
