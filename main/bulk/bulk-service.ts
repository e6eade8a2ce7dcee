// Bulk payment links. A batch's rows are stored with their order ids before anything is sent;
// a run sends them one at a time through the same create path as a single link (which records
// the intent in the ledger first), and before each row asks the ledger whether that order id
// already exists: if it does in any state but "not created", the row is not sent again. So a
// resume after a cancel, a crash or a lost answer never creates a link twice.
import { randomUUID } from 'node:crypto';
import type { BulkBatchView, BulkEncoding, BulkLink } from '../../contract/methods/bulk';
import { formatMinor, isCurrencyCode, parseAmount } from '../../contract/money';
import type { MethodParsedInput } from '../../contract/methods';
import type { PaymentView } from '../../contract/methods/payments';
import type { ProductionConfirmation } from '../../contract/methods/profiles';
import type { Reason } from '../../contract/reasons';
import { AppFailure } from '../../contract/result';
import { englishText, fail, fieldFailure, reason } from '../core/fail';
import type { CallContext } from '../core/call-context';
import type { EventHub } from '../core/event-hub';
import type { BulkAddresses, BulkBatchRow, BulkBatchSummary, BulkRowRow, BulkStore } from '../ledger/bulk-store';
import { toCsv } from '../ledger/csv';
import type { LedgerTx } from '../ledger/store';
import { newOrderId } from '../payments/order-ids';
import type { Logger } from '../log/logger';
import { amountMinorColumn, bulkColumns, markOrdersInLedger, orderIdsToCheck, readBulkFile, vatColumns, vatOfRow, withoutKeys } from './bulk-rows';
import { cardNumberRemoved, holdsCardNumber } from '../../contract/card';
import { cleanUrl } from '../payments/validate-input';
import { toAsciiDigits } from '../../contract/digits';
import { withoutDirectionMarks } from '../../contract/text-chars';
import { payPageToOffer } from '../../contract/pay-page';

/** A stored row's amount as an integer of minor units, or empty when it does not read as one (the row's own error says why). */
function minorOf(amount: string | null, currency: string | null): number | null {
  if (!amount || !currency || !isCurrencyCode(currency)) return null;
  const read = parseAmount(amount, currency);
  return read.ok ? read.minor : null;
}

export type BulkDeps = {
  /** Where batches and rows are kept: the laptop's file or the team ledger (ledger/bulk-store.ts, ledger/postgres/pg-bulk.ts). */
  store: BulkStore;
  /** The payments ledger the links are recorded in (a row's order id is looked up there before it is sent). */
  orders: Pick<LedgerTx, 'byOrderId'>;
  logger: Logger;
  events: EventHub;
  now?: () => Date;
  /** Today in the business's zone, as a single link's expiry is judged (payments' `today`). */
  today(): string;
  active(): Promise<{ profile: { id: string; environment: string; name: string } & Record<string, unknown>; defaults?: { successUrl?: string | null; failureUrl?: string | null } }>;
  defaultCurrency(): Promise<string>;
  requireConfirmation(profile: { id: string; environment: string; name: string }, confirm: ProductionConfirmation | undefined): void;
  /** The single-link create path (records the intent before sending). */
  createLink(input: MethodParsedInput<'createPaymentLink'>, ctx: CallContext): Promise<PaymentView>;
  /** A row with a VAT rate: the invoice path, which goes through the same create path. */
  createInvoice(input: MethodParsedInput<'createInvoice'>, ctx: CallContext): Promise<PaymentView>;
};

