// No keychain (no session bus): storing a key fails with a clear explanation and a fix for
// this OS, nothing is written anywhere, and the practice profile keeps working.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wordReason } from '../../renderer/src/i18n';
import { keychainUnavailable } from '../../main/vault/keychain-help';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.runIf(process.platform === 'linux')('without a keychain', () => {
  it('refuses to store a key, explains how to fix it, writes it nowhere, and practice still works', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-nokeychain-'));
    const emptyRuntime = mkdtempSync(join(tmpdir(), 'paydesk-noruntime-'));
    const key = 'sk_live_NoKeychain_Marker_6b1e2d';
    const { DBUS_SESSION_BUS_ADDRESS: _bus, DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...env } = process.env;
    const child = spawnSync(process.execPath, ['scripts/run-ts.mjs', 'test/vault/support/no-keychain-child.ts', dataDir, key], {
      env: { ...env, XDG_RUNTIME_DIR: emptyRuntime },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const answers = JSON.parse(child.stdout);

    expect(answers.status.value.available).toBe(false);
    expect(answers.setKey.ok).toBe(false);
    expect(answers.setKey.error.code).toBe('keychain_unavailable');
    for (const words of ['Secret Service', 'GNOME Keyring', 'KWallet', 'unlocked', 'D-Bus', 'never in a file']) {
      expect(answers.setKey.error.message).toContain(words);
    }
    // Worded by the renderer in the user's language: the OS's fix is a value of the reason, not English text.
    expect(answers.setKey.error.reason).toMatchObject({ key: 'keychain.unavailable', values: { os: 'linux' } });
    expect(answers.status.value.reason).toMatchObject({ key: 'keychain.unavailable', values: { os: 'linux' } });
    expect(answers.list.value.profiles[1].key).toEqual({ configured: false, lastFour: null });
    expect(answers.practiceCheck).toMatchObject({ ok: true, value: { outcome: 'accepted' } });
    expect(answers.removeProfile.ok).toBe(true); // no key was stored, so nothing is left behind

    expect(child.stdout + child.stderr).not.toContain(key);
    const written = filesUnder(dataDir);
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) expect(readFileSync(file, 'latin1'), file).not.toContain(key);
    expect(readdirSync(emptyRuntime)).toEqual([]);
  });
});

describe('the keychain explanation', () => {
  it('is worded for each operating system in both languages, with what the keychain said', () => {
    const windows = keychainUnavailable('win32', 'access denied');
    expect(windows.message).toContain('(The keychain said: access denied.)');
    expect(windows.message).toContain('Credential Manager');
    expect(wordReason('ar', windows.extra.reason!)).toContain('مدير بيانات الاعتماد');
    expect(wordReason('ar', windows.extra.reason!)).toContain('access denied');
    expect(keychainUnavailable('darwin').message).toContain('Always Allow');
    expect(keychainUnavailable('darwin').message).not.toContain('keychain said');
    expect(keychainUnavailable('aix').message).toContain('credential store is installed');
  });
});
