// An auditor's October refunds (the fifteenth screen walk, docs/screens-walks.md): a search within
// chosen dates exports only the entries of those dates, and the button and the saved line say so in
// both languages. Before, both said only "matching “refund”", and "clear the search" for the whole
// log left the dates on, still a part of it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const exportsAsked: Array<Record<string, unknown>> = [];
const main = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: 'practice' }) }),
  listAuditLog: () => ({ ok: true, value: { total: 0, totalExact: true, chainIntact: true, chain: { intact: true, checkedThrough: 0, last: 0 }, rows: [] } }),
  exportToFile: (input) => {
    exportsAsked.push(input);
    main.tell({ type: 'export.progress', exportId: input.kind, rows: 115, total: 115, done: true });
    return { ok: true, value: { exportId: input.kind, fileName: 'audit.csv', path: '/home/huda/audit.csv' } };
  },
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
const speak = (language: 'en' | 'ar') => act(() => useLanguage.getState().setLanguage(language));
const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeAll(() => useSession.setState({ info: appInfo(null), profile: practiceProfile() }));
afterEach(() => {
  cleanup();
  speak('en');
});

describe('the audit log’s export, whole or of a search within dates', () => {
  // First: the screen's search and dates are kept for the session (the next test sets both).
  it('says the whole log\'s file in entries, as the searches\' lines do (it said "rows")', async () => {
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(text('audit-message')).toBe('Saved 115 entries to \u2066/home/huda/audit.csv\u2069.'));
    expect(exportsAsked.at(-1)).toMatchObject({ kind: 'audit' });
    expect(exportsAsked.at(-1)!.search).toBeUndefined();
    speak('ar');
    expect(text('audit-message')).toBe('حُفظ 115 قيدًا في \u2066/home/huda/audit.csv\u2069.');
  });

  it('names the dates on its button and in the saved line, and says to clear both for the whole log', async () => {
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText('Search the log (/)'), { target: { value: 'refund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }));
    expect(text('audit-export')).toBe('Export entries of these dates matching “refund”');
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(text('audit-message')).toBe('Saved 115 entries of these dates matching “refund” to \u2066/home/huda/audit.csv\u2069. A part of the log: its chain can be checked only in an export of the whole log (clear the search and the dates).'));
    // The file is what the words say: the search and the dates both went to main.
    expect(exportsAsked.at(-1)).toMatchObject({ kind: 'audit', search: { query: 'refund', from: expect.any(String), to: expect.any(String) } });
    speak('ar');
    expect(text('audit-export')).toBe('صدّر قيود هذه التواريخ المطابقة لـ «refund»');
    expect(text('audit-message')).toBe('حُفظ 115 قيدًا من هذه التواريخ مطابقًا لـ «refund» في \u2066/home/huda/audit.csv\u2069. هذا جزء من السجل: لا تُفحص سلسلته إلا في تصدير السجل كاملًا (امسح البحث والتواريخ).');
  });

});