export function createBulkService(deps: BulkDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const runs = new Map<string, { cancel: boolean; stop: boolean; done: Promise<void> }>();

  // Whatever this laptop was running when Paydesk stopped is interrupted; the ledger settles its
  // rows on resume. Asked before the first call (on the team ledger again after a failure: the
  // server may be out of reach at start).
  let started: Promise<void> | undefined;
  const ready = () => (started ??= store.markInterrupted().catch((error: unknown) => {
    started = undefined;
    throw error;
  }));
  // At start too: a row left `sending` counts as money in flight until it is settled (maintenance's update check).
  void ready().catch(() => undefined);

  const getBatch = async (batchId: string) => {
    await ready();
    const batch = await store.batch(batchId);
    if (!batch) throw fail('not_found', 'bulk.noBatch');
    return batch;
  };
  // The screens follow a batch by this event (on the team ledger other laptops hear it from the database: bulk-audit.sql).
  const moved = (batchId: string) => deps.events.emit({ type: 'bulk.changed', batchId });
  const setRow = async (row: BulkRowRow, changes: Pick<BulkRowRow, 'state'> & Partial<Pick<BulkRowRow, 'payment_id' | 'error'>>) => {
    await store.setRow(row.batch_id, row.line, { state: changes.state, payment_id: changes.payment_id ?? row.payment_id, error: changes.error ?? null });
    if (changes.state !== 'sending') moved(row.batch_id);
  };

  const viewOf = (batch: BulkBatchRow | BulkBatchSummary, counts: Pick<BulkBatchView, 'total' | 'created' | 'failed' | 'unknown' | 'pending'>, rows: BulkRowRow[]): BulkBatchView => ({
    id: batch.id, fileName: batch.file_name, profileId: batch.profile_id, state: batch.state, ...counts,
    createdAt: batch.created_at, updatedAt: batch.updated_at, runner: batch.runner ?? null,
    addresses: batch.success_url && batch.failure_url ? { successUrl: batch.success_url, failureUrl: batch.failure_url } : null,
    rows: rows.map((r) => ({ line: r.line, orderId: r.order_id, amount: r.amount, currency: r.currency, customerName: r.customer_name, state: r.state, paymentId: r.payment_id, problems: storedProblems(r.error) })),
  });

  async function view(batchId: string): Promise<BulkBatchView> {
    const batch = await getBatch(batchId);
    const rows = await store.rows(batchId);
    const count = (state: BulkRowRow['state']) => rows.filter((r) => r.state === state).length;
    return viewOf(batch, { total: rows.length, created: count('created'), failed: count('failed'), unknown: count('unknown'), pending: count('pending') + count('sending') }, rows);
  }

  async function preview(file: BulkFile) {
    await ready();
    const gateway = await deps.active();
    const currency = await deps.defaultCurrency();
    // After deps.active(), which waits for every profile's key to be read: every cell checked against the keys known.
    const holdsKey = deps.logger.holdsSecret;
    const read = readBulkFile(Buffer.from(file.file, 'base64'), file.encoding, { defaultCurrency: currency, today: deps.today(), holdsKey });
    read.rows = read.rows.map((row) => withoutKeys(row, holdsKey, deps.logger.redact));
    // Every order id asked about at once (one query on the team ledger), then marked as reading would.
    markOrdersInLedger(read.rows, await store.knownOrderIds(gateway.profile.id, orderIdsToCheck(read.rows)));
    return read;
  }

  /** Whether the ledger has the row's order id (in any state but not created): the row then takes that payment's outcome. */
  async function knownAlready(profileId: string, row: BulkRowRow): Promise<boolean> {
    const existing = await deps.orders.byOrderId(profileId, row.order_id);
    if (!existing || existing.state === 'not_created') return false;
    await setRow(row, { state: existing.state === 'unknown' || existing.state === 'creating' ? 'unknown' : 'created', payment_id: existing.id });
    return true;
  }

  /** The links the batch created, each as the ledger has it now (its address, state and invoice number). */
  async function links(batchId: string): Promise<BulkLink[]> {
    await getBatch(batchId);
    return (await store.createdLinks(batchId)).map((p) => ({
      line: p.line, orderId: p.order_id, amountMinor: p.amount_minor, currency: p.currency, description: p.description,
      customer: { name: p.customer_name, email: p.customer_email, phone: p.customer_phone }, state: p.state, url: p.link_url, invoiceNumber: p.invoice_number,
    }));
  }

  async function run(batchId: string, ctx: CallContext, confirm: ProductionConfirmation | undefined, urls: BulkAddresses) {
    const control = runs.get(batchId)!;
    let lost = false;
    try {
      const batch = await getBatch(batchId);
      for (const row of await store.rows(batchId)) {
        // Left `sending` by a laptop that stopped mid-row: settled by the ledger check below, like a waiting row.
        if (row.state !== 'pending' && row.state !== 'sending') continue; // created, unknown, or failed (in the error report)
        if (control.cancel || control.stop) break;
        // Still this laptop's run (a Cancel from another laptop, or the run taken over after this one went quiet).
        const go = await store.renew(batchId);
        if (go === 'lost') {
          lost = true;
          break;
        }
        if (go === 'cancel') {
          control.cancel = true;
          break;
        }
        // Sent before (a run that was cancelled or crashed after sending): never again.
        if (await knownAlready(batch.profile_id, row)) continue;
        await setRow(row, { state: 'sending' });
        try {
          const link = {
            orderId: row.order_id, currency: row.currency as never, description: row.description,
            customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
            issueDate: row.issue_date ?? undefined, expireDate: row.expire_date ?? undefined, confirm, ...urls,
          };
          const vat = vatOfRow(row.vat_rate ?? '');
          const payment = vat && vat !== 'invalid'
            // One line whose price is the row's amount, VAT included: the customer pays exactly that.
            ? await deps.createInvoice({ ...link, lines: [{ description: row.description, quantity: '1', unitPrice: row.amount, ...vat, reason: row.vat_reason ?? undefined }], pricesIncludeVat: true, language: 'both' }, ctx)
            : await deps.createLink({ ...link, amount: row.amount }, ctx);
          const unknown = payment.state === 'unknown';
          await setRow(row, { state: unknown ? 'unknown' : 'created', payment_id: payment.id, error: unknown ? storeProblems([{ column: null, reason: reason('gateway.outcome_unknown') }]) : null });
        } catch (e) {
          const code = e instanceof AppFailure ? e.code : 'internal';
          // Recorded meanwhile by the laptop that took the run over (its lease ran out on this one): the row is that payment.
          if (code === 'conflict' && (await knownAlready(batch.profile_id, row))) continue;
          const message = storeProblems(problemsOf(e));
          // Not reached, or every row would fail the same way: the row waits for a resume.
          if (['network', 'timeout', 'key_missing', 'key_rejected', 'confirmation_required', 'keychain_unavailable', 'storage', 'forbidden'].includes(code)) {
            await setRow(row, { state: 'pending', error: message });
            break;
          }
          await setRow(row, { state: 'failed', error: message });
        }
      }
      if (!lost) {
        const left = (await store.rows(batchId)).some((r) => r.state === 'pending' || r.state === 'sending');
        await store.finish(batchId, control.cancel && left ? 'cancelled' : left ? 'interrupted' : 'done');
      }
    } catch (e) {
      deps.logger.error('A bulk run stopped unexpectedly', { error: e instanceof Error ? e.name : 'unknown', code: String((e as { code?: unknown } | null)?.code ?? '') });
      await store.finish(batchId, 'interrupted').catch(() => undefined);
    } finally {
      runs.delete(batchId);
      deps.events.emit({ type: 'payments.changed', paymentIds: [] });
      moved(batchId);
    }
  }

  return {
    preview,

    async createBatch(file: BulkFile, fileName: string, ctx: CallContext): Promise<BulkBatchView> {
      const gateway = await deps.active();
      const read = await preview(file);
      if (read.fileError) throw fieldFailure('invalid_input', { file: read.fileError });
      const valid = read.rows.filter((r) => Object.keys(r.errors).length === 0);
      const invalid = read.rows.filter((r) => Object.keys(r.errors).length > 0);
      if (valid.length === 0) throw fieldFailure('invalid_input', { file: reason('bulk.noValidRows') });
      const id = randomUUID();
      const at = now();
      const day = deps.today(); // the business's day, as a single link's order id has it
      const row = (r: (typeof read.rows)[number], fields: Partial<BulkRowRow>): BulkRowRow => ({
        batch_id: id, line: r.line, order_id: r.orderId, amount: r.amount, currency: r.currency, description: r.description,
        customer_name: r.customerName, customer_email: r.customerEmail, customer_phone: r.customerPhone, issue_date: null, expire_date: null,
        vat_rate: null, vat_reason: null, state: 'pending', payment_id: null, error: null, ...fields,
      });
      await store.insertBatch(
        { id, profile_id: gateway.profile.id, file_name: fileName.trim().slice(0, 255) || 'links.csv', state: 'ready', created_by: ctx.osUser, created_at: at.toISOString(), updated_at: at.toISOString(), separator: read.delimiter },
        [
          // Each row's order id is fixed now, before any request: a resume sends the same one.
          ...valid.map((r) => row(r, { order_id: r.orderId || newOrderId(day), issue_date: r.issueDate || null, expire_date: r.expireDate || null, vat_rate: r.vatRate || null, vat_reason: r.vatReason || null })),
          // Rows with problems are kept (never sent) so the error report lists them too.
          // Every cell as typed (the error report gives them back, to be corrected in place), but a card number, which is never kept;
          // an order id too, generated when none was typed: the corrected report chosen twice makes the row's link once.
          ...invalid.map((r) => row(withoutCardNumbers(r), {
            order_id: r.orderId || newOrderId(day), issue_date: typed(r.issueDate), expire_date: typed(r.expireDate), vat_rate: typed(r.vatRate), vat_reason: typed(r.vatReason),
            state: 'failed', error: storeProblems(Object.entries(r.errors).map(([column, why]) => ({ column, reason: why }))),
          })),
        ].sort((a, b) => a.line - b.line),
      );
      return view(id);
    },

    async start(batchId: string, ctx: CallContext, confirm: ProductionConfirmation | undefined, given: Addresses = {}): Promise<BulkBatchView> {
      const batch = await getBatch(batchId);
      if (runs.has(batchId)) return view(batchId);
      const gateway = await deps.active();
      if (gateway.profile.id !== batch.profile_id) throw fail('rule_violation', 'bulk.otherProfile');
      deps.requireConfirmation(gateway.profile, confirm);
      if (batch.state === 'done') return view(batchId);
      // Where every row's customer goes, checked once before any row is sent: a profile without
      // defaults and none given refused each row alike ("no default yet"), now the run itself.
      // A batch that has run keeps the addresses it first ran with: its later rows go where its
      // first went, whatever a resume is given or the profile's defaults have become since.
      const kept = batch.success_url && batch.failure_url ? { successUrl: batch.success_url, failureUrl: batch.failure_url } : undefined;
      const checked = addressesOf(kept ?? given, gateway.defaults, gateway.profile.environment);
      // One laptop runs a batch: on the team ledger the database gives the run to one of them and
      // names who has it to the others.
      const control = { cancel: false, stop: false, done: Promise.resolve() };
      runs.set(batchId, control);
      let urls: BulkAddresses;
      try {
        const claim = await store.claim(batchId, ctx.osUser, checked);
        if (!claim.taken) throw fail('busy', 'bulk.runningElsewhere', { person: claim.runner.person, laptop: claim.runner.laptop ?? '?' });
        urls = claim.addresses;
      } catch (error) {
        runs.delete(batchId);
        throw error;
      }
      control.done = run(batchId, ctx, confirm, urls);
      moved(batchId);
      return view(batchId);
    },

    async cancel(batchId: string, ctx: CallContext): Promise<BulkBatchView> {
      // At once: the run looks before its next row.
      const control = runs.get(batchId);
      if (control) control.cancel = true;
      await getBatch(batchId);
      // Asked of the store too, which audits it (bulk_cancel); running on another laptop, that one stops after the row it is sending.
      await store.askCancel(batchId, ctx.osUser);
      moved(batchId);
      return view(batchId);
    },

    view,
    async list(): Promise<BulkBatchView[]> {
      await ready();
      return (await store.recent(20)).map((b) => viewOf(b, { total: b.total, created: b.created, failed: b.failed, unknown: b.unknown, pending: b.pending }, []));
    },

    /**
     * The failed and unknown rows as CSV in the template's columns (the VAT ones when the batch
     * has them) and the reason last, in the renderer's wording (else English): the file is
     * corrected and chosen again as it is. Each row keeps its order id (a generated one too), so a
     * row whose link was made meanwhile, or whose outcome is unknown, is refused as already in
     * the ledger: never a second link. The reason is written without the direction marks that
     * keep an Arabic sentence's amounts in order on screen: in a file they are invisible
     * characters that a copied example or a corrected cell would carry along. Written with the
     * file's own separator (a semicolon file's report opens in columns where it was made).
     */
    async errorReport(batchId: string, wording: Record<string, string> = {}) {
      const batch = await getBatch(batchId);
      const all = await store.rows(batchId);
      const bad = all.filter((r) => r.state === 'failed' || r.state === 'unknown');
      const english = (r: BulkRowRow) => storedProblems(r.error).map((p) => (p.column ? `${p.column}: ` : '') + englishText(p.reason as Reason)).join(' ');
      const withVat = all.some((r) => r.vat_rate || r.vat_reason);
      // amount_minor before the error (bulk-rows.ts amountMinorColumn): a spreadsheet that reads the amount another way is caught when the file comes back.
      const header = [...bulkColumns, ...(withVat ? vatColumns : []), amountMinorColumn, 'error'];
      const { csv, rows } = toCsv(header, bad.map((r) => [
        r.order_id, r.amount, r.currency, r.description, r.customer_name, r.customer_email, r.customer_phone, r.issue_date, r.expire_date,
        ...(withVat ? [r.vat_rate, r.vat_reason] : []), minorOf(r.amount, r.currency), withoutDirectionMarks(wording[String(r.line)] ?? english(r)),
      ]), batch.separator ?? ',');
      return { fileName: `paydesk-bulk-errors-${batchId.slice(0, 8)}.csv`, csv, rows };
    },

    links,

    /**
     * The batch's links as CSV for a mail merge: the amount as an exact decimal from its minor
     * units, the message and the state as the renderer worded them (else the state's code), and
     * an audit entry as every export has. Written with the batch's file's separator, as its
     * spreadsheet reads them.
     */
    async linksCsv(batchId: string, wording: Record<string, { message: string; state: string }>, ctx: CallContext) {
      const made = await links(batchId);
      const { separator } = await getBatch(batchId);
      const amount = (l: BulkLink) => (isCurrencyCode(l.currency) ? formatMinor(l.amountMinor, l.currency) : String(l.amountMinor));
      const { csv, rows } = toCsv(
        ['orderId', 'customerName', 'customerEmail', 'customerPhone', 'amount', 'currency', 'description', 'state', 'link', 'message', amountMinorColumn],
        // A page not safe to send (contract/pay-page.ts) is left out of a file made for sending; the ledger keeps it.
        made.map((l) => [l.orderId, l.customer.name, l.customer.email, l.customer.phone, amount(l), l.currency, l.description, wording[String(l.line)]?.state ?? l.state, payPageToOffer(l.url), wording[String(l.line)]?.message ?? '', l.amountMinor]),
        separator ?? ',',
      );
      const fileName = `paydesk-bulk-links-${batchId.slice(0, 8)}.csv`;
      await store.recordExport(ctx.osUser, `${rows} rows; file ${fileName}`);
      return { fileName, csv, rows };
    },

    /** Resolves when the batch's current run (if any) has stopped; for tests and shutdown. */
    idle: (batchId: string) => runs.get(batchId)?.done ?? Promise.resolve(),
    /** At shutdown: every run stops after the row it is sending, its batch interrupted (resumed from Recent batches). */
    async close() {
      for (const control of runs.values()) control.stop = true;
      await Promise.all([...runs.values()].map((c) => c.done));
    },
  };
}

