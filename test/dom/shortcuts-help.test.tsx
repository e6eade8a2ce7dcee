// The keyboard shortcuts help: `?` (Shift with the / key, "؟" on an Arabic layout) outside a field,
// or the button at the navigation's end, opens a dialog listing every shortcut, grouped, in English
// and Arabic; Escape gives the keyboard back. The shortcuts were found only in tooltips a keyboard
// user never sees. Its list is the table the handlers read; no element names its keys another way.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain } from '../support/stub-main';

const main = stubMain({
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
});
const { Navigation } = await import('../../renderer/src/app/navigation');
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useLanguage } = await import('../../renderer/src/i18n');
const { shortcuts } = await import('../../renderer/src/ui/shortcuts');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

/** Shift with the / key on an Arabic (101) layout: it types "؟". */
const arabicQuestionMark = (target: Window | Element = window) => fireEvent.keyDown(target, { key: '؟', code: 'Slash', shiftKey: true });
const help = () => screen.queryByRole('dialog', { name: /Keyboard shortcuts|اختصارات لوحة المفاتيح/ });
/** The dialog once its code has come (fetched when first opened). */
const opened = () => screen.findByRole('dialog', { name: /Keyboard shortcuts|اختصارات لوحة المفاتيح/ });
const row = (keys: string) => help()!.querySelector<HTMLElement>(`[data-keys="${keys}"]`)!;

describe('the keyboard shortcuts help', () => {
  it('opens with ? on an Arabic layout, lists the shortcuts by group as pressed, and Escape gives the keyboard back', async () => {
    render(<><button type="button">Somewhere</button><Navigation /></>);
    const before = screen.getByRole('button', { name: 'Somewhere' });
    before.focus();
    arabicQuestionMark();
    const dialog = await opened();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Anywhere', 'Transactions list', 'Payment detail', 'Forms']);
    expect(row('Alt+5').textContent).toBe('Alt+5Open Transactions');
    expect(row('Shift+?').textContent).toBe('Shift+/Show this list of shortcuts');
    expect(row('ArrowDown J').textContent).toBe('↓ or JNext payment');
    expect(row('R').textContent).toBe('RRefund');
    expect(row('Control+Enter').textContent).toBe('Ctrl+EnterSend the form');
    fireEvent.keyDown(window, { key: 'Escape', code: 'Escape' });
    expect(help()).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('says it all in Arabic, the keys as printed on the keyboard, left to right', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<Navigation />);
    fireEvent.click(screen.getByRole('button', { name: 'اختصارات لوحة المفاتيح (؟)' }));
    const dialog = await opened();
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['في أي مكان', 'قائمة المعاملات', 'تفاصيل الدفعة', 'النماذج']);
    expect(row('Alt+1').textContent).toBe('Alt+1افتح الرئيسية');
    expect(row('ArrowDown J').textContent).toBe('↓ أو Jالدفعة التالية');
    expect([...row('ArrowDown J').querySelectorAll('bdi')].map((run) => `${run.getAttribute('dir')} ${run.textContent}`)).toEqual(['ltr ↓', 'ltr J']);
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeTruthy();
  });

  it('does not open for a ? typed in a field', async () => {
    render(<><input aria-label="Note" /><Navigation /></>);
    // Opened and closed once first, so its code is here and a wrong opening would show at once.
    fireEvent.click(screen.getByTestId('shortcuts-open'));
    await opened();
    fireEvent.keyDown(window, { key: 'Escape', code: 'Escape' });
    expect(help()).toBeNull();
    const field = screen.getByRole('textbox', { name: 'Note' });
    field.focus();
    arabicQuestionMark(field);
    fireEvent.keyDown(field, { key: '?', code: 'Slash', shiftKey: true });
    expect(help()).toBeNull();
  });

  it('takes ? on an Arabic layout for the help, not for the search (/ is the same key without Shift)', async () => {
    render(<FilterBar />);
    arabicQuestionMark();
    expect(document.activeElement).not.toBe(screen.getByRole('searchbox'));
    fireEvent.keyDown(window, { key: 'ظ', code: 'Slash' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    await main.settled();
  });

  it('lists every shortcut of the table and every screen\'s, and no element names its keys but from them', async () => {
    render(<Navigation />);
    fireEvent.click(screen.getByTestId('shortcuts-open'));
    const listed = [...(await opened()).querySelectorAll('[data-keys]')].map((el) => el.getAttribute('data-keys'));
    for (const shortcut of Object.values(shortcuts)) expect(listed).toContain(shortcut.keys);
    for (const digit of '123456789') expect(listed).toContain(`Alt+${digit}`);
    // An aria-keyshortcuts written out by hand would not be in the help, nor follow the handlers.
    const root = join(import.meta.dirname, '../../renderer/src');
    const handWritten = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/aria-keyshortcuts=(?!\{(?:shortcutKeys|screenKeys)\()[^\s>]*/g)].map((m) => `${file}: ${m[0]}`));
    expect(handWritten).toEqual([]);
  });
});
