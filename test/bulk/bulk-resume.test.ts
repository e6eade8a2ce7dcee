// Bulk links against the practice gateway over real HTTP and a real SQLite ledger: a run
// cancelled half way and resumed, and a run cut off by a crash (a row sent but its answer
// lost), never create a link twice; the practice gateway's records are the witness.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBulkService } from '../../main/bulk/bulk-service';
import { createSqliteBulkStore } from '../../main/ledger/bulk-store';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { createMemoryLogger } from '../../main/log/logger';
import { createEventHub } from '../../main/core/event-hub';
import type { MethodInput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import { AppFailure } from '../../contract/result';
import { startTestLedger } from '../ledger/support';

let ledger: Awaited<ReturnType<typeof startTestLedger>>;
beforeEach(async () => {
  ledger = await startTestLedger();
});
afterEach(async () => ledger.close());

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const file = (csv: string) => ({ file: Buffer.from(csv, 'utf8').toString('base64') });
const rowsCsv = (n: number, prefix: string) => header + Array.from({ length: n }, (_, i) => `${prefix}-${i + 1},${i + 1}.25,SAR,Invoice ${i + 1},Customer ${i + 1},c${i + 1}@example.com,+96650000${String(1000 + i)},,`).join('\r\n');

function bulkFor(createLink?: (input: MethodInput<'createPaymentLink'>) => Promise<PaymentView>) {
  return createBulkService({
    store: createSqliteBulkStore(ledger.db), orders: ledger.service.store, logger: createMemoryLogger(), events: createEventHub(),
    active: () => ledger.service.active(), // its default addresses too, as composition.ts wires it
    defaultCurrency: async () => 'SAR',
    requireConfirmation: requireProductionConfirmation,
    today: () => ledger.service.today(),
    createLink: createLink ?? (async (input) => {
      const result = await ledger.handlers.createPaymentLink(input, ledger.ctx);
      if (!result.ok) throw new AppFailure(result.error.code, result.error.message);
      return result.value;
    }),
    createInvoice: async () => {
      throw new Error('these files have no VAT rates: no invoice is made');
    },
  });
}

const linksAtGateway = () => ledger.practice.gateway.records().filter((r) => r.operation === 'createPaymentLink').map((r) => r.orderId);

describe('bulk links', () => {
  it('sends good rows, keeps bad rows out, cancels half way and resumes without duplicates', async () => {
    const csv = rowsCsv(6, 'B') + '\r\nBAD-1,12.345,SAR,Bad amount,X,x@example.com,+966500009999,,';
    let sent = 0;
    let batchId = '';
    const bulk: ReturnType<typeof bulkFor> = bulkFor(async (input) => {
      const result = await ledger.handlers.createPaymentLink(input, ledger.ctx);
      if (++sent === 3) void bulk.cancel(batchId, ledger.ctx); // the user presses Cancel while row 3 is being sent
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    });
    const batch = await bulk.createBatch(file(csv), 'links.csv', ledger.ctx);
    batchId = batch.id;
    expect(batch).toMatchObject({ total: 7, pending: 6, failed: 1 });
    await bulk.start(batchId, ledger.ctx, undefined);
    await bulk.idle(batchId);
    expect(await bulk.view(batchId)).toMatchObject({ state: 'cancelled', created: 3, pending: 3 });
    expect(linksAtGateway()).toEqual(['B-1', 'B-2', 'B-3']);

    await bulk.start(batchId, ledger.ctx, undefined);
    await bulk.idle(batchId);
    expect(await bulk.view(batchId)).toMatchObject({ state: 'done', created: 6, pending: 0, failed: 1 });
    expect(linksAtGateway()).toEqual(['B-1', 'B-2', 'B-3', 'B-4', 'B-5', 'B-6']);
    const report = await bulk.errorReport(batchId);
    expect(report.rows).toBe(1);
    expect(report.csv).toContain('BAD-1');
    expect(report.csv).toContain('amount: SAR allows at most 2 decimals.'); // worded in English when the renderer does not word it
    expect((await bulk.view(batchId)).rows.find((r) => r.orderId === 'BAD-1')!.problems).toEqual([{ column: 'amount', reason: { key: 'amount.tooManyDecimals', values: { currency: 'SAR', decimals: 2 } } }]);
    expect((await bulk.errorReport(batchId, { 8: 'المبلغ: خانتان عشريتان على الأكثر' })).csv).toContain('المبلغ: خانتان');
  });

  it('stores why a row failed as a reason, and keeps rows an earlier Paydesk stored in English readable', async () => {
    const bulk = bulkFor(async () => {
      throw new AppFailure('conflict', 'Order exists', { reason: { key: 'rule.orderIdUsed' } });
    });
    const batch = await bulk.createBatch(file(rowsCsv(2, 'R')), 'reasons.csv', ledger.ctx);
    await bulk.start(batch.id, ledger.ctx, undefined);
    await bulk.idle(batch.id);
    const stored = ledger.db.prepare('SELECT line, error FROM bulk_rows WHERE batch_id = ? ORDER BY line').all(batch.id) as Array<{ line: number; error: string }>;
    expect(JSON.parse(stored[0]!.error)).toEqual([{ column: null, reason: { key: 'rule.orderIdUsed' } }]);
    ledger.db.prepare('UPDATE bulk_rows SET error = ? WHERE batch_id = ? AND line = 3').run('customerPhone: Enter the phone number in international format.', batch.id);
    const rows = (await bulk.view(batch.id)).rows;
    expect(rows[0]!.problems).toEqual([{ column: null, reason: { key: 'rule.orderIdUsed' } }]);
    expect(rows[1]!.problems).toEqual([{ column: null, reason: { key: 'bulk.storedText', values: { text: 'customerPhone: Enter the phone number in international format.' } } }]);
    expect((await bulk.errorReport(batch.id)).csv).toContain('customerPhone: Enter the phone number in international format.');
    // A row an earlier Paydesk paused on a missing key kept the profile's name as `name`: read as `profile` (now isolated in Arabic).
    ledger.db.prepare('UPDATE bulk_rows SET error = ? WHERE batch_id = ? AND line = 3').run(JSON.stringify([{ column: null, reason: { key: 'profile.keyMissing', values: { name: 'Main store' } } }]), batch.id);
    expect((await bulk.view(batch.id)).rows[1]!.problems).toEqual([{ column: null, reason: { key: 'profile.keyMissing', values: { profile: 'Main store' } } }]);
    expect((await bulk.errorReport(batch.id)).csv).toContain('The profile ""Main store"" has no API key yet.'); // its quotes doubled in the CSV
  });

  it('after a crash mid-row (sent, answer lost) the resumed run skips that row', async () => {
    const first = bulkFor();
    const batch = await first.createBatch(file(rowsCsv(3, 'C')), 'crash.csv', ledger.ctx);
    // Simulate the crash: row 2 was recorded and sent (the gateway created it), then Paydesk died.
    await ledger.handlers.createPaymentLink({ orderId: 'C-1', amount: '1.25', currency: 'SAR', description: 'Invoice 1', customer: { name: 'Customer 1', email: 'c1@example.com', phone: '+966500001000' } }, ledger.ctx);
    ledger.db.prepare("UPDATE bulk_rows SET state = 'sending' WHERE batch_id = ? AND line = 2").run(batch.id);
    ledger.db.prepare("UPDATE bulk_batches SET state = 'running' WHERE id = ?").run(batch.id);

    const restarted = bulkFor(); // a new process: running batches become interrupted
    expect((await restarted.view(batch.id)).state).toBe('interrupted');
    await restarted.start(batch.id, ledger.ctx, undefined);
    await restarted.idle(batch.id);
    expect(await restarted.view(batch.id)).toMatchObject({ state: 'done', created: 3 });
    expect(linksAtGateway().sort()).toEqual(['C-1', 'C-2', 'C-3']);
  });
});