export type BulkService = ReturnType<typeof createBulkService>;
type BulkFile = { file: string; encoding?: BulkEncoding };
type Addresses = { successUrl?: string; failureUrl?: string };

/** The addresses given for the batch (empty: the profile's default), each checked as a single link's are: the batch keeps them. */
function addressesOf(given: Addresses, defaults: { successUrl?: string | null; failureUrl?: string | null } | undefined, environment: string): BulkAddresses {
  return {
    successUrl: cleanUrl(given.successUrl, 'successUrl', defaults?.successUrl, environment),
    failureUrl: cleanUrl(given.failureUrl, 'failureUrl', defaults?.failureUrl, environment),
  };
}
type Problem = BulkBatchView['rows'][number]['problems'][number];

/** A cell as typed, or null when empty (as the good rows store their optional columns). */
const typed = (text: string | undefined) => text || null;

/** A refused row whose description held a card number (the column that rule checks): the number is never stored, nor given back in the error report. */
function withoutCardNumbers<T extends { description: string }>(row: T): T {
  return holdsCardNumber(toAsciiDigits(row.description)) ? { ...row, description: cardNumberRemoved } : row;
}

/** Why a row failed, as stored in bulk_rows.error: JSON of problems (each a column and a reason). */
function storeProblems(problems: Problem[]): string {
  return JSON.stringify(problems);
}

