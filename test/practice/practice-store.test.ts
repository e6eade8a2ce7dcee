// The practice gateway's state on disk: each change appended, never the whole state rewritten;
// everything back after a restart (a capture and refund included); a crash mid-append loses
// only that change; a state file of the old whole-JSON form is read and kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPracticeStore } from '../../main/practice/store';
import { createEngine } from '../../main/practice/engine';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-practice-store-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const card = { number: '5123450000000008', holder: 'OMAR SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '100' };
const customer = { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966500000002' };
const open = (stateFile: string) => createEngine(openPracticeStore({ stateFile }), { now: () => new Date('2026-11-20T10:00:00Z'), onChange: () => {} });
const sale = (engine: ReturnType<typeof open>, orderId: string, authOnly = false) =>
  engine.startSale({ orderId, currency: 'SAR', amountMinor: 10_000, authOnly, recurringInit: false, customer, successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' }, card).tx;

describe('the practice state file', () => {
  it('grows by the change, not by the whole state, and comes back whole after a restart', () => {
    const file = join(dir, 'state.log');
    const engine = open(file);
    for (let i = 0; i < 200; i++) sale(engine, `O-${i}`);
    const before = statSync(file).size;
    sale(engine, 'O-200');
    const oneSale = statSync(file).size - before;
    expect(oneSale).toBeLessThan(3_000);
    const auth = sale(engine, 'AUTH-1', true);
    engine.capture(auth.transactionId, 6_000);
    engine.refund(auth.transactionId, 1_000, 'returned');

    const again = openPracticeStore({ stateFile: file });
    expect(again.state.transactions).toHaveLength(202);
    expect(again.byOrderId('AUTH-1')).toMatchObject({ status: 'PARTIALLY_REFUNDED', capturedMinor: 6_000, refundedMinor: 1_000 });
    expect(again.state.records.filter((r) => r.orderId === 'AUTH-1').map((r) => r.operation)).toEqual(['sale', 'capture', 'refund']);
    expect(readFileSync(file, 'utf8')).not.toContain(card.number);
  });

  it('loses only a change torn by a crash mid-append', () => {
    const file = join(dir, 'torn.log');
    const engine = open(file);
    sale(engine, 'KEPT');
    appendFileSync(file, '{"t":{"transactionId":"half');
    const again = openPracticeStore({ stateFile: file });
    expect(again.byOrderId('KEPT')).toMatchObject({ status: 'APPROVED' });
    expect(again.state.transactions).toHaveLength(1);
  });

  it('reads a state file of the old whole-JSON form and keeps its key', () => {
    const file = join(dir, 'old.json');
    const tx = { transactionId: 't-1', orderId: 'OLD-1', kind: 'sale', status: 'APPROVED', currency: 'SAR', amountMinor: 500, capturedMinor: 500, refundedMinor: 0, authOnly: false, recurringInit: false, customer, successUrl: 'https://a.example', failureUrl: 'https://b.example', rrn: '1', createdAt: 'x', updatedAt: 'x' };
    writeFileSync(file, JSON.stringify({ version: 1, apiKey: 'practice_old', webhookSecret: 's', transactions: [tx], challenges: [], records: [] }));
    const store = openPracticeStore({ stateFile: file });
    expect(store.state.apiKey).toBe('practice_old');
    expect(openPracticeStore({ stateFile: file }).byOrderId('OLD-1')).toMatchObject({ amountMinor: 500 });
  });
});
