// A busy year's export (walk17: 229,149 payments in 7 s, 1,150,091 audit entries in 11 s) said only
// "Exporting" beside a filling bar: how many, and how far, nowhere. Now the count under way is
// beside the bar, with its thousands, on Transactions and the audit log, in English and Arabic, and
// nothing before main has said how many. main is a stub; the test sends its progress events.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Language } from '../../renderer/src/i18n';
import { stubMain, unchecked } from '../support/stub-main';

const main = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: 'practice' }) }),
  listAuditLog: () => ({ ok: true, value: { total: 0, totalExact: true, chainIntact: true, chain: { intact: true, checkedThrough: 0, last: 0 }, rows: [] } }),
  searchPayments: () => ({ ok: true, value: { total: 229_149, totalExact: true, rows: [] } }),
  exportToFile: (input) => ({ ok: true, value: { exportId: input.kind, fileName: `${input.kind}.csv`, path: `/home/finance/${input.kind}.csv` } }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each([
  ['en', '85,000 of 229,149 rows', '500,000 of 1,150,091 entries'],
  ['ar', '85,000 من 229,149 صفًا', '500,000 من 1,150,091 قيدًا'],
] as Array<[Language, string, string]>)('in %s', (language, rows, entries) => {
  it('says how many rows of how many the payments file has, beside its bar', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(await screen.findByTestId('export-csv'));
    await screen.findByTestId('export-progress');
    expect(screen.queryByTestId('export-progress-count')).toBeNull();
    act(() => main.tell({ type: 'export.progress', exportId: 'payments', rows: 85_000, total: 229_149, done: false }));
    await waitFor(() => expect(screen.getByTestId('export-progress-count').textContent).toBe(rows));
    act(() => main.tell({ type: 'export.progress', exportId: 'payments', rows: 229_149, total: 229_149, done: true }));
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    await main.settled();
  });

  it('says how many entries of how many the audit file has, beside its bar', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(await screen.findByTestId('audit-export'));
    await screen.findByTestId('audit-export-progress');
    act(() => main.tell({ type: 'export.progress', exportId: 'audit', rows: 500_000, total: 1_150_091, done: false }));
    await waitFor(() => expect(screen.getByTestId('audit-export-progress-count').textContent).toBe(entries));
    act(() => main.tell({ type: 'export.progress', exportId: 'audit', rows: 1_150_091, total: 1_150_091, done: true }));
    await waitFor(() => expect(screen.queryByTestId('audit-export-progress')).toBeNull());
    await main.settled();
  });
});
