// The two-laptop crash test's judge: the team ledger against the practice gateway's own records
// (what it accepted and acted on, the witness of what reached it). Every money move the ledger
// says happened happened exactly once at the gateway; nothing the gateway did is missing from
// the ledger; nothing is left open; and each payment's state and captured and refunded totals in
// the team ledger are the ones the gateway's records add up to. Answers a list of problems in
// words (empty: all good), so a failure says which payment and what differs.
import type pg from 'pg';

export type GatewayRecord = { operation: string; orderId?: string; transactionId?: string; amountMinor?: number };
type Payment = { id: string; order_id: string; transaction_id: string | null; state: string; amount_minor: number; auth_only: boolean; captured_minor: number; refunded_minor: number };
type Operation = { payment_id: string; kind: string; outcome: string; amount_minor: number | null };

export type CheckResult = { problems: string[]; payments: number; moves: number; sales: number };

/** The state a payment's totals mean, by the ledger's rule (docs/ledger.md, "Money state"), written out again here. */
function stateOfTotals(amount: number, captured: number, refunded: number): string {
  if (refunded > 0) return refunded >= captured ? 'refunded' : 'partially_refunded';
  if (captured === 0) return 'authorised';
  return captured < amount ? 'partially_captured' : 'paid';
}

const sorted = (amounts: Array<number | null | undefined>) => amounts.map((a) => a ?? 0).sort((x, y) => x - y).join(',');

/** Reads the team ledger as the superuser (every row, whoever wrote it). */
export async function readTeamLedger(client: Pick<pg.Client, 'query'>): Promise<{ payments: Payment[]; operations: Operation[] }> {
  const payments = (await client.query('SELECT id, order_id, transaction_id, state, amount_minor::text, auth_only, captured_minor::text, refunded_minor::text FROM paydesk.payments')).rows.map((r) => ({
    ...r, amount_minor: Number(r.amount_minor), captured_minor: Number(r.captured_minor), refunded_minor: Number(r.refunded_minor),
  })) as Payment[];
  const operations = (await client.query('SELECT payment_id, kind, outcome, amount_minor::text FROM paydesk.operations')).rows.map((r) => ({
    ...r, amount_minor: r.amount_minor === null ? null : Number(r.amount_minor),
  })) as Operation[];
  return { payments, operations };
}

export function checkAgainstGateway(records: readonly GatewayRecord[], ledger: { payments: Payment[]; operations: Operation[] }): CheckResult {
  const problems: string[] = [];
  const opsOf = new Map<string, Operation[]>();
  for (const op of ledger.operations) opsOf.set(op.payment_id, [...(opsOf.get(op.payment_id) ?? []), op]);
  const byOrder = new Map(ledger.payments.map((p) => [p.order_id, p]));
  const byTransaction = new Map(ledger.payments.filter((p) => p.transaction_id).map((p) => [p.transaction_id!, p]));
  const moneyRecords = records.filter((r) => r.operation === 'capture' || r.operation === 'refund' || r.operation === 'void');
  const sales = records.filter((r) => r.operation === 'sale');

  // Nothing the gateway did is unknown to the team ledger (an intent is recorded before its request leaves).
  for (const r of sales) if (!byOrder.has(r.orderId ?? '')) problems.push(`lost: the gateway made a sale for order ${r.orderId} that the team ledger does not have`);
  for (const r of moneyRecords) if (!byTransaction.has(r.transactionId ?? '')) problems.push(`lost: the gateway did a ${r.operation} on transaction ${r.transactionId}, which no payment in the team ledger names`);

  for (const p of ledger.payments) {
    const ops = opsOf.get(p.id) ?? [];
    const name = `order ${p.order_id}`;
    for (const op of ops) if (op.outcome === 'sending' || op.outcome === 'unknown') problems.push(`${name}: its ${op.kind} is still ${op.outcome}`);
    if (p.state === 'creating' || p.state === 'unknown') problems.push(`${name}: the payment is still ${p.state}`);

    const gatewaySales = sales.filter((r) => r.orderId === p.order_id);
    const ledgerSales = ops.filter((o) => o.kind === 'create' && o.outcome === 'succeeded');
    if (gatewaySales.length !== ledgerSales.length) problems.push(`${name}: ${gatewaySales.length} sale(s) at the gateway, ${ledgerSales.length} succeeded create(s) in the team ledger`);

    const atGateway = (kind: string) => (p.transaction_id ? moneyRecords.filter((r) => r.operation === kind && r.transactionId === p.transaction_id) : []);
    for (const kind of ['capture', 'refund', 'void']) {
      const there = atGateway(kind);
      const here = ops.filter((o) => o.kind === kind && o.outcome === 'succeeded');
      if (there.length !== here.length) problems.push(`${name}: ${there.length} ${kind}(s) at the gateway, ${here.length} succeeded in the team ledger`);
      else if (kind !== 'void' && sorted(there.map((r) => r.amountMinor)) !== sorted(here.map((o) => o.amount_minor))) {
        problems.push(`${name}: ${kind} amounts at the gateway [${sorted(there.map((r) => r.amountMinor))}], in the team ledger [${sorted(here.map((o) => o.amount_minor))}]`);
      }
    }

    // The payment as the gateway's records add it up.
    const sum = (kind: string) => atGateway(kind).reduce((total, r) => total + (r.amountMinor ?? 0), 0);
    const made = gatewaySales.length > 0;
    const captured = made ? (p.auth_only ? 0 : p.amount_minor) + sum('capture') : 0;
    const refunded = made ? sum('refund') : 0;
    const state = !made ? 'not_created' : atGateway('void').length > 0 ? 'voided' : stateOfTotals(p.amount_minor, captured, refunded);
    if (p.state !== state || p.captured_minor !== captured || p.refunded_minor !== refunded) {
      problems.push(`${name}: the team ledger says ${p.state}, captured ${p.captured_minor}, refunded ${p.refunded_minor}; the gateway's records say ${state}, captured ${captured}, refunded ${refunded}`);
    }
  }
  return { problems, payments: ledger.payments.length, moves: moneyRecords.length, sales: sales.length };
}
