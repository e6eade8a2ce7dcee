// "My card ending 4242 was charged twice": the list's "Card ends in" filter finds a card's
// payments by the last four digits the ledger keeps, with the other filters, every sort, windows
// continued page by page, the count and the CSV export (whose audit entry names the filter). On a
// laptop's SQLite ledger and on the team ledger (test/support/ledger-apps.ts). Main refuses
// anything but four digits next to the field: the renderer checks too, but IPC input is untrusted.
import { beforeAll, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { describeLedgerApp } from '../support/ledger-apps';
import { planWhere, windowQuery, type PaymentSort } from '../../main/ledger/search';

type Page = { total: number; totalExact: boolean; rows: PaymentView[] };

describeLedgerApp('finding payments by the card\'s last four digits', (app, backend) => {
  const orders = async (input: unknown) => (await app().value<Page>('searchPayments', input)).rows.map((r) => r.orderId);

  beforeAll(async () => {
    // In creation order; the same card in two currencies, charged twice in SAR; a card ending in a zero; a link not paid (no card).
    const rows = [
      ['C-1', 'sale', 1_000, 'SAR', 'Layla Haddad', '4242', 'paid', '2026-11-01T10:00:00.000Z'],
      ['C-2', 'sale', 3_000, 'SAR', 'Layla Haddad', '4242', 'refunded', '2026-11-02T10:00:00.000Z'],
      ['C-3', 'checkout', 2_000, 'KWD', 'Omar Saleh', '4242', 'paid', '2026-11-03T10:00:00.000Z'],
      ['C-4', 'sale', 500, 'SAR', 'Zaid Ali', '1881', 'paid', '2026-11-04T10:00:00.000Z'],
      ['C-5', 'link', 700, 'SAR', 'Maryam', null, 'pending', '2026-11-05T10:00:00.000Z'],
      ['C-6', 'sale', 900, 'SAR', 'Sara', '0008', 'paid', '2026-11-06T10:00:00.000Z'],
      ['C-7', 'sale', 1_000, 'SAR', 'Layla Haddad', '4242', 'paid', '2026-11-07T10:00:00.000Z'],
    ] as const;
    await app().seedHistory(rows.map(([order, kind, amount, currency, name, last4, state, at]) => ({
      order_id: order, kind, amount_minor: amount, currency, customer_name: name, card_bin: last4 ? '424242' : null, card_last4: last4, state, created_at: at,
      captured_minor: state === 'pending' ? 0 : amount, refunded_minor: state === 'refunded' ? amount : 0, profile_id: 'practice', created_by: 'me',
    })));
  });

  it('lists only the payments of the card ending in those digits, newest first, with their count', async () => {
    const page = await app().value<Page>('searchPayments', { filter: { cardLast4: '4242' } });
    expect(page).toMatchObject({ total: 4, totalExact: true });
    expect(page.rows.map((r) => [r.orderId, r.cardMasked])).toEqual([['C-7', '424242******4242'], ['C-3', '424242******4242'], ['C-2', '424242******4242'], ['C-1', '424242******4242']]);
    expect(await orders({ filter: { cardLast4: '0008' } })).toEqual(['C-6']);
    expect(await orders({ filter: { cardLast4: '9999' } })).toEqual([]);
    // Typed on an Arabic keyboard, and with a space pasted around it.
    expect(await orders({ filter: { cardLast4: '٤٢٤٢' } })).toEqual(['C-7', 'C-3', 'C-2', 'C-1']);
    expect(await orders({ filter: { cardLast4: ' 1881 ' } })).toEqual(['C-4']);
  });

  it('works with the other filters, the search and every sort', async () => {
    expect(await orders({ filter: { cardLast4: '4242', currency: 'SAR' } })).toEqual(['C-7', 'C-2', 'C-1']);
    expect(await orders({ filter: { cardLast4: '4242', states: ['paid'] }, sort: { by: 'amount', direction: 'desc' } })).toEqual(['C-7', 'C-1', 'C-3']);
    expect(await orders({ filter: { cardLast4: '4242', from: '2026-11-02T00:00:00Z', to: '2026-11-07T00:00:00Z' } })).toEqual(['C-3', 'C-2']);
    expect(await orders({ filter: { cardLast4: '4242', currency: 'SAR', minAmount: '10', maxAmount: '10' } })).toEqual(['C-7', 'C-1']);
    expect(await orders({ filter: { cardLast4: '4242', query: 'Layla' } })).toEqual(['C-7', 'C-2', 'C-1']);
    expect(await orders({ filter: { cardLast4: '4242', query: 'C-' }, sort: { by: 'orderId', direction: 'asc' } })).toEqual(['C-1', 'C-2', 'C-3', 'C-7']);
    expect(await orders({ filter: { cardLast4: '4242' }, sort: { by: 'createdAt', direction: 'asc' } })).toEqual(['C-1', 'C-2', 'C-3', 'C-7']);
    expect(await orders({ filter: { cardLast4: '4242' }, sort: { by: 'customer', direction: 'desc' } })).toEqual(['C-3', 'C-7', 'C-2', 'C-1']);
    expect(await orders({ filter: { cardLast4: '4242' }, sort: { by: 'state', direction: 'asc' } })).toEqual(['C-1', 'C-3', 'C-7', 'C-2']);
  });

  it('pages through a card\'s payments window after window, each once, in either direction', async () => {
    for (const [direction, all] of [['desc', ['C-7', 'C-3', 'C-2', 'C-1']], ['asc', ['C-1', 'C-2', 'C-3', 'C-7']]] as const) {
      const seen: string[] = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const page = await app().value<Page>('searchPayments', { filter: { cardLast4: '4242' }, sort: { by: 'createdAt', direction }, offset, limit: 2 });
        seen.push(...page.rows.map((r) => r.orderId));
      }
      expect(seen).toEqual(all);
      // A jump straight to the second window, and to its middle.
      expect(await orders({ filter: { cardLast4: '4242' }, sort: { by: 'createdAt', direction }, offset: 2, limit: 2 })).toEqual(all.slice(2));
      expect(await orders({ filter: { cardLast4: '4242' }, sort: { by: 'createdAt', direction }, offset: 1, limit: 2 })).toEqual(all.slice(1, 3));
    }
  });

  it('reads a card\'s payments through its index (SQLite migration 16), newest first without sorting them', () => {
    if (backend !== 'sqlite') return; // the team ledger's planner chooses by its statistics (bench/team-search.ts)
    const db = app().db!;
    const plan = (sort: PaymentSort) => {
      const query = windowQuery(db, planWhere(db, { cardLast4: '4242', states: ['paid'] }), sort, undefined);
      return (db.prepare(`EXPLAIN QUERY PLAN ${query.sql} LIMIT 100`).all(query.params) as Array<{ detail: string }>).map((r) => r.detail).join('; ');
    };
    // Before the older payment copied in (the next test): rowid order is still date order.
    expect(plan({ by: 'createdAt', direction: 'desc' })).toBe('SEARCH p USING INDEX payments_card_last4 (card_last4=?)');
    expect(plan({ by: 'amount', direction: 'desc' })).toMatch(/^SEARCH p USING INDEX payments_card_last4 \(card_last4=\?\); USE TEMP B-TREE FOR ORDER BY$/);
  });

  it('keeps the list\'s order when a payment recorded later is older than the ones before it', async () => {
    // A laptop's older payment copied in after the others (rowid order is no longer date order on SQLite).
    await app().seedHistory([{ order_id: 'C-0', kind: 'sale', amount_minor: 100, currency: 'SAR', card_bin: '424242', card_last4: '4242', state: 'paid', captured_minor: 100, created_at: '2026-10-31T10:00:00.000Z', profile_id: 'practice', created_by: 'me' }]);
    expect(await orders({ filter: { cardLast4: '4242' } })).toEqual(['C-7', 'C-3', 'C-2', 'C-1', 'C-0']);
    const seen: string[] = [];
    for (let offset = 0; offset < 6; offset += 2) seen.push(...(await orders({ filter: { cardLast4: '4242' }, sort: { by: 'createdAt', direction: 'asc' }, offset, limit: 2 })));
    expect(seen).toEqual(['C-0', 'C-1', 'C-2', 'C-3', 'C-7']);
  });

  it('refuses anything but four digits, in words, next to the field', async () => {
    for (const typed of ['424', '42424', '42a2', '42 42', '', '42-4', '١٢٣']) {
      const answer = await app().call('searchPayments', { filter: { cardLast4: typed } });
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { cardLast4: 'Type the card’s last four digits, for example 4242.' }, reason: { key: 'ledger.cardLast4Digits' } } });
    }
    // More than the contract lets through (a card number pasted whole) is refused before the ledger reads anything.
    expect(await app().call('searchPayments', { filter: { cardLast4: '4242424242424242' } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('exports the card\'s payments only, and the export\'s audit entry names the filter', async () => {
    const exported = await app().value<{ csv: string; rows: number; fileName: string }>('exportPayments', { filter: { cardLast4: '4242', currency: 'SAR' } });
    expect(exported.rows).toBe(4);
    const orderIds = exported.csv.slice(1).trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[2]);
    expect(orderIds).toEqual(['C-7', 'C-2', 'C-1', 'C-0']);
    expect(exported.csv).not.toContain('C-4');
    const log = await app().value<{ rows: Array<{ action: string; result: string }> }>('listAuditLog', { query: 'export_payments', limit: 50 });
    const entry = log.rows.find((e) => e.action === 'export_payments' && e.result.includes(exported.fileName));
    expect(entry?.result).toMatch(/^4 rows; file paydesk-payments-[-0-9]+\.csv; zone \S+; currency SAR; card ending 4242$/);
    expect(await app().call('exportPayments', { filter: { cardLast4: '42' } })).toMatchObject({ ok: false, error: { fields: { cardLast4: expect.any(String) } } });
  });
});
