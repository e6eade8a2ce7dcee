// Support's question "the customer on the phone, 058 151 9896": a phone typed into the payments'
// search the way it is said at home finds the payment whose phone the ledger keeps in
// international form (+966581519896), on both ledgers, through the contract as the screens call it
// (contract/phone.ts, phoneSearchText). An order reference's dashes stay as typed.
import { expect, it } from 'vitest';
import type { LedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { paymentRow, type SeedPayment } from '../support/ledger-apps';
import { describeReports } from '../support/report-backends';

const at = '2026-10-31T15:41:16.313Z';
const sale = (order_id: string, customer_phone: string | null): SeedPayment =>
  ({ order_id, kind: 'sale', state: 'paid', currency: 'SAR', amount_minor: 108_87, captured_minor: 108_87, customer_name: 'عمر المنصور', customer_phone, transaction_id: `T-${order_id}`, created_at: at, updated_at: at });

async function seed(db: LedgerDb) {
  const store = createSqliteLedgerStore(db);
  const rows = [sale('PD-OMAR', '+966581519896'), sale('PD-OTHER', '+966501234567'), sale('2026-11-30-001', null)].map(paymentRow);
  await store.transaction(async (tx) => {
    for (const row of rows) await tx.insert(row);
  });
}

describeReports('a phone searched as it is said', seed, (reports) => {
  const found = async (query: string) => ((await reports().call('searchPayments', { filter: { query } })).rows as Array<{ orderId: string }>).map((r) => r.orderId);

  it('finds the payment by its phone with a trunk 0, spaces, dashes, brackets, 00 or Arabic-Indic digits', async () => {
    for (const typed of ['0581519896', '058 151 9896', '058-151-9896', '(058) 151 9896', '+966 58 151 9896', '00966581519896', '٠٥٨١٥١٩٨٩٦', '+966581519896', '581519896']) {
      expect(await found(typed), typed).toEqual(['PD-OMAR']);
    }
    expect(await found('0501234567')).toEqual(['PD-OTHER']);
  });

  it('keeps what is not a phone as typed: an order reference with dashes, a short number', async () => {
    expect(await found('2026-11-30-001')).toEqual(['2026-11-30-001']);
    expect(await found('PD-OMAR')).toEqual(['PD-OMAR']);
    expect(await found('058 15')).toEqual([]);
  });
});
