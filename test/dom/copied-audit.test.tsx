// The audit screen on the team ledger lists what laptops recorded before their copy ("Copied from
// laptops"): each entry with its laptop and original time, read-only, a keyset page at a time,
// another laptop chosen by name, and "Verify this laptop's entries" saying intact or where it
// breaks; in English and Arabic. The log's search and period apply to it too (sent to main as the
// log's are), with "no entry matches" in both languages. Where nothing was copied (a laptop's own ledger) nothing is drawn.
// main is a stub here: the answers' real source is test/ledger/postgres/copied-audit.test.ts.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MethodInput } from '../../contract/methods';
import { stubMain, unchecked } from '../support/stub-main';

const laptops = ['amal-laptop:0c1d2e3f', 'omar-laptop:1a2b3c4d'];
/** 130 entries on amal's laptop, 3 on omar's: seq n at n minutes past 09:00 UTC on 2026-10-01. */
const entry = (seq: number) => ({ seq, at: new Date(Date.UTC(2026, 9, 1, 9, seq)).toISOString(), osUser: 'amal-os', profileId: 'practice', environment: 'practice', action: 'refund', paymentId: null, orderId: `PD-OLD-${seq}`, amountMinor: 1_250, currency: 'SAR', reason: null, result: 'succeeded' });
const totals: Record<string, number> = { [laptops[0]!]: 130, [laptops[1]!]: 3 };
const asked: Array<MethodInput<'listCopiedAudit'>> = [];
let copied = true;

