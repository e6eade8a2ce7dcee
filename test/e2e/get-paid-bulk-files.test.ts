// Bulk files as spreadsheets really save them, in Chromium through the preview: an Arabic
// Excel file (Windows-1256), a Western one (Latin-1), a semicolon-separated file, a quoted
// field over several lines (later rows keep their true line numbers), a file that cannot be
// told apart (the person chooses by the names), a file over the size limit, and the same bad
// amounts the single-link form refuses, each reported on its row. English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { axeViolations } from './support/axe';
import { BulkPage } from './pages/get-paid-page';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const rowsOf = (names: string[], separator = ',') => names.map((n, i) => [`F-${i + 1}`, `${i + 1}0.50`, 'SAR', `Invoice ${i + 1}`, n, `c${i + 1}@example.com`, `+96650000${1000 + i}`, '', ''].join(separator));

/** Encodes text in a single-byte code page with the browser-standard decoder's own table. */
function encode(text: string, encoding: 'windows-1256' | 'latin1'): Buffer {
  const table = new Map([...Array(256).keys()].map((b) => [new TextDecoder(encoding).decode(new Uint8Array([b])), b]));
  return Buffer.from([...text].map((c) => table.get(c)!));
}

describe('bulk files from spreadsheets', () => {
  let session: E2eSession;
  let app: BulkPage;
  // The check draws a hyphenated name with non-breaking hyphens (kept whole at 600 px; docs/words.md): read back as the file wrote it.
  const names = (rows: string[][]) => rows.map((r) => r[3]?.replaceAll('\u2011', '-'));

  beforeAll(async () => {
    session = await openSession();
    app = new BulkPage(session.page);
    await app.open(session.preview.url);
    await app.openScreen('bulk');
  });
  afterAll(() => session?.close());

  it('reads an Arabic Excel file (Windows-1256) and a Western one (Latin-1) with every name intact', async () => {
    const arabic = ['سارة أحمد', 'محمد العتيبي', 'نورة القحطاني'];
    await app.choose('arabic.csv', encode(header + rowsOf(arabic).join('\r\n') + '\r\n', 'windows-1256'));
    expect(names(await app.rows())).toEqual(arabic);
    expect(await session.page.getByTestId('bulk-read-as').textContent()).toBe('Read as Arabic (Windows-1256), columns separated by commas.');
    expect(await app.previewRows(true).count()).toBe(3);
    expect(await session.page.getByText('\uFFFD').count()).toBe(0);

    const western = ['José Müller', 'Zoë Dubois', 'François Peña'];
    await app.choose('western.csv', encode(header + rowsOf(western).join('\r\n') + '\r\n', 'latin1'));
    expect(names(await app.rows())).toEqual(western);
    expect(await session.page.getByTestId('bulk-read-as').getAttribute('data-encoding')).toBe('latin1');
  });

  it('reads a semicolon-separated file, its amounts with the decimal comma its spreadsheet wrote', async () => {
    // A semicolon file comes from a decimal-comma locale: "12,50" there is 12.50 (test/bulk/bulk-decimal-comma.test.ts).
    const csv = header.replace(/,/g, ';') + ['S-1;10.50;SAR;Invoice, March;Sara;s@example.com;+966500001001;;', 'S-2;12,50;SAR;Invoice;Omar;o@example.com;+966500001002;;', 'S-3;12.5.0;SAR;Invoice;Huda;h@example.com;+966500001003;;'].join('\r\n');
    await app.choose('semicolons.csv', csv);
    expect(await session.page.getByTestId('bulk-read-as').textContent()).toContain('separated by semicolons');
    const rows = await app.rows();
    expect(rows.map((r) => r[1])).toEqual(['S-1', 'S-2', 'S-3']);
    expect(rows.map((r) => r[4] === 'OK')).toEqual([true, true, false]);
    expect(rows[1]![2]).toContain('12.50');
  });

  it('keeps true line numbers after a quoted field over several lines, and reports bad amounts like the single-link form', async () => {
    const row = (id: string, amount: string, currency = 'SAR', description = 'Invoice') => `${id},"${amount}",${currency},"${description}",Sara,sara@example.com,+966501234567,,`;
    const csv = header + [
      row('L-1', '10.00', 'SAR', 'Three lines:\r\nsecond\r\nthird'),
      row('L-2', '12.345'),
      row('L-3', '-5'),
      row('L-4', '1.5', 'JPY'),
      row('L-5', '12,50'),
      row('L-6', '1,234.50'),
    ].join('\r\n');
    await app.choose('lines.csv', csv);
    const rows = await app.rows();
    expect(rows.map((r) => r[0])).toEqual(['2', '5', '6', '7', '8', '9']);
    expect(rows.map((r) => r[4])).toEqual([
      'Description (description): This field contains characters that cannot be sent.', // a line break is read, then refused like a typed one
      'Amount (amount): SAR allows at most 2 decimals.',
      'Amount (amount): Enter the amount without a sign: it must be more than zero.',
      'Amount (amount): JPY has no decimals.',
      'Amount (amount): Use a dot for the decimals, as in 12.50; a comma only separates thousands (1,234.50).',
      'OK',
    ]);
    expect(await axeViolations(session.page)).toEqual([]);
  });

  it('asks how a file was saved when it cannot tell, showing names each way, then reads it as chosen', async () => {
    await app.choose('mixed.csv', encode(header + rowsOf(['لي', 'Zoé Martin']).join('\r\n') + '\r\n', 'windows-1256'));
    const options = session.page.getByTestId('bulk-encoding-option');
    expect(await options.count()).toBe(2);
    expect(await options.first().textContent()).toContain('لي · Zoé Martin');
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-bulk-encoding-choice-en');
    await options.first().getByRole('button', { name: 'Read it as Arabic (Windows-1256)' }).click();
    await session.page.getByTestId('bulk-preview').waitFor();
    expect(names(await app.rows())).toEqual(['لي', 'Zoé Martin']);
  });

  it('refuses a file over the size limit by its size, before sending it', async () => {
    await app.choose('huge.csv', Buffer.alloc(6 * 1024 * 1024, 'a'));
    expect(await session.page.getByTestId('send-error').textContent()).toContain('The file is 6 MB; at most 4 MB can be read at once');
    expect(await session.page.getByTestId('bulk-preview').count()).toBe(0);
  });

  // Each name was aligned by its own script (an Arabic name at the right of an English table, Latin
  // names at the left of an Arabic one), away from its column's heading (found walking it, 2026-11-29).
  it('starts every customer name where its column does, Arabic and Latin names alike, in English and Arabic', async () => {
    const mixed = ['Noura Al-Qahtani', 'مريم العتيبي', 'Omar'];
    /** How far each name's text starts from its cell's start side. */
    const starts = () => session.page.evaluate(() => [...document.querySelectorAll('[data-testid="bulk-preview-row"]')].map((tr) => {
      const cell = tr.querySelectorAll('td')[3]!;
      const text = document.createRange();
      text.selectNodeContents(document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode()!);
      const box = cell.getBoundingClientRect();
      const glyphs = text.getBoundingClientRect();
      return Math.round(document.dir === 'rtl' ? box.right - glyphs.right : glyphs.left - box.left);
    }));
    for (const language of ['en', 'ar'] as const) {
      await app.chooseLanguage(language);
      await app.choose('mixed.csv', header + rowsOf(mixed).join('\r\n') + '\r\n');
      expect(names(await app.rows())).toEqual(mixed);
      const offsets = await starts();
      expect(new Set(offsets).size, `${language}: ${offsets.join(', ')}`).toBe(1);
    }
    await app.chooseLanguage('en');
  });

  it('words every row problem and file error in Arabic', async () => {
    await app.chooseLanguage('ar');
    await app.choose('lines.csv', header + 'A-1,12.345,SAR,Invoice,Sara,sara@example.com,+966501234567,,\r\n');
    expect((await app.rows())[0]![4]).toBe('المبلغ (amount): تسمح عملة SAR بخانتين عشريتين على الأكثر.'); // the column in Arabic, the file's header beside it
    expect((await app.rows())[0]![2]).toBe('12.345 SAR'); // cannot be read as money: as typed
    await app.choose('good.csv', header + 'A-2,1234.5,SAR,Invoice,Sara,sara-at-example.com,+966501234567,,\r\n');
    const [cells] = await app.rows();
    expect(cells![2]).toMatch(/^\u200f1,234\.50\sSAR$/); // the app's money format ("1,234.50 SAR"), as on every Arabic screen
    expect(cells![4]).toMatch(/^البريد الإلكتروني للعميل \(customerEmail\): /);
    await app.choose('columns.csv', 'name,price\r\nx,1\r\n');
    expect(await session.page.getByTestId('bulk-file-error').textContent()).toContain('ابدأ من القالب');
    await app.chooseLanguage('en');
  });
});
