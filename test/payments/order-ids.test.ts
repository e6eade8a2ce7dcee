// The order references Paydesk makes: one it makes when the field is left empty (found again by
// the business's day), and the one "Try another card" offers after a decline (the gateway keeps
// the declined try's reference, so the next try needs one it has not seen).
import { describe, expect, it } from 'vitest';
import { nextFreeOrderId } from '../../main/payments/next-order-id';
import { newOrderId } from '../../main/payments/order-ids';

/** A ledger holding these references: `taken` as nextFreeOrderId asks it, every question recorded. */
function ledgerWith(...references: string[]) {
  const held = new Set(references);
  const asked: string[] = [];
  const taken = async (orderId: string) => {
    asked.push(orderId);
    return held.has(orderId);
  };
  return { taken, asked };
}

describe('a reference Paydesk makes for an empty order field', () => {
  it('starts PD- and the business day without dashes, then 8 characters of Crockford base32', () => {
    for (let i = 0; i < 200; i++) expect(newOrderId('2026-12-01')).toMatch(/^PD-20261201-[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it('differs from one call to the next (two laptops, one merchant)', () => {
    const made = new Set(Array.from({ length: 1000 }, () => newOrderId('2026-12-01')));
    expect(made.size).toBe(1000);
  });

  it('uses the whole alphabet, so its 8 characters carry 40 bits', () => {
    const seen = new Set(Array.from({ length: 400 }, () => newOrderId('2026-12-01').slice(-8)).join(''));
    expect([...seen].sort().join('')).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
  });
});

describe('the reference offered for another card after a decline', () => {
  it('is the declined one with -2 after it when that is free', async () => {
    const ledger = ledgerWith('OMAR-102');
    expect(await nextFreeOrderId('OMAR-102', ledger.taken)).toBe('OMAR-102-2');
    expect(ledger.asked).toEqual(['OMAR-102-2']);
  });

  it('skips the numbers this profile\'s ledger already holds', async () => {
    expect(await nextFreeOrderId('OMAR-102', ledgerWith('OMAR-102', 'OMAR-102-2', 'OMAR-102-3').taken)).toBe('OMAR-102-4');
  });

  it('goes on from a declined retry\'s own number (OMAR-102-3), never OMAR-102-2-2', async () => {
    expect(await nextFreeOrderId('OMAR-102-2', ledgerWith('OMAR-102', 'OMAR-102-2').taken)).toBe('OMAR-102-3');
    expect(await nextFreeOrderId('OMAR-102-9', ledgerWith('OMAR-102', 'OMAR-102-9', 'OMAR-102-10').taken)).toBe('OMAR-102-11');
  });

  it('takes a number that is part of the merchant\'s own reference as part of it (INV-2026-11 whose INV-2026 is not ours)', async () => {
    expect(await nextFreeOrderId('INV-2026-11', ledgerWith('INV-2026-11').taken)).toBe('INV-2026-11-2');
  });

  it('takes -1 and -0 as the merchant\'s own, not as a retry\'s number', async () => {
    // Retries are numbered from 2: "ROOM-1" whose "ROOM" is in the ledger is still a reference of its own.
    expect(await nextFreeOrderId('ROOM-1', ledgerWith('ROOM', 'ROOM-1').taken)).toBe('ROOM-1-2');
    expect(await nextFreeOrderId('ROOM-0', ledgerWith('ROOM', 'ROOM-0').taken)).toBe('ROOM-0-2');
  });

  it('reads only one or two digits as a retry\'s number (a three-digit tail is the merchant\'s)', async () => {
    expect(await nextFreeOrderId('ORDER-100', ledgerWith('ORDER', 'ORDER-100').taken)).toBe('ORDER-100-2');
    expect(await nextFreeOrderId('A-12', ledgerWith('A', 'A-12').taken)).toBe('A-13');
  });

  it('reads the number only at the end, after a dash', async () => {
    expect(await nextFreeOrderId('X-5-Y', ledgerWith('X', 'X-5-Y').taken)).toBe('X-5-Y-2');
    expect(await nextFreeOrderId('X5', ledgerWith('X', 'X5').taken)).toBe('X5-2');
    expect(await nextFreeOrderId('-5', ledgerWith('', '-5').taken)).toBe('-5-2');
  });

  it('gives up after 50 numbers taken (the form then leaves the field to Paydesk)', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `B-${i + 2}`);
    expect(await nextFreeOrderId('B', ledgerWith('B', ...fifty).taken)).toBeUndefined();
    expect(await nextFreeOrderId('B', ledgerWith('B', ...fifty.slice(0, 49)).taken)).toBe('B-51');
  });

  it('offers nothing longer than the 100 characters the contract takes', async () => {
    const ninetyEight = 'R'.repeat(98);
    expect(await nextFreeOrderId(ninetyEight, ledgerWith(ninetyEight).taken)).toBe(`${ninetyEight}-2`);
    const ninetyNine = 'R'.repeat(99);
    const ledger = ledgerWith(ninetyNine);
    expect(await nextFreeOrderId(ninetyNine, ledger.taken)).toBeUndefined();
    expect(ledger.asked).toEqual([]);
    // The 100th character reached by the number itself: -9 fits, -10 does not.
    const base = 'R'.repeat(98);
    const full = ledgerWith(base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`));
    expect(await nextFreeOrderId(base, full.taken)).toBeUndefined();
    expect(full.asked.at(-1)).toBe(`${base}-9`);
  });
});
