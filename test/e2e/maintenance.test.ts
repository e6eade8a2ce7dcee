// Backups end to end in Chromium through the preview, against the real composition: choose a
// folder, back up now, see the last good backup, check a restore for the next start, save
// diagnostics; in English and Arabic, with screenshots; axe finds no violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { axeViolations } from './support/axe';

/** Records each moment the keyboard is left on the page's body (a focused button disabled, or removed): every frame, and after each focusout. */
async function watchFocusLoss(page: E2eSession['page']) {
  await page.evaluate(() => {
    const w = window as unknown as { focusLost: string[]; watching?: boolean };
    w.focusLost = [];
    if (w.watching) return;
    w.watching = true;
    // Left on the body once the task that moved it is over (a button removed and the next one
    // focused in the same task is not a loss anyone hears).
    document.addEventListener('focusout', (e) => {
      const from = (e.target as HTMLElement).textContent;
      if (!e.relatedTarget) setTimeout(() => document.activeElement === document.body && w.focusLost.push(`body after ${from}`));
    });
    const frame = () => {
      if (document.activeElement === document.body) w.focusLost.push('body');
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
const focusLost = (page: E2eSession['page']) => page.evaluate(() => [...new Set((window as unknown as { focusLost: string[] }).focusLost)]);

describe('backups, updates and diagnostics through the preview', () => {
  let session: E2eSession;
  let settings: SettingsPage;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'paydesk-e2e-backups-'));
    session = await openSession();
    settings = new SettingsPage(session.page);
    await settings.open(session.preview.url);
    await settings.openSettings();
  });
  afterAll(async () => {
    await session?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('backs up to the chosen folder and checks a restore for the next start', async () => {
    const backups = session.page.getByTestId('backups');
    await backups.getByLabel('Backup folder').fill(folder);
    // By keyboard: the button is disabled while main saves, and the keyboard fell to the page's body
    // (walked by keyboard, 2026-11-30); it comes back to Save.
    const save = backups.getByRole('button', { name: 'Save backup settings' });
    await save.focus();
    await session.page.keyboard.press('Enter');
    await expect.poll(() => session.page.getByTestId('backup-notice').textContent()).toBe('Backup settings saved.');
    await expect.poll(() => save.evaluate((el) => el === document.activeElement)).toBe(true);
    // By keyboard, the keyboard kept on the button while it works (aria-disabled), never dropped to the
    // page's body (walked by keyboard: it was, for about a second, and a screen reader heard nothing).
    const backupNow = session.page.getByTestId('backup-now');
    await watchFocusLoss(session.page);
    await backupNow.focus();
    await session.page.keyboard.press('Enter');
    await expect.poll(() => session.page.getByTestId('backup-notice').textContent()).toMatch(/^Backup written: \u2066paydesk-backup-.+\.sqlite\u2069, 0 payments\.$/);
    expect(await focusLost(session.page)).toEqual([]);
    expect(await backupNow.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => session.page.getByTestId('last-backup').textContent()).toMatch(/^Last good backup: /);
    expect(readdirSync(folder).filter((n) => n.endsWith('.sqlite'))).toHaveLength(1);

    await backups.getByTestId('backup-list').getByRole('button', { name: 'Restore' }).click();
    // "Check and restore" goes with its box: the keyboard goes to the backup's Restore ("Checking the
    // backup…") while main checks, then to the waiting restore, never to the page's body.
    await watchFocusLoss(session.page);
    await backups.getByRole('button', { name: 'Check and restore' }).focus();
    await session.page.keyboard.press('Enter');
    await session.page.getByTestId('pending-restore').waitFor();
    await expect.poll(() => session.page.getByTestId('pending-restore').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await focusLost(session.page)).toEqual([]);
    expect(await session.page.getByTestId('pending-restore').textContent()).toContain('Stop and start Paydesk to finish the restore.');
    expect(existsSync(join(session.preview.dataDir, 'restore-pending.json'))).toBe(true);
    await session.page.getByTestId('backups').scrollIntoViewIfNeeded();
    await session.screenshot('settings-backups-en');
    expect(await axeViolations(session.page)).toEqual([]);

    // A backup's file name stays whole at 800 px: it is what the folder shows, and it broke at a
    // hyphen there when it shared a line with the date and Restore (walk8, 2026-11-30).
    const size = session.page.viewportSize()!;
    await session.page.setViewportSize({ width: 800, height: 600 });
    const lines = await backups.locator('.backup-name').first().evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    await session.page.setViewportSize(size);
    expect(lines).toBe(1);
  });

  it('saves diagnostics and speaks Arabic', async () => {
    await session.page.getByTestId('save-diagnostics').click();
    await expect.poll(() => session.page.getByTestId('diagnostics-notice').textContent()).toMatch(/^Saved to .*paydesk-diagnostics-/);
    expect(await session.page.getByTestId('update-state').textContent()).toContain('cannot update itself');

    await settings.chooseLanguage('ar');
    await session.page.getByRole('heading', { name: 'النسخ الاحتياطية', exact: true }).waitFor();
    // The file's path, one unit left to right (it broke at a dash and read "-52" at a line's start).
    const path = session.page.getByTestId('diagnostics-notice').locator('.quoted-words');
    expect(await path.textContent()).toMatch(/^\u2068\/.*paydesk-diagnostics-.*\.json\u2069\.$/);
    expect(await session.page.getByTestId('backup-now').textContent()).toBe('انسخ احتياطيًا الآن');
    await session.screenshot('settings-backups-ar');
  });

  // Walked as a new owner: in Arabic at 800 px the kept ledger's folder broke at its hyphen and read "-before".
  it('names the folder that keeps the ledger whole, on one line, in the Arabic restore confirmation at 800 px', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 800, height: 800 });
    await page.getByTestId('pending-restore').getByRole('button', { name: 'إلغاء الاستعادة' }).click();
    await page.getByTestId('pending-restore').waitFor({ state: 'detached' });
    await page.getByTestId('backup-list').getByRole('button', { name: 'استعادة' }).click();
    const asked = page.getByTestId('backup-list').getByRole('alertdialog');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('إلغاء'); // the safe choice
    const folderName = asked.locator('code');
    expect(await folderName.textContent()).toBe('\u2066before-restore\u2069');
    // Never broken (where it falls depends on the date before it): on one line, its parts at one height.
    expect(await folderName.evaluate((el) => ({ breaks: getComputedStyle(el).textWrapMode, lines: new Set([...el.getClientRects()].map((r) => Math.round(r.bottom))).size }))).toEqual({ breaks: 'nowrap', lines: 1 });
    await asked.scrollIntoViewIfNeeded();
    await session.screenshot('settings-restore-confirm-ar-800');
  });
});
