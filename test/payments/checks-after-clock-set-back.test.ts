// A laptop whose clock ran a day ahead, then NTP set it back (walk40): the payments it had checked
// were scheduled by the clock that was ahead, and waited that day unchecked ("never checked" for a
// day: a link paid meanwhile stayed Unpaid). They are due at once, checked once, and back on the
// schedule: no storm. This laptop's SQLite ledger; the clock is the service's `now` (UTC instants).
import { afterEach, expect, it } from 'vitest';
import type { PaymentView } from '../../contract/methods/payments';
import { startTestLedger, customer } from '../ledger/support';

let now = new Date('2026-12-04T10:00:00.000Z'); // a day ahead of the real 3 December
let ledger: Awaited<ReturnType<typeof startTestLedger>>;
afterEach(async () => ledger.close());

it('a check set by a clock a day ahead is made once the clock is set back, then goes by its delay', async () => {
  ledger = await startTestLedger({ now: () => now });
  const made = await ledger.handlers.createPaymentLink({ amount: '75.00', currency: 'SAR', description: 'Order 7', customer, issueDate: '2026-12-03', expireDate: '2026-12-20' }, ledger.ctx);
  expect(made.ok, JSON.stringify(made)).toBe(true);
  const id = (made as { value: PaymentView }).value.id;
  expect((await ledger.service.store.get(id))?.next_check_at).toBe('2026-12-04T10:00:30.000Z');

  now = new Date('2026-12-03T09:00:00.000Z'); // NTP: 25 hours back
  expect(await ledger.service.reconcileDue()).toBe(1);
  const after = await ledger.service.store.get(id);
  expect(after?.next_check_at).toBe('2026-12-03T09:01:00.000Z'); // the second delay, on the right clock
  expect(await ledger.service.reconcileDue()).toBe(0); // not again at once
  now = new Date('2026-12-03T09:01:00.000Z');
  expect(await ledger.service.reconcileDue()).toBe(1);
});

it('a check within the schedule is not brought forward: a clock set back by minutes waits them', async () => {
  ledger = await startTestLedger({ now: () => now });
  now = new Date('2026-12-03T10:00:00.000Z');
  const made = await ledger.handlers.createPaymentLink({ amount: '75.00', currency: 'SAR', description: 'Order 8', customer, issueDate: '2026-12-03', expireDate: '2026-12-20' }, ledger.ctx);
  expect(made.ok).toBe(true);
  now = new Date('2026-12-03T09:50:00.000Z');
  expect(await ledger.service.reconcileDue()).toBe(0);
});
