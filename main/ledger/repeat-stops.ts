// "Stop repeat charges" on the laptop's ledger (migration 24, docs/ledger.md): a customer who
// cancelled is not charged again by mistake. The mark sits on the payment that stored the card
// (the one whose transaction and token a repeat charge sends); main refuses "Charge again" while
// it is there. Setting and lifting it are audited (`stop_repeat_charges`, `allow_repeat_charges`)
// in the same transaction as the change. Nothing is sent to the gateway: the interface has no
// call to cancel a stored token (../shared/gateway-interface.md §4.3).
import type { LedgerDb } from './database';
import { appendAudit } from './audit-log';
import type { RepeatChargeSending, RepeatStop } from './store';

export function repeatStopOf(db: LedgerDb, paymentId: string): RepeatStop | null {
  const row = db.prepare('SELECT stopped_at AS at, stopped_by AS by FROM repeat_stops WHERE payment_id = ?').get(paymentId) as RepeatStop | undefined;
  return row ?? null;
}

/** Runs inside the caller's transaction; the payment is known to exist. */
export function setRepeatStop(db: LedgerDb, payment: { id: string; profile_id: string; environment: string; order_id: string; currency: string }, stopped: boolean, osUser: string, at: string): boolean {
  const changed = stopped
    ? db.prepare('INSERT INTO repeat_stops (payment_id, stopped_at, stopped_by) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(payment.id, at, osUser).changes > 0
    : db.prepare('DELETE FROM repeat_stops WHERE payment_id = ?').run(payment.id).changes > 0;
  if (changed) {
    appendAudit(db, {
      osUser, profileId: payment.profile_id, environment: payment.environment, action: stopped ? 'stop_repeat_charges' : 'allow_repeat_charges',
      paymentId: payment.id, orderId: payment.order_id, currency: payment.currency, result: stopped ? 'stopped' : 'allowed',
    }, at);
  }
  return changed;
}

/** The card's repeat charges recorded and not yet answered (in the caller's transaction: store transactions run one at a time, so none is half-recorded). */
export function repeatChargesSending(db: LedgerDb, paymentId: string): RepeatChargeSending[] {
  return db.prepare(`SELECT id AS paymentId, order_id AS orderId, amount_minor AS amountMinor, currency, created_by AS "by"
    FROM payments WHERE parent_payment_id = ? AND state = 'creating' ORDER BY created_at, rowid`).all(paymentId) as RepeatChargeSending[];
}
