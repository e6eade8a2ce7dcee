// Leaves the sandbox clean: every payment the check-up made that took money is refunded (or,
// while nothing is captured, voided) through the same payments flows, each once. What the
// gateway does not let Paydesk undo is said plainly: the rest of a partly captured
// authorisation lapses, sessions and links expire at the end of the day, an unclear outcome
// waits in Transactions.
import { formatMinor } from '../../contract/money';
import { move, note, type StepKit } from './step-kit';

const refundable = new Set(['paid', 'partially_captured', 'partially_refunded']);

export async function cleanUp(kit: StepKit): Promise<void> {
  const { step } = kit;
  for (const id of kit.created) {
    let payment = await kit.payments.store.get(id);
    if (!payment) continue;
    // The amount as a fact: the exact decimal text of its minor units and the code ("1.40", "SAR"), as
    // saved runs and reports have always kept it; the renderer words it in the reader's money format.
    const amount = (minor: number) => ({ amount: formatMinor(minor, payment!.currency), currency: payment!.currency, order: payment!.order_id });
    if ((await kit.payments.store.openOperations(id)).length > 0) {
      note(step, 'left_open', 'different', { order: payment.order_id, why: 'unclear' });
      continue;
    }
    if (payment.kind === 'checkout' || payment.kind === 'link') {
      if (payment.state === 'pending' || payment.state === 'unknown') note(step, 'left_open', 'info', { order: payment.order_id, why: 'expires' });
      continue;
    }
    if (payment.state === 'pending') {
      note(step, 'left_open', 'different', { order: payment.order_id, why: 'pending' });
      continue;
    }
    if (payment.state === 'authorised' && payment.captured_minor === 0 && payment.transaction_id) {
      const after = await move(kit, 'void', payment);
      if (after?.state === 'voided') note(step, 'cleaned', 'info', { ...amount(payment.amount_minor), action: 'void' });
      else note(step, 'cleanup_failed', 'failed', { order: payment.order_id, action: 'void' });
      continue;
    }
    const left = payment.captured_minor - payment.refunded_minor;
    if (refundable.has(payment.state) && left > 0 && payment.transaction_id) {
      const after = await move(kit, 'refund', payment, left);
      if (after && after.refunded_minor >= payment.captured_minor) note(step, 'cleaned', 'info', { ...amount(left), action: 'refund' });
      else note(step, 'cleanup_failed', 'failed', { order: payment.order_id, action: 'refund' });
      payment = (await kit.payments.store.get(id))!;
    }
    // A void is allowed only before any capture: the rest of a partly captured authorisation lapses.
    if (payment.auth_only === 1 && payment.captured_minor > 0 && payment.captured_minor < payment.amount_minor) {
      note(step, 'left_open', 'info', { ...amount(payment.amount_minor - payment.captured_minor), why: 'lapses' });
    }
  }
}
