// The keyboard shortcuts help in Chromium through the preview: `?` on an Arabic keyboard layout
// (Shift with the / key types "؟" there) opens it from the transactions list, Escape closes it and
// the keyboard is back on the list; a ? or ؟ typed in a field stays in the field; the button at the
// navigation's end opens it for a mouse user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { focused } from './support/keyboard';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Salma Harbi', email: 'salma@example.com', phone: '+966500000031' };

describe('the keyboard shortcuts help', () => {
  let session: E2eSession;
  let tx: TransactionsPage;
  let cdp: CDPSession;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId: 'HELP-1', amount: '25.00', currency: 'SAR', holder: 'SALMA HARBI', customer });
    await tx.chooseLanguage('ar');
    await tx.show();
    cdp = await session.context.newCDPSession(session.page);
  });
  afterAll(() => session?.close());

  const help = () => session.page.getByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });

  /** Shift with the / key on an Arabic (101) layout, as Chromium gets it from the OS: "؟", typed where a field has the keyboard. */
  const arabicQuestionMark = async () => {
    const key = { key: '؟', code: 'Slash', windowsVirtualKeyCode: 191, modifiers: 8 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '؟', ...key });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  };

  it('opens with ? on an Arabic layout from the list, and Escape gives the keyboard back to the list', async () => {
    await session.page.getByRole('searchbox').focus();
    await session.page.keyboard.press('ArrowDown'); // the search's way to the results
    expect(await focused(session.page)).toBe('tx-list');
    await arabicQuestionMark();
    await help().waitFor();
    expect(await help().getByRole('heading', { level: 3 }).allTextContents()).toEqual(['في أي مكان', 'قائمة المعاملات', 'تفاصيل الدفعة', 'النماذج']);
    expect(await session.page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement))).toBe(true);
    await session.screenshot('shortcuts-help-ar');
    await session.page.keyboard.press('Escape');
    await help().waitFor({ state: 'detached' });
    expect(await focused(session.page)).toBe('tx-list');
  });

  it('leaves a ? or ؟ typed in a field in the field', async () => {
    const search = session.page.getByRole('searchbox');
    await search.focus();
    await arabicQuestionMark();
    await session.page.keyboard.type('?');
    expect(await search.inputValue()).toBe('؟?');
    expect(await help().count()).toBe(0);
    await search.fill('');
  });

  it('opens from the button at the navigation\'s end, and Escape puts the keyboard back on it', async () => {
    const button = session.page.getByRole('button', { name: 'اختصارات لوحة المفاتيح (؟)' });
    await button.click();
    await help().waitFor();
    await session.page.keyboard.press('Escape');
    await help().waitFor({ state: 'detached' });
    expect(await focused(session.page)).toBe('shortcuts-open');
  });

  it('logs no errors in the browser console', () => {
    expect(session.consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'))).toEqual([]);
  });
});
