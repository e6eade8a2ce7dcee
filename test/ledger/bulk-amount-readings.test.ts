// Amounts in a bulk links file, on both ledgers through main's handlers as the renderer calls them:
// "12,500" in KWD (two readings: 12,500.000 or 12.500) is refused on its line and column, never
// read as one of them; an amount copied from an Arabic sentence with its invisible direction marks
// reads as what it shows; and the error report, a file a person corrects in a spreadsheet and
// chooses again, carries the Arabic reasons without direction marks (the screen keeps them).
import { expect, it } from 'vitest';
import { reportWording, wordProblems } from '../../renderer/src/features/get-paid/bulk-file';
import { describeLedgerApp } from '../support/ledger-apps';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate';
const rows = [
  'RD-1,"12,500",KWD,Rent,Omar,omar@example.com,+96550001002,,',
  'RD-2,"12,50",SAR,Fees,Sara,sara@example.com,+966500001001,,',
  // Copied from «كما في ⁦١٢٫٥٠⁩»: the isolates came along.
  'RD-3,\u2066١٢٫٥٠\u2069,SAR,Copied,Noura,noura@example.com,+966500001003,,',
];
const file = Buffer.from([header, ...rows].join('\r\n') + '\r\n', 'utf8').toString('base64');
const directionMarks = /[\u061c\u200e\u200f\u2066-\u2069]/;

describeLedgerApp('amounts in a bulk file', (app) => {
  it('refuses "12,500" KWD on its line naming both readings, reads a marked amount, and reports in Arabic without marks', async () => {
    const created = await app().value('bulkCreateBatch', { file, fileName: 'readings.csv' });
    expect(created).toMatchObject({ total: 3, pending: 1, failed: 2 });
    const problemsOf = (line: number) => created.rows.find((r: { line: number }) => r.line === line).problems;
    expect(problemsOf(2)).toEqual([{ column: 'amount', reason: { key: 'amount.twoReadings', values: { typed: '12,500', whole: '12500', decimal: '12.500', currency: 'KWD' } } }]);
    expect(wordProblems('en', problemsOf(2))).toBe('Amount (amount): 12,500 could be 12500 or 12.500 KWD: write it without the comma, or with a dot for the decimals.');
    expect(problemsOf(4)).toEqual([]);

    await app().value('bulkRun', { batchId: created.id });
    await app().bulk.idle(created.id);
    const links = await app().value('bulkLinks', { batchId: created.id });
    expect(links.map((l: { line: number; amountMinor: number; currency: string }) => [l.line, l.amountMinor, l.currency])).toEqual([[4, 1250, 'SAR']]);

    // The report as the bulk screen asks for it in Arabic: the reasons worded by the page, with isolates around "12,500" and "12.50".
    const batch = await app().value('getBulkBatch', { batchId: created.id });
    const wording = reportWording('ar', batch);
    expect(wording['3']).toMatch(directionMarks); // on screen they keep "12.50" in order
    const report = await app().value('bulkErrorReport', { batchId: created.id, wording });
    expect(report.rows).toBe(2);
    expect(report.csv).not.toMatch(directionMarks);
    const lines = report.csv.split('\r\n');
    expect(lines[1]).toBe('RD-1,"12,500",KWD,Rent,Omar,omar@example.com,+96550001002,,,,"المبلغ (amount): يحتمل المبلغ 12,500 قراءتين: 12500 أو 12.500 KWD. اكتبه دون الفاصلة، أو بالنقطة للكسور العشرية."');
    expect(lines[2]).toBe('RD-2,"12,50",SAR,Fees,Sara,sara@example.com,+966500001001,,,,"المبلغ (amount): استخدم النقطة للكسور العشرية كما في 12.50؛ الفاصلة تفصل الآلاف فقط (1,234.50)."');
  });
});
