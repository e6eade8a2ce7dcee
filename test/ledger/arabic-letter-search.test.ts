// A regular customer's name typed as Arabic writers type it (walk16): «نوره» for «نورة», «القحطانى»
// for «القحطاني», «احمد» for «أحمد», «إيمان» for «ايمان». Kept one way and searched the other, the
// payments' search found nothing. Both ledgers, through the contract as the screens call it; a
// letter that is not one of these spellings still tells names apart (no «نوري» for «نورة»).
import { expect, it } from 'vitest';
import type { LedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { paymentRow, type SeedPayment } from '../support/ledger-apps';
import { describeReports } from '../support/report-backends';

const at = '2026-12-02T10:41:16.313Z';
const sale = (order_id: string, customer_name: string): SeedPayment =>
  ({ order_id, kind: 'sale', state: 'paid', currency: 'SAR', amount_minor: 75_50, captured_minor: 75_50, customer_name, customer_phone: '+966505551234', transaction_id: `T-${order_id}`, created_at: at, updated_at: at });

async function seed(db: LedgerDb) {
  const store = createSqliteLedgerStore(db);
  const rows = [sale('W16-NOURA', 'نورة القحطاني'), sale('W16-NOURI', 'نوري السعيد'), sale('W16-AHMED', 'أحمد الزهراني'), sale('W16-IMAN', 'ايمان العتيبي'), sale('W16-HUDA', 'هدى')].map(paymentRow);
  await store.transaction(async (tx) => {
    for (const row of rows) await tx.insert(row);
  });
}

describeReports('a name typed with another spelling of its letters', seed, (reports) => {
  const found = async (query: string) => ((await reports().call('searchPayments', { filter: { query } })).rows as Array<{ orderId: string }>).map((r) => r.orderId).sort();

  it('finds the customer whichever of ه/ة, ي/ى or ا/أ/إ/آ was typed', async () => {
    for (const typed of ['نورة', 'نوره', 'نوره القحطانى', 'القحطانى', 'قحطانى']) expect(await found(typed), typed).toEqual(['W16-NOURA']);
    for (const typed of ['أحمد', 'احمد', 'إحمد', 'الزهرانى']) expect(await found(typed), typed).toEqual(['W16-AHMED']);
    for (const typed of ['ايمان', 'إيمان', 'العتيبى']) expect(await found(typed), typed).toEqual(['W16-IMAN']);
    for (const typed of ['هدى', 'هدي']) expect(await found(typed), typed).toEqual(['W16-HUDA']);
  });

  it('still tells apart names whose letters differ otherwise', async () => {
    expect(await found('نوري')).toEqual(['W16-NOURI']);
    expect(await found('نور')).toEqual(['W16-NOURA', 'W16-NOURI']);
    expect(await found('نورا')).toEqual([]);
  });
});