const main = stubMain({
  listAuditLog: () => ({ ok: true, value: unchecked({ total: 0, totalExact: true, chainIntact: true, rows: [] }) }),
  listCopiedAudit: (input) => {
    asked.push(input);
    if (!copied) return { ok: true, value: { laptops: [], laptop: null, total: 0, rows: [] } };
    const laptop = input.laptop ?? laptops[0]!;
    // A search or period (as main's, test/ledger/postgres/copied-audit.test.ts): the entries whose order id holds the text, a keyset page at a time.
    if (input.query !== undefined || input.from !== undefined) {
      const text = (input.query ?? '').toLowerCase();
      const matching = Array.from({ length: totals[laptop]! }, (_, i) => entry(totals[laptop]! - i)).filter((e) => e.orderId.toLowerCase().includes(text) && e.seq < (input.beforeSeq ?? Infinity));
      return { ok: true, value: { laptops, laptop, total: totals[laptop]!, more: matching.length > (input.limit ?? 100), rows: matching.slice(0, input.limit ?? 100) } };
    }
    const top = Math.min(totals[laptop]!, (input.beforeSeq ?? Infinity) - 1);
    const rows = Array.from({ length: Math.max(0, Math.min(input.limit ?? 100, top)) }, (_, i) => entry(top - i));
    return { ok: true, value: { laptops, laptop, total: totals[laptop]!, rows } };
  },
  verifyCopiedAudit: (input) => ({ ok: true, value: input.laptop === laptops[0] ? { intact: true, entries: 130 } : { intact: false, entries: 1, brokenAt: 2 } }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

/**
 * The table's rows, by their role. Read with `hidden: true`: testing-library's visibility check
 * reads jsdom's computed style of every row and its ancestors, 3.8 s for these 101 rows at load 13
 * (0.13 s without), and the test polls it; the table's own visibility is checked once where it is found.
 */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row', { hidden: true });
const copiedTable = (section: ReturnType<typeof within>) => {
  const table = section.getByTestId('copied-audit-table');
  expect(section.getByRole('table', { name: /^Entries copied from / })).toBe(table);
  return table;
};

afterEach(() => {
  cleanup();
  copied = true;
  asked.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
});

it('lists a laptop’s copied entries with their original times, page after page, and verifies them', async () => {
  render(<AuditScreen />);
  const section = within(await screen.findByTestId('copied-audit'));
  expect(section.getByRole('heading', { name: 'Copied from laptops' })).toBeTruthy();
  expect(section.getByTestId('copied-audit-count').textContent).toBe('130 entries from amal-laptop:0c1d2e3f.');
  const table = copiedTable(section);
  const firstRow = () => rowsOf(table)[1]!.textContent;
  const rows = rowsOf(table);
  expect(rows).toHaveLength(101);
  expect(rows[1]!.textContent).toContain('130');
  expect(rows[1]!.textContent).toContain('PD-OLD-130');
  expect(rows[1]!.textContent).toContain('amal-os');
  // The original time, in this computer's zone as the log above shows its own.
  expect(rows[1]!.querySelector('.row-moment')?.textContent).toBeTruthy();
  // Read-only: nothing to press in a row.
  expect(within(table).queryAllByRole('button')).toEqual([]);

  // Older: below the last entry shown (a keyset), then back.
  fireEvent.click(section.getByRole('button', { name: 'Older entries' }));
  await waitFor(() => expect(firstRow()).toContain('PD-OLD-30'));
  expect(asked.at(-1)).toMatchObject({ laptop: undefined, beforeSeq: 31 });
  expect(rowsOf(table)).toHaveLength(31);
  expect((section.getByRole('button', { name: 'Older entries' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(section.getByRole('button', { name: 'Newer entries' }));
  await waitFor(() => expect(firstRow()).toContain('PD-OLD-130'));

  fireEvent.click(section.getByRole('button', { name: 'Verify this laptop’s entries' }));
  await waitFor(() => expect(section.getByTestId('copied-audit-status').textContent).toBe('All 130 entries from amal-laptop:0c1d2e3f are intact, as the laptop wrote them.'));

  // Another laptop, chosen by name: its own newest page, and its own check.
  fireEvent.change(section.getByLabelText('Laptop'), { target: { value: laptops[1] } });
  await waitFor(() => expect(section.getByTestId('copied-audit-count').textContent).toBe('3 entries from omar-laptop:1a2b3c4d.'));
  expect(asked.at(-1)).toMatchObject({ laptop: laptops[1], beforeSeq: undefined });
  expect(section.getByTestId('copied-audit-status').textContent).toBe('');
  fireEvent.click(section.getByRole('button', { name: 'Verify this laptop’s entries' }));
  await waitFor(() => expect(section.getByTestId('copied-audit-status').textContent).toBe('Warning: the entries from omar-laptop:1a2b3c4d were changed or removed after the copy, from entry 2 on.'));
});

it('is in Arabic, its counts in Arabic plural forms with Latin digits', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<AuditScreen />);
  const section = within(await screen.findByTestId('copied-audit'));
  expect(section.getByRole('heading', { name: 'منسوخة من الحواسيب' })).toBeTruthy();
  // The laptop's name is isolated left to right inside the Arabic sentence.
  const count = () => section.getByTestId('copied-audit-count').textContent!.replace(/[\u2066-\u2069]/g, '');
  expect(count()).toBe('130 قيدًا من amal-laptop:0c1d2e3f.');
  fireEvent.change(section.getByLabelText('الحاسوب'), { target: { value: laptops[1] } });
  await waitFor(() => expect(count()).toBe('3 قيود من omar-laptop:1a2b3c4d.'));
});

it('draws nothing where no laptop was copied', async () => {
  copied = false;
  render(<AuditScreen />);
  await screen.findByTestId('audit-table');
  await waitFor(() => expect(asked.length).toBeGreaterThan(0));
  expect(screen.queryByTestId('copied-audit')).toBeNull();
  expect(main).toBeTruthy();
});

it('follows the log’s search and period: the matching entries, Older by whether more match, and none said in English and Arabic', async () => {
  render(<AuditScreen />);
  const section = within(await screen.findByTestId('copied-audit'));
  const table = copiedTable(section);
  const rows = () => rowsOf(table).slice(1).map((r) => r.textContent);
  await waitFor(() => expect(rows()).toHaveLength(100));
  // "PD-OLD-1" is in the order ids of 1 and 10–19 and 100–130: 42 entries, one page.
  fireEvent.change(screen.getByLabelText('Search the log (/)'), { target: { value: 'pd-old-1' } });
  await waitFor(() => expect(rows()).toHaveLength(42));
  expect(asked.at(-1)).toMatchObject({ query: 'pd-old-1', beforeSeq: undefined });
  expect(rows()[0]).toContain('PD-OLD-130');
  expect(section.getByTestId('copied-audit-count').textContent).toBe('130 entries from amal-laptop:0c1d2e3f. The search and period above apply here too: entries from amal-laptop:0c1d2e3f that match, newest first.');
  expect((section.getByRole('button', { name: 'Older entries' }) as HTMLButtonElement).disabled).toBe(true);
  // Words of the screen go as the log's codes too ("Refund": the action refund).
  fireEvent.change(screen.getByLabelText('Search the log (/)'), { target: { value: 'Refund' } });
  await waitFor(() => expect(asked.at(-1)).toMatchObject({ query: 'Refund', actions: expect.arrayContaining(['refund']) }));
  // A period: sent as the log's, and a search that finds nothing says so.
  fireEvent.change(screen.getByLabelText('Search the log (/)'), { target: { value: 'nothing-like-it' } });
  fireEvent.change(screen.getByTestId('audit-from'), { target: { value: '2026-10-01' } });
  await waitFor(() => expect(asked.at(-1)).toMatchObject({ query: 'nothing-like-it', from: expect.stringMatching(/^2026-(09-30|10-01)T/) }));
  await waitFor(() => expect(section.getByTestId('copied-audit-empty').textContent).toBe('No entry from amal-laptop:0c1d2e3f matches the search or period above.'));
  act(() => useLanguage.getState().setLanguage('ar'));
  await waitFor(() => expect(section.getByTestId('copied-audit-empty').textContent!.replace(/[\u2066-\u2069]/g, '')).toBe('لا قيد من amal-laptop:0c1d2e3f يطابق البحث أو الفترة أعلاه.'));
});

it('pages a search by whether more match, below the last entry shown', async () => {
  render(<AuditScreen />);
  const section = within(await screen.findByTestId('copied-audit'));
  fireEvent.change(screen.getByLabelText('Search the log (/)'), { target: { value: 'pd-old' } });
  await waitFor(() => expect(asked.at(-1)).toMatchObject({ query: 'pd-old' }));
  const older = () => section.getByRole('button', { name: 'Older entries' }) as HTMLButtonElement;
  await waitFor(() => expect(older().disabled).toBe(false));
  fireEvent.click(older());
  await waitFor(() => expect(asked.at(-1)).toMatchObject({ query: 'pd-old', beforeSeq: 31 }));
  await waitFor(() => expect(older().disabled).toBe(true));
});
