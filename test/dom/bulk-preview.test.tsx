// The bulk links' check before sending, as a person reads it: the counts worded for one row and
// for many (English and Arabic plurals), and "(generated)" for an empty order reference written as
// words of the user's language, not inside the left-to-right, monospaced order id (in Arabic its
// brackets turned round: "( يُنشأ ) ( تلقائيًا"). main is a stub answering with a checked file.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { BulkPreviewRow } from '../../contract/methods/bulk';
import { stubMain } from '../support/stub-main';

const row = (line: number, orderId: string, errors: BulkPreviewRow['errors'] = {}): BulkPreviewRow => ({
  line, orderId, amount: '125.50', currency: 'SAR', description: 'Invoice', customerName: 'Sara Ahmed', customerEmail: 'sara@example.com',
  customerPhone: '+966501234567', issueDate: '', expireDate: '', vatRate: '', vatReason: '', errors,
});
const bad = { customerEmail: { key: 'input.email' } } as BulkPreviewRow['errors'];
let rows = [row(2, ''), row(3, 'INV-7', bad), row(4, '', bad), row(5, '', bad)];
stubMain({
  listBulkBatches: () => ({ ok: true, value: [] }),
  bulkPreview: () => ({ ok: true, value: { rows, valid: rows.filter((r) => !Object.keys(r.errors).length).length, invalid: rows.filter((r) => Object.keys(r.errors).length).length, fileError: null, encoding: 'utf-8', delimiter: ',', choices: [] } }),
});
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
const { formatAmount } = await import('../../renderer/src/i18n/format');
const { wordProblems } = await import('../../renderer/src/features/get-paid/bulk-file');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

async function preview(label: string) {
  render(<BulkScreen />);
  // jsdom's File has no arrayBuffer(); the screen reads the file with it (main gets its bytes).
  const file = Object.assign(new File(['orderId,amount\n'], 'march.csv', { type: 'text/csv' }), { arrayBuffer: async () => new TextEncoder().encode('orderId,amount\n').buffer });
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
  return screen.findByTestId('bulk-summary');
}
const orderCells = () => screen.getAllByTestId('bulk-preview-row').map((r) => r.querySelectorAll('td')[1]!);

it('counts one row as one row, in English and Arabic', async () => {
  expect((await preview('CSV file')).textContent).toBe('1 row can be sent; 3 have problems and will not be sent.');
  cleanup();
  act(() => useLanguage.getState().setLanguage('ar'));
  expect((await preview('ملف CSV')).textContent).toBe('يمكن إرسال صف واحد؛ و3 صفوف فيها مشكلات ولن تُرسل.');
  rows = [row(2, ''), row(3, '')];
  cleanup();
  expect((await preview('ملف CSV')).textContent).toBe('يمكن إرسال صفَّين؛ ولا مشكلات في أي صف.');
});

it('writes "(generated)" as words of the user’s language, outside the left-to-right order id', async () => {
  rows = [row(2, ''), row(3, 'INV-7')];
  act(() => useLanguage.getState().setLanguage('ar'));
  await preview('ملف CSV');
  const [generated, typed] = orderCells();
  expect(generated!.textContent).toBe('(يُنشأ تلقائيًا)');
  expect(generated!.querySelector('[dir="ltr"], .mono')).toBeNull();
  expect(typed!.querySelector('[dir="ltr"]')!.textContent).toBe('INV-7');
});

it('names each problem\'s column in the reader\'s language, the file\'s own header beside it, and words amounts as the app does', async () => {
  rows = [row(2, 'INV-1'), row(3, 'INV-2', { ...bad, amount: { key: 'amount.tooManyDecimals', values: { currency: 'SAR', decimals: 2 } } }), row(4, 'INV-3', { orderId: { key: 'bulk.orderIdInLedger' } })];
  rows[1]!.amount = '12.345';
  act(() => useLanguage.getState().setLanguage('ar'));
  await preview('ملف CSV');
  const [good, twoProblems, orderTaken] = screen.getAllByTestId('bulk-preview-row');
  const problems = [...twoProblems!.querySelectorAll('.gp-problems li')].map((li) => li.textContent);
  expect(problems).toEqual(['البريد الإلكتروني للعميل (customerEmail): أدخل بريدًا إلكترونيًا مثل name@example.com.', 'المبلغ (amount): تسمح عملة SAR بخانتين عشريتين على الأكثر.']);
  // The header is the file's word: kept left to right, as written.
  expect(twoProblems!.querySelector('.gp-problems li [dir="ltr"]')!.textContent).toBe('customerEmail');
  expect(orderTaken!.querySelector('.gp-problems li')!.textContent).toMatch(/^مرجع الطلب أو الفاتورة \(orderId\): /);
  // A row that can be sent: its amount as every Arabic screen words it; one that cannot: as typed in the file.
  expect(good!.querySelectorAll('td')[2]!.textContent).toBe(formatAmount(12550, 'SAR', 'ar'));
  expect(good!.querySelectorAll('td')[2]!.textContent).toBe('\u200f125.50\u00a0SAR'); // the money format's marks and no-break space, not the file's text
  expect(twoProblems!.querySelectorAll('td')[2]!.textContent).toBe('12.345 SAR');
});

