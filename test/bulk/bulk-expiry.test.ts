// A bulk row never makes a link already expired. The check lists a row whose expiry is before today
// in the business's zone (written, or its issue date's default) like its other problems, by line and
// column, in the single link's words; a batch stored on one day and run on a later one fails that
// row when it is sent (the link path refuses it, nothing recorded) and makes the others. A real
// SQLite ledger and the practice gateway over HTTP, on a clock the test moves (Riyadh's days).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBulkService } from '../../main/bulk/bulk-service';
import { createSqliteBulkStore } from '../../main/ledger/bulk-store';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { createMemoryLogger } from '../../main/log/logger';
import { createEventHub } from '../../main/core/event-hub';
import { readBulkCsv } from '../../main/bulk/bulk-rows';
import { AppFailure } from '../../contract/result';
import { wordReason } from '../../renderer/src/i18n';
import { startTestLedger } from '../ledger/support';

let now = new Date('2026-12-06T21:30:00Z'); // 00:30 on 7 Dec in Riyadh
let ledger: Awaited<ReturnType<typeof startTestLedger>>;
beforeAll(async () => {
  ledger = await startTestLedger({ now: () => now, timeZone: 'Asia/Riyadh' });
});
afterAll(() => ledger?.close());

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const row = (orderId: string, issueDate: string, expireDate: string) => `${orderId},10.00,SAR,Invoice,Sara,sara@example.com,+966501234567,${issueDate},${expireDate}`;
const file = (rows: string[]) => ({ file: Buffer.from(header + rows.join('\r\n'), 'utf8').toString('base64') });
const bulkService = () => createBulkService({
  store: createSqliteBulkStore(ledger.db), orders: ledger.service.store, logger: createMemoryLogger(), events: createEventHub(),
  active: () => ledger.service.active(), // its default addresses too, as composition.ts wires it
  defaultCurrency: async () => 'SAR', requireConfirmation: requireProductionConfirmation, now: () => now,
  today: () => ledger.service.today(),
  createLink: async (input) => {
    const result = await ledger.handlers.createPaymentLink(input, ledger.ctx);
    if (!result.ok) throw new AppFailure(result.error.code, result.error.message, { reason: result.error.reason, fields: result.error.fields, fieldReasons: result.error.fieldReasons });
    return result.value;
  },
  createInvoice: async () => {
    throw new Error('no VAT rates in these files');
  },
});

it('lists a row whose expiry has passed by line and column, in the link form’s words; today’s goes', () => {
  const read = readBulkCsv(header + [row('P-1', '', '2026-12-06'), row('P-2', '', '2026-12-07'), row('P-3', '2026-11-29', ''), row('P-4', '2026-12-20', '2026-12-10')].join('\r\n'), { defaultCurrency: 'SAR', today: '2026-12-07' });
  expect(read.rows.map((r) => [r.line, r.errors])).toEqual([
    [2, { expireDate: { key: 'input.expiryPassed', values: { expiryDay: '2026-12-06', today: '2026-12-07' } } }],
    [3, {}],
    [4, { expireDate: { key: 'input.expiryPassed', values: { expiryDay: '2026-12-06', today: '2026-12-07' } } }], // issue date + 7 days
    [5, { expireDate: { key: 'input.expiryBeforeIssue' } }],
  ]);
  const why = read.rows[0]!.errors.expireDate!;
  expect(wordReason('en', why)).toBe('The expiry date 06/12/2026 has passed: today is 07/12/2026.');
  expect(wordReason('ar', why)).toBe('تاريخ الانتهاء 6\u200f/12\u200f/2026 قد مضى: اليوم 7\u200f/12\u200f/2026.');
});

it('judges the check by the business’s day, and fails at the run a row whose day passed after the batch was stored', async () => {
  const bulk = bulkService();
  now = new Date('2026-12-06T10:00:00Z'); // 13:00 on 6 Dec in Riyadh
  const rows = [row('LATE-1', '', '2026-12-06'), row('LATE-2', '', '2026-12-10')];
  expect((await bulk.preview(file(rows))).rows.map((r) => r.errors)).toEqual([{}, {}]);
  const batch = await bulk.createBatch(file(rows), 'late.csv', ledger.ctx);
  now = new Date('2026-12-06T21:30:00Z'); // the batch run after midnight in Riyadh
  expect((await bulk.preview(file(rows))).rows[0]!.errors).toEqual({ expireDate: { key: 'input.expiryPassed', values: { expiryDay: '2026-12-06', today: '2026-12-07' } } });
  await bulk.start(batch.id, ledger.ctx, undefined);
  await bulk.idle(batch.id);
  const view = await bulk.view(batch.id);
  expect(view).toMatchObject({ state: 'done', created: 1, failed: 1 });
  expect(view.rows.find((r) => r.orderId === 'LATE-1')!.problems).toEqual([{ column: 'expireDate', reason: { key: 'input.expiryPassed', values: { expiryDay: '2026-12-06', today: '2026-12-07' } } }]);
  expect(ledger.practice.gateway.records().map((r) => r.orderId)).toEqual(['LATE-2']);
});

it('gives a row without an order id the business’s day in the one Paydesk makes: PD-20261207-… at 00:30 on 7 Dec in Riyadh', async () => {
  now = new Date('2026-12-06T21:30:00Z'); // still 6 Dec in UTC
  const batch = await bulkService().createBatch(file([row('', '', '2026-12-10')]), 'no-order-id.csv', ledger.ctx);
  expect(batch.rows.map((r) => r.orderId)).toEqual([expect.stringMatching(/^PD-20261207-[0-9A-Z]{8}$/)]);
});
