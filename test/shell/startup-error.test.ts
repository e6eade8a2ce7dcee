// The error box when Paydesk cannot start, before any window exists: worded in the language the
// user chose last time, else the OS's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, dialog, resetFakeElectron } from './fake-electron';
import { showStartupError } from '../../main/electron/startup-error';
import { openLedgerDb, ledgerFileName } from '../../main/ledger/database';
import { createUiLanguage } from '../../main/core/ui-language';

let dataDir: string;
beforeEach(() => {
  resetFakeElectron();
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-start-'));
  app.userData = dataDir;
});
afterEach(() => {
  chmodSync(dataDir, 0o700);
  rmSync(dataDir, { recursive: true, force: true });
});

/** What openLedgerDb throws for a file that is not a ledger. */
function damagedLedgerError(): unknown {
  writeFileSync(join(dataDir, ledgerFileName), 'not a database, just text that is long enough to be read as a header');
  try {
    openLedgerDb(dataDir);
  } catch (error) {
    return error;
  }
  throw new Error('expected the ledger to be refused');
}

describe('the start-up error box', () => {
  it('is in English by default, with the reason in words', () => {
    showStartupError(damagedLedgerError());
    expect(dialog.errors).toHaveLength(1);
    expect(dialog.errors[0]!.title).toBe('Paydesk could not start');
    expect(dialog.errors[0]!.content).toMatch(/ledger/i);
  });

  it('is in Arabic when the user chose Arabic in the window last time', () => {
    createUiLanguage(dataDir).set('ar');
    showStartupError(damagedLedgerError());
    expect(dialog.errors[0]!.title).toBe('تعذّر تشغيل Paydesk');
    expect(dialog.errors[0]!.content).toMatch(/[\u0600-\u06ff]/);
    expect(dialog.errors[0]!.content).not.toMatch(/could not|ledger/i);
  });

  it("is in Arabic when the user never chose and the OS's first language is Arabic", () => {
    app.preferredLanguages = ['ar-EG'];
    showStartupError(new Error('EACCES: permission denied'));
    // An unexpected error keeps its own text after the worded title.
    expect(dialog.errors).toEqual([{ title: 'تعذّر تشغيل Paydesk', content: 'EACCES: permission denied' }]);
  });

  it("follows the user's choice over the OS's", () => {
    app.preferredLanguages = ['ar-EG'];
    createUiLanguage(dataDir).set('en');
    showStartupError(new Error('boom'));
    expect(dialog.errors[0]!.title).toBe('Paydesk could not start');
  });
});