it('words a stored batch\'s problems, and its error report, with the column\'s name too', () => {
  const problems = [{ column: 'customer.phone', reason: { key: 'input.phone' } }, { column: null, reason: { key: 'bulk.sendFailed' } }] as Parameters<typeof wordProblems>[1];
  expect(wordProblems('en', problems)).toMatch(/^Customer phone \(customerPhone\): .+\. \S/);
  expect(wordProblems('ar', problems)).toMatch(/^هاتف العميل \(customerPhone\): /);
  expect(wordProblems('ar', problems, true)).toMatch(/^هاتف العميل \(\u2066customerPhone\u2069\): /);
});

it('draws a hyphenated name whole (non-breaking hyphens) and cut at its own end (dir="auto"), the title and what is sent as in the file', async () => {
  // "Al-Qahtani" broke at its hyphen in the narrow check at 600 px, as in the links list before it
  // (clamped-name.tsx); a Latin name cut on an Arabic page took its "…" at its left.
  const names = ['Fahad Al-Qahtani', 'فهد آل-قحطان', 'Omar - Branch 2'];
  rows = names.map((name, i) => ({ ...row(2 + i, `INV-${i}`), customerName: name }));
  for (const [language, label] of [['ar', 'ملف CSV'], ['en', 'CSV file']] as const) {
    act(() => useLanguage.getState().setLanguage(language));
    await preview(label);
    const shown = screen.getAllByTestId('bulk-preview-row').map((r) => r.querySelector<HTMLElement>('.customer-name')!);
    expect(shown.map((name) => name.textContent)).toEqual(['Fahad Al\u2011Qahtani', 'فهد آل\u2011قحطان', 'Omar - Branch 2']);
    expect(shown.map((name) => name.title)).toEqual(names);
    // Its own direction is found in its own text: a <bdi> inside would hide it from dir="auto".
    expect(shown.map((name) => [name.getAttribute('dir'), name.querySelector('bdi, [dir]')])).toEqual(names.map(() => ['auto', null]));
    cleanup();
  }
  // What Create sends is the file's rows as main checked them, not the drawing.
  expect(rows.map((r) => r.customerName)).toEqual(names);
});

// A long file's refused lines, named above the table: each press brings its row to the keyboard
// (it took scrolling the table to find lines 19 and 33 among 40).
it('names the refused lines above a long table, each a press that gives its row the keyboard', async () => {
  const forty = (badLines: number[]) => Array.from({ length: 40 }, (_, i) => row(i + 2, `INV-${i + 2}`, badLines.includes(i + 2) ? bad : {}));
  const lineOf = (element: Element | null) => element?.closest('tr')?.querySelector('td')?.textContent;
  rows = forty([19, 33]);
  await preview('CSV file');
  const list = screen.getByTestId('bulk-fix-lines');
  expect(list.textContent).toBe('2 lines need fixing: Line 19 Line 33 ');
  // Above the table, not among its rows.
  expect(list.compareDocumentPosition(screen.getAllByTestId('bulk-preview-row')[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Line 33' }));
  expect(document.activeElement?.tagName).toBe('TR');
  expect(lineOf(document.activeElement)).toBe('33');
  fireEvent.click(screen.getByRole('button', { name: 'Line 19' }));
  expect(lineOf(document.activeElement)).toBe('19');

  // Never more than three named: the rest one press away, from the first of them.
  cleanup();
  rows = forty([5, 9, 19, 25, 33, 34, 41]);
  await preview('CSV file');
  expect(screen.getAllByTestId('bulk-fix-line').map((b) => b.textContent)).toEqual(['Line 5', 'Line 9', 'Line 19']);
  const more = screen.getByRole('button', { name: 'and 4 more: show line 25, the first of them' });
  expect(more.textContent).toBe('and 4 more');
  fireEvent.click(more);
  expect(lineOf(document.activeElement)).toBe('25');

  // In Arabic, with its plural forms.
  cleanup();
  act(() => useLanguage.getState().setLanguage('ar'));
  await preview('ملف CSV');
  expect(screen.getByTestId('bulk-fix-lines').textContent).toBe('7 أسطر تحتاج إلى تصحيح: السطر 5 السطر 9 السطر 19 و4 أسطر أخرى');
  cleanup();
  rows = forty([19, 33]);
  await preview('ملف CSV');
  expect(screen.getByTestId('bulk-fix-lines').textContent).toBe('سطران يحتاجان إلى تصحيح: السطر 19 السطر 33 ');
  fireEvent.click(screen.getByRole('button', { name: 'السطر 33' }));
  expect(lineOf(document.activeElement)).toBe('33');

  // A file without refused lines has no such list.
  cleanup();
  rows = forty([]);
  await preview('ملف CSV');
  expect(screen.queryByTestId('bulk-fix-lines')).toBeNull();
});