/** Reads bulk_rows.error; an earlier Paydesk stored English text there, which stays readable as it is. */
export function storedProblems(stored: string | null): Problem[] {
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (Array.isArray(parsed) && parsed.every((p) => typeof p?.reason?.key === 'string')) return (parsed as Problem[]).map(profileAsProfile);
  } catch {
    // English text from before reasons: shown as is.
  }
  return [{ column: null, reason: reason('bulk.storedText', { text: stored }) }];
}

/**
 * A row paused by a profile's refusal (its key missing, production not confirmed) before the
 * profile's name was called `profile` in every reason (isolated in Arabic, docs/profiles-and-keys.md)
 * kept it as `name`: read as `profile`, or its words would miss the value.
 */
const namedProfileBefore = new Set(['profile.keyMissing', 'production.confirm', 'production.otherProfile', 'profile.nameTaken', 'profile.teamProfileHere', 'profile.teamRenameRefused', 'profile.teamRemoveRefused']);
function profileAsProfile(problem: Problem): Problem {
  const values = problem.reason.values;
  if (!namedProfileBefore.has(problem.reason.key) || !values || values.profile !== undefined || values.name === undefined) return problem;
  const { name, ...rest } = values;
  return { ...problem, reason: { ...problem.reason, values: { ...rest, profile: name } } };
}

/** A failed send: the reasons of each field, or the failure's own reason. */
function problemsOf(e: unknown): Problem[] {
  if (!(e instanceof AppFailure)) return [{ column: null, reason: reason('bulk.sendFailed') }];
  const fields = Object.entries(e.extra.fieldReasons ?? {}).map(([column, why]) => ({ column, reason: why as Reason }));
  if (fields.length) return fields;
  return [{ column: null, reason: (e.extra.reason as Reason | undefined) ?? reason('bulk.sendFailed') }];
}
