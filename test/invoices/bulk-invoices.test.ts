// Bulk links with the optional vat_rate column: a row with a rate becomes an invoice of one
// line (its amount includes VAT), a row without stays a plain link, and a 0% or exempt row
// needs a vat_reason. Against the practice gateway and a real ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteBulkStore } from '../../main/ledger/bulk-store';
import { createBulkService } from '../../main/bulk/bulk-service';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { startInvoiceLedger } from './support';

const csv = [
  'orderId,amount,currency,description,customerName,customerEmail,customerPhone,vat_rate,vat_reason',
  'B-STD,115.00,SAR,Monthly plan,Sara Ahmed,sara@example.com,+966501111111,15,',
  'B-ZERO,40.00,SAR,Export parcel,Sara Ahmed,sara@example.com,+966501111111,0,Export outside the GCC',
  'B-PLAIN,20.00,SAR,Deposit,Sara Ahmed,sara@example.com,+966501111111,,',
  'B-NOREASON,10.00,SAR,Course,Sara Ahmed,sara@example.com,+966501111111,exempt,',
  'B-BADRATE,10.00,SAR,Course,Sara Ahmed,sara@example.com,+966501111111,fifteen,',
].join('\r\n');

describe('bulk links with a VAT rate', () => {
  let t: Awaited<ReturnType<typeof startInvoiceLedger>>;
  beforeAll(async () => {
    t = await startInvoiceLedger();
  });
  afterAll(() => t?.close());

  it('turns rows with a rate into invoices and checks the rate and reason first', async () => {
    const store = createSqliteBulkStore(t.db);
    const bulk = createBulkService({
      store, orders: t.payments.store, logger: createMemoryLogger(), events: createEventHub(),
      active: () => t.payments.active(), // its default addresses too, as composition.ts wires it
      defaultCurrency: async () => 'SAR', requireConfirmation: requireProductionConfirmation, today: () => t.payments.today(),
      createLink: (input, ctx) => t.payments.createLink(input, ctx),
      createInvoice: (input, ctx) => t.invoices.create(input, ctx).then((r) => r.payment),
    });
    const preview = await bulk.preview({ file: Buffer.from(csv, 'utf8').toString('base64') });
    expect(preview.rows.map((r) => Object.keys(r.errors))).toEqual([[], [], [], ['vat_reason'], ['vat_rate']]);
    const batch = await bulk.createBatch({ file: Buffer.from(csv, 'utf8').toString('base64') }, 'vat.csv', t.ctx);
    await bulk.start(batch.id, t.ctx, undefined);
    await bulk.idle(batch.id);
    // Each row's state and error beside a failure: a run interrupted under load said nothing of why.
    const rowsSaid = JSON.stringify((await store.rows(batch.id)).map((r) => [r.order_id, r.state, r.error]));
    expect(await bulk.view(batch.id), rowsSaid).toMatchObject({ state: 'done', created: 3, failed: 2 });
    const invoiceOf = async (orderId: string) => (await t.invoices.get((await t.payments.store.byOrderId('practice', orderId))!.id)).invoice;
    expect(await invoiceOf('B-STD')).toMatchObject({ number: 'INV-000001', totalMinor: 11500, vatMinor: 1500, netMinor: 10000, pricesIncludeVat: true });
    expect(await invoiceOf('B-ZERO')).toMatchObject({ number: 'INV-000002', totalMinor: 4000, vatMinor: 0, lines: [expect.objectContaining({ category: 'zero', reason: 'Export outside the GCC' })] });
    expect(await invoiceOf('B-PLAIN')).toBeNull();
    expect((await t.payments.store.byOrderId('practice', 'B-STD'))!.amount_minor).toBe(11500);
    // The batch's links (and their CSV) name each invoice's number, read with the links.
    expect((await bulk.links(batch.id)).map((l) => [l.orderId, l.invoiceNumber])).toEqual([['B-STD', 'INV-000001'], ['B-ZERO', 'INV-000002'], ['B-PLAIN', null]]);
  });
});
