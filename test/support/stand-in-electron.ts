// A stand-in Electron distribution for packaging without downloading Electron: what
// electron-builder copies (`-c.electronDist=…`) and where @electron/fuses flips the fuses.
// The executable is a shell script carrying Electron's fuse wire: the sentinel @electron/fuses
// looks for, the wire version (1), its length, then one byte per fuse with Electron's defaults.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const fuseSentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// RunAsNode, CookieEncryption, NodeOptions, CliInspect, AsarIntegrity, OnlyLoadFromAsar, V8Snapshot, FileProtocolPrivileges
const defaultWire = '10110001';

export function makeStandInElectron(dir: string, version: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const executable = join(dir, 'electron');
  writeFileSync(executable, Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in for Electron"\nexit 0\n'),
    Buffer.from(fuseSentinel), Buffer.from([1, defaultWire.length]), Buffer.from(defaultWire),
  ]));
  chmodSync(executable, 0o755);
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'LICENSE'), 'stand-in\n');
  writeFileSync(join(dir, 'LICENSES.chromium.html'), 'stand-in\n');
  return dir;
}
