// Fills a ledger with realistic made-up history: links, checkout sessions, card sales and
// recurring charges over two years, in several currencies and every state, captures and
// refunds with their operations, Arabic and Latin customer names, webhooks, status checks and
// an intact audit chain. Deterministic for a given seed, so benchmarks compare like with like.
// Fast at a million payments: prepared statements, and the secondary indexes, search index and
// triggers built once after the rows are in, not kept up row by row. seedLedger writes it all
// in one transaction on the caller's thread (the tests' small ledgers); `npm run seed` shares
// the work between two threads (seed-two-threads.ts) with writeSeedRows and the steps below.
import { hash as sha256Of, randomUUID } from 'node:crypto';
import { formatMinor, type CurrencyCode } from '../contract/money';
import type { LedgerDb } from '../main/ledger/database';
import { rebuildLedgerDerived, rebuildSearchIndex } from '../main/ledger/derived';
import { leanAnswer, webhookColumns } from '../main/ledger/lean-answer';
import { storedLastError } from '../main/ledger/last-error';
import { addDays } from '../main/practice/dates';
import { appendTransactions } from '../main/practice/store';
import type { Transaction } from '../main/practice/model';
import { batchInsert, type Batch } from './seed-batch';
import { gatewayTransactionOf, openDays, openSeedStates } from './seed-gateway';

const refusedLastError = storedLastError({ key: 'gateway.request_rejected' });
const latinFirst = ['Layla', 'Omar', 'Maryam', 'Zaid', 'Sara', 'Khalid', 'Noura', 'Fahad', 'Huda', 'Yousef', 'Ahmed', 'Reem', 'Faisal', 'Dana', 'James', 'Anna', 'Priya', 'Hassan'];
const latinLast = ['Haddad', 'Saleh', 'Qahtani', 'Ali', 'Otaibi', 'Harbi', 'Shammari', 'Dossari', 'Ghamdi', 'Zahrani', 'Smith', 'Khan', 'Mansour', 'Nasser'];
const arabicFirst = ['مريم', 'عمر', 'ليلى', 'خالد', 'نورة', 'فهد', 'هدى', 'يوسف', 'سارة', 'أحمد', 'ريم', 'فيصل'];
const arabicLast = ['القحطاني', 'العتيبي', 'الحربي', 'الشمري', 'الدوسري', 'الغامدي', 'الزهراني', 'حداد', 'صالح', 'المنصور'];
const descriptions = ['Invoice', 'Monthly subscription', 'Order', 'Deposit', 'Service fee', 'Booking', 'فاتورة', 'اشتراك شهري', 'طلب'];
const users = ['layla', 'omar', 'finance', 'support'];
const currencies: Array<[CurrencyCode, number, number]> = [
  // code, weight, typical amount in minor units
  ['SAR', 55, 25_000], ['AED', 15, 30_000], ['KWD', 8, 20_000], ['USD', 10, 8_000], ['BHD', 4, 15_000], ['QAR', 5, 30_000], ['EUR', 3, 9_000],
];
const kinds: Array<[string, number]> = [['link', 35], ['checkout', 20], ['sale', 35], ['recurring', 8], ['external', 2]];
// State after everything that happened to it, by kind of payment.
const states: Array<[string, number]> = [
  ['paid', 52], ['pending', 8], ['authorised', 4], ['partially_captured', 1], ['partially_refunded', 5], ['refunded', 5],
  ['voided', 3], ['declined', 12], ['expired', 8], ['unknown', 1], ['not_created', 1],
];
const words: Record<string, string> = {
  paid: 'CAPTURED', pending: 'PENDING', authorised: 'AUTHORIZED', partially_captured: 'PARTIALLY_CAPTURED', partially_refunded: 'PARTIALLY_REFUNDED',
  refunded: 'REFUNDED', voided: 'VOIDED', declined: 'DECLINED', expired: 'EXPIRED', unknown: 'PROCESSING', not_created: '',
};

/** mulberry32: a small seeded generator (the same seed, the same ledger; test/e2e's crash run replays with it). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(table: Array<[T, number, ...unknown[]]>, r: number): T {
  const total = table.reduce((s, e) => s + e[1], 0);
  let x = r * total;
  for (const entry of table) if ((x -= entry[1]) < 0) return entry[0];
  return table.at(-1)![0];
}

export type SeedOptions = {
  payments: number; seed?: number; start?: Date; end?: Date; profileId?: string; onProgress?: (done: number) => void;
  /** Each phase's seconds as it ends (rows, search, indexes, derived, commit, analyze): where the time goes. */
  onPhase?: (phase: string, seconds: number) => void;
  /** The ids' random part (3 hex digits), fixed only to compare two seeds row for row; else new each seed. */
  idTail?: string;
  /**
   * The practice gateway's state file in the same data folder (`practice-gateway.json`): the open
   * payments the app will ask it about are written there too, as if made through it (seed-gateway.ts).
   * Without it (the tests' ledgers), the gateway never heard of them.
   */
  practiceStateFile?: string;
};
/** Which tables a thread writes: all of them (seedLedger), or its share when two threads seed (seed-two-threads.ts). */
export type SeedShare = 'all' | 'payments' | 'children';
export type SeedRows = { counts: SeedCounts; seq: number; prevHash: string };
export type SeedCounts = { payments: number; operations: number; history: number; audit: number; webhooks: number; checks: number };

export function seedLedger(db: LedgerDb, options: SeedOptions): SeedCounts {
  checkEmpty(db);
  const phase = phaseTimer(options.onPhase);
  const restorePragmas = bulkPragmas(db);
  let counts: SeedCounts | undefined;
  db.transaction(() => {
    const restore = dropDerived(db);
    const rows = writeSeedRows(db, options, 'all');
    counts = rows.counts;
    phase('rows');
    rebuildSearchIndex(db);
    phase('search');
    restore.indexes();
    phase('indexes');
    rebuildLedgerDerived(db);
    phase('derived');
    restore.triggers();
    markChainVerified(db, rows);
  }).immediate();
  phase('commit');
  restorePragmas();
  analyze(db);
  phase('analyze');
  return counts!;
}

/** Tells each phase's seconds as it ends (`onPhase`): where the time goes. */
export function phaseTimer(onPhase: SeedOptions['onPhase']): (name: string) => void {
  let start = performance.now();
  return (name) => {
    const now = performance.now();
    onPhase?.(name, (now - start) / 1000);
    start = now;
  };
}

export function checkEmpty(db: LedgerDb): void {
  const existing = (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
  if (existing > 0) throw new Error(`The ledger already holds ${existing} payments; seed an empty data folder.`);
}

/**
 * A big page cache, and the rollback journal in memory instead of the WAL for the seed's
 * transactions: every page would otherwise be written twice (WAL, then checkpoint). No sync
 * either: the file is new, and a seed stopped midway is begun again in an empty folder (seed.ts
 * says so). A cache holding the whole 1M ledger (2 GiB) was no faster: the writing moved to the
 * commit (4-7 s), 1.3 GB resident (docs/performance.md, "Seeding and ledger size"). Returns the
 * function that puts the connection's settings back.
 */
export function bulkPragmas(db: LedgerDb): () => void {
  const cache = db.pragma('cache_size', { simple: true });
  const synchronous = db.pragma('synchronous', { simple: true });
  db.pragma('cache_size = -262144');
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  return () => {
    db.pragma(`cache_size = ${cache}`);
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma('journal_mode = WAL');
  };
}

/** The chain was built by the seed, entry by entry: it counts as verified up to its end. */
export function markChainVerified(db: LedgerDb, rows: SeedRows): void {
  db.prepare("UPDATE ledger_meta SET value = ? WHERE key = 'audit_verified_seq'").run(rows.seq);
  db.prepare("UPDATE ledger_meta SET value = ? WHERE key = 'audit_verified_hash'").run(rows.prevHash);
}

export function analyze(db: LedgerDb): void {
  db.pragma('analysis_limit = 1000');
  db.exec('ANALYZE');
}

/**
 * Writes the seed's rows (its share of them) in the open transaction, with the indexes and
 * triggers dropped: the same rows for the same options whichever share, so two threads each
 * writing theirs make what one thread writing all makes. Words get their ids (ledger_words) as
 * first used, only by the child tables, so the share writing them numbers them as `all` does.
 */
export function writeSeedRows(db: LedgerDb, options: SeedOptions, share: SeedShare): SeedRows {
  const payments = share !== 'children';
  const children = share !== 'payments';
  const rnd = random(options.seed ?? 42);
  const end = (options.end ?? new Date('2026-11-01T00:00:00Z')).getTime();
  const start = (options.start ?? new Date(end - 730 * 86_400_000)).getTime();
  const profile = options.profileId ?? 'practice';
  const n = options.payments;
  const counts: SeedCounts = { payments: 0, operations: 0, history: 0, audit: 0, webhooks: 0, checks: 0 };
  // The gateway's side of the open payments, written by the thread writing the child tables.
  const atGateway: Transaction[] | undefined = children && options.practiceStateFile ? [] : undefined;

  // Each table's rows in multi-row INSERTs (seed-batch.ts); a payment's rowid is given, 1 up (the
  // table is empty), so its rows need not wait for its insert. A table outside the share is not
  // written, and what only it needs is not worked out.
  const table = (on: boolean, head: string, row: string): Batch => (on ? batchInsert(db, head, row) : { add: () => {}, flush: () => {} });
  const insertPayment = table(payments, `INSERT INTO payments (rowid, id, profile_id, environment, kind, order_id, amount_minor, currency, description, customer_name, customer_email, customer_phone,
    card_bin, card_last4, transaction_id, session_id, link_url, recurring_token, parent_payment_id, auth_only, state, status_word, captured_minor, refunded_minor, created_by, created_at, updated_at,
    last_checked_at, next_check_at, check_attempts, needs_attention, watched, last_error, expire_date)`,
    `(?, ?, ?, 'practice', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?, ?)`);
  // The child tables as stored since migration 11 (main/ledger/packing.ts): the payment by its
  // rowid, ids and hashes as bytes, times as milliseconds, repeated words by id.
  const insertOp = table(children, `INSERT INTO ledger_operations (id, payment, seq, kind, amount_minor, base_minor, reason, os_user, outcome, error_code, error_message, gateway_answer, created_at, completed_at)`,
    '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertHistory = table(children, 'INSERT INTO ledger_history (payment, id, state, status_word, source, at)', '(?, ?, ?, ?, ?, ?)');
  const insertWebhook = table(children, 'INSERT INTO ledger_webhooks (received_at, dedup_key, payment, transaction_id, order_id, status_word, type, duplicate, body)', '(?, ?, ?, ?, NULL, ?, ?, 0, ?)');
  const insertCheck = table(children, 'INSERT INTO ledger_checks (payment, id, at, outcome, status_word, state)', '(?, 1, ?, ?, ?, ?)');
  const insertAudit = table(children, 'INSERT INTO ledger_audit (seq, at, os_user, profile_id, environment, action, payment, order_id, amount_minor, currency, reason, result, prev_hash, hash)',
    '(?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, NULL, ?)');
  const wordIds = new Map<string, number>();
  const addWord = children ? db.prepare('INSERT INTO ledger_words (word) VALUES (?) ON CONFLICT (word) DO UPDATE SET word = excluded.word RETURNING id').pluck() : undefined;
  const w = (word: string | null) => {
    if (word === null) return null;
    let id = wordIds.get(word);
    if (id === undefined) wordIds.set(word, (id = addWord!.get(word) as number));
    return id;
  };
  const kindCodes: Record<string, number> = { create: 0, capture: 1, void: 2, refund: 3 };
  const outcomeCodes: Record<string, number> = { sending: 0, succeeded: 1, failed: 2, unknown: 3 };
  const op = (id: string, ref: bigint, kind: string, amount: number | null, base: number | null, reason: string | null, user: string, outcome: string, errorCode: string | null, errorMessage: string | null, answer: string | null, at: bigint, done: bigint) =>
    children && insertOp.add(Buffer.from(id.replace(/-/g, ''), 'hex'), ref, ++opSeq, kindCodes[kind], amount, base, w(reason), w(user), outcomeCodes[outcome], w(errorCode), errorMessage, answer, at, done);
  let historyId = 0;
  let opSeq = 0;
  const history = (ref: bigint, state: string, word: string | null, source: string, at: bigint) => children && insertHistory.add(ref, ++historyId, w(state), w(word), w(source), at);

  const last = children ? (db.prepare('SELECT seq, hash FROM ledger_audit ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: Buffer } | undefined) : undefined;
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash.toString('hex') ?? '0'.repeat(64);
  // The same content and hash rule as main/ledger/audit-log.ts.
  const write = ([ref, atMs, user, action, paymentId, orderId, amount, currency, reason, result]: AuditEntry) => {
    seq++;
    const at = new Date(Number(atMs)).toISOString();
    const content = JSON.stringify([seq, at, user, profile, 'practice', action, paymentId, orderId, amount, currency, reason, result]);
    const hash = sha256Of('sha256', prevHash + content, 'buffer');
    insertAudit.add(seq, atMs, w(user), w(profile), w('practice'), w(action), ref, amount, w(currency), w(reason), w(result), hash);
    prevHash = hash.toString('hex');
    counts.audit++;
  };
  // The log is written in time order, as the app appends it: a payment's later entries (a refund
  // up to 21 days on) wait until the payments made before them are written. In payment order, the
  // audit screen's period (found by halving on seq, audit-period.ts) listed November's refunds
  // under October.
  const waiting = new EntriesByTime();
  const audit = (...entry: AuditEntry) => children && waiting.push(entry);
  const writeUntil = (ms: bigint) => {
    while (waiting.size > 0 && waiting.first()![1] <= ms) write(waiting.shift()!);
  };
  // As the app stores them: an applied answer is not kept (its word is in the history); an unclear
  // one whole (here, what the practice gateway would have said); of a webhook's body only what
  // the app keeps (lean-answer.ts).
  const answer = (txId: string, orderId: string, word: string, amount: number, currency: CurrencyCode, captured: number, refunded: number, at: string, omit: string[] = []) =>
    leanAnswer(`{"code":200,"message":"Success","errorCode":null,"data":{"transactionId":"${txId}","orderId":"${orderId}","status":"${word}","amount":${formatMinor(amount, currency)},"currency":"${currency}","capturedAmount":${formatMinor(captured, currency)},"refundedAmount":${formatMinor(refunded, currency)},"cardMasked":"512345******0008","createdAt":"${at}","updatedAt":"${at}"}}`, omit);

  const currencyTable = currencies.map((c) => [c, c[1]] as [typeof c, number]);
  const step = (end - start) / Math.max(1, n);
  // Ids ordered by time (UUID version 7 layout): the primary-key B-trees grow at their end
  // instead of taking random inserts all over a file far larger than the page cache.
  let idCounter = 0;
  const idTail = options.idTail ?? randomUUID().replace(/-/g, '').slice(17, 20);
  // A payment's ids share its time: that part is written once a payment.
  let prefixOf = NaN;
  let prefix = '';
  const uuid = (t: number) => {
    if (t !== prefixOf) {
      const hex = Math.floor(t).toString(16).padStart(12, '0');
      prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${idTail}-8`;
      prefixOf = t;
    }
    const count = (idCounter++).toString(16).padStart(12, '0');
    return `${prefix}${count.slice(0, 3)}-${count.slice(3)}000`;
  };
  for (let i = 0; i < n; i++) {
    const t = start + i * step + rnd() * step * 0.9;
    writeUntil(BigInt(Math.trunc(t)));
    const at = new Date(t).toISOString();
    const later = (minutes: number) => new Date(t + minutes * 60_000).toISOString();
    // The same times as milliseconds (stored so by the child tables).
    const tm = (minutes: number) => BigInt(Math.trunc(t + minutes * 60_000));
    const [currency, , typical] = weighted(currencyTable, rnd());
    const amount = Math.max(100, Math.round(typical * (0.05 + rnd() * 2)));
    const kind = weighted(kinds, rnd());
    let state = weighted(states, rnd());
    // A payment made elsewhere is recorded from a lookup's answer: never one whose creation's answer
    // was lost (the reconciler then wrote "create_external", an action the app never words).
    if (kind === 'external' && (state === 'not_created' || state === 'unknown')) state = 'paid';
    if ((kind === 'link' || kind === 'checkout') && state === 'authorised' && rnd() < 0.5) state = 'pending';
    // Open at the seed's end only if made in its last week (a link's or session's days, the
    // gateway's default): an older one the app would have checked long since and recorded as the
    // gateway settled it, its days over unpaid (expired), its 3-D Secure check failed (declined).
    // The app, opened on a ledger of year-old open payments, asked about them all at once.
    // Every other link given a month to be paid (its expiry date recorded, as the app records one given).
    const days = kind === 'link' && i % 2 === 0 ? 30 : openDays;
    const expireDate = days === openDays ? null : addDays(at.slice(0, 10), days);
    const recent = t >= end - days * 86_400_000;
    if (state === 'pending' && !recent) state = kind === 'link' || kind === 'checkout' ? 'expired' : 'declined';
    const arabic = rnd() < 0.35;
    const first = arabic ? arabicFirst[Math.floor(rnd() * arabicFirst.length)]! : latinFirst[Math.floor(rnd() * latinFirst.length)]!;
    const lastName = arabic ? arabicLast[Math.floor(rnd() * arabicLast.length)]! : latinLast[Math.floor(rnd() * latinLast.length)]!;
    const user = users[Math.floor(rnd() * users.length)]!;
    const id = uuid(t);
    const orderId = `PD-${at.slice(0, 10).replace(/-/g, '')}-${i.toString(36).toUpperCase().padStart(5, '0')}`;
    const txId = state === 'not_created' ? null : `tx_${i.toString(36)}${Math.floor(rnd() * 1e9).toString(36)}`;
    const card = kind === 'sale' || kind === 'recurring' || ((kind === 'checkout' || kind === 'link') && state !== 'pending' && state !== 'expired');
    const captured = state === 'paid' || state === 'refunded' || state === 'partially_refunded' ? amount : state === 'partially_captured' ? Math.floor(amount / 2) : 0;
    const refunded = state === 'refunded' ? captured : state === 'partially_refunded' ? Math.max(1, Math.floor(captured * (0.1 + rnd() * 0.6))) : 0;
    const word = words[state] || null;
    const checked = state === 'unknown' || rnd() < 0.1;
    const ref = BigInt(i + 1);
    const recurringToken = kind === 'checkout' && rnd() < 0.1;
    const email = `${latinFirst[i % latinFirst.length]!.toLowerCase()}.${i.toString(36)}@example.com`;
    const phone = `+9665${String(10_000_000 + ((i * 7919) % 89_999_999))}`;
    const cardBin = card ? `5${String(12345 + (i % 7)).padStart(5, '0')}` : null;
    const cardLast4 = card ? String(1000 + (i % 9000)) : null;
    const description = kind === 'sale' || kind === 'external' ? null : descriptions[i % descriptions.length]!;
    if (payments) insertPayment.add(
      ref, id, profile, kind, orderId, amount, currency, description,
      kind === 'external' ? null : `${first} ${lastName}`, kind === 'external' ? null : email, kind === 'external' ? null : phone,
      cardBin, cardLast4, txId,
      kind === 'checkout' ? `cs_${i.toString(36)}` : null, kind === 'link' ? `https://pay.example/link?linkId=ln_${i.toString(36)}` : null,
      recurringToken ? `rt_${i.toString(36)}` : null, state === 'authorised' || state === 'partially_captured' ? 1 : 0,
      state, word, captured, refunded, user, at, later(state === 'pending' ? 0 : 30), checked ? later(60) : null,
      state === 'unknown' || state === 'pending' ? later(60 * 24) : null, state === 'unknown' ? 1 : 0,
      // As the app stores it now (main/ledger/last-error.ts): a reason each language words.
      state === 'not_created' ? refusedLastError : null, expireDate,
    );
    if (atGateway && txId && openSeedStates.has(state)) {
      const tx = gatewayTransactionOf({
        i, kind, state, recent, days, orderId, transactionId: txId, amountMinor: amount, currency, description, customer: { name: `${first} ${lastName}`, email, phone },
        card: cardBin && cardLast4 ? { bin: cardBin, last4: cardLast4 } : null, at, updatedAt: later(state === 'pending' ? 0 : 30),
      });
      if (tx) atGateway.push(tx);
    }
    historyId = 0;
    opSeq = 0;
    counts.payments++;
    history(ref, 'creating', null, 'create', tm(0));
    counts.history++;
    const createOutcome = state === 'not_created' ? 'failed' : state === 'unknown' ? 'unknown' : 'succeeded';
    const createWord = state === 'pending' || state === 'expired' || kind === 'link' || kind === 'checkout' ? 'PENDING' : state === 'declined' ? 'DECLINED' : state === 'authorised' || state === 'partially_captured' || state === 'voided' ? 'AUTHORIZED' : 'CAPTURED';
    op(uuid(t), ref, 'create', amount, null, null, user, createOutcome, createOutcome === 'failed' ? 'validation' : createOutcome === 'unknown' ? 'timeout' : null,
      createOutcome === 'failed' ? 'The gateway refused the request.' : createOutcome === 'unknown' ? 'No answer in time.' : null,
      txId && createOutcome === 'unknown' ? answer(txId, orderId, createWord, amount, currency, 0, 0, at) : null, tm(0), tm(0.02));
    counts.operations++;
    // A payment made elsewhere is recorded as the app records it: found by a lookup, with its state (payments-service.ts).
    if (kind === 'external') audit(ref, tm(0), user, 'lookup', id, orderId, amount, currency, null, state);
    else audit(ref, tm(0), user, `create_${kind}`, id, orderId, amount, currency, null, createOutcome === 'succeeded' ? (createWord === 'PENDING' ? 'pending' : createWord === 'DECLINED' ? 'declined' : createWord === 'AUTHORIZED' ? 'authorised' : 'paid') : createOutcome === 'failed' ? 'failed: validation' : 'outcome_unknown');
    if (state !== 'unknown' && state !== 'not_created') {
      history(ref, state === 'refunded' || state === 'partially_refunded' ? 'paid' : state === 'voided' ? 'authorised' : state, words[state === 'refunded' || state === 'partially_refunded' ? 'paid' : state] ?? null, kind === 'link' ? 'webhook' : 'create', tm(1));
      counts.history++;
    }
    if (kind === 'link' && txId && state !== 'pending') {
      if (children) insertWebhook.add(tm(1), `${txId}:${word}`, ref, txId, w(word), w('payment.status'), answer(txId, orderId, word ?? 'PENDING', amount, currency, captured, refunded, later(1), webhookColumns));
      counts.webhooks++;
    }
    if (state === 'partially_captured' || (state === 'paid' && createWord === 'AUTHORIZED')) {
      op(uuid(t), ref, 'capture', captured, 0, null, user, 'succeeded', null, null, null, tm(120), tm(120.01));
      audit(ref, tm(120), user, 'capture', id, orderId, captured, currency, null, 'succeeded');
      counts.operations++;
    }
    if (state === 'voided') {
      op(uuid(t), ref, 'void', null, null, 'Customer cancelled', user, 'succeeded', null, null, null, tm(90), tm(90.01));
      history(ref, 'voided', 'VOIDED', 'void', tm(90));
      audit(ref, tm(90), user, 'void', id, orderId, amount, currency, 'Customer cancelled', 'succeeded');
      counts.operations++;
      counts.history++;
    }
    if (refunded > 0) {
      // A partial refund now and then comes in two parts.
      const parts = state === 'refunded' && rnd() < 0.2 ? [Math.floor(refunded / 2), refunded - Math.floor(refunded / 2)] : [refunded];
      let base = 0;
      for (const part of parts) {
        const when = tm(60 * 24 * (1 + Math.floor(rnd() * 20)));
        base += part;
        op(uuid(t), ref, 'refund', part, base - part, 'Returned goods', user, 'succeeded', null, null, null, when, when);
        audit(ref, when, user, 'refund', id, orderId, part, currency, 'Returned goods', 'succeeded');
        counts.operations++;
      }
      history(ref, state, word, 'refund', tm(60 * 24 * 21));
      counts.history++;
    }
    if (checked) {
      if (children) insertCheck.add(ref, tm(60), w(state === 'unknown' ? 'timeout' : 'ok'), w(state === 'unknown' ? null : word), w(state === 'unknown' ? null : state));
      counts.checks++;
    }
    if (options.onProgress && i % 100_000 === 99_999) options.onProgress(i + 1);
  }
  writeUntil(BigInt(Number.MAX_SAFE_INTEGER));
  for (const batch of [insertPayment, insertOp, insertHistory, insertWebhook, insertCheck, insertAudit]) batch.flush();
  if (atGateway) appendTransactions(options.practiceStateFile!, atGateway);
  return { counts, seq, prevHash };
}

/** The tables the seed writes in bulk. */
export const seedTables = ['payments', 'ledger_operations', 'ledger_history', 'ledger_checks', 'ledger_webhooks', 'ledger_audit'];

/** Drops the triggers of the bulk-written tables and the indexes of all but `keepIndexesOf`; what it returns builds them again. */
export function dropDerived(db: LedgerDb, keepIndexesOf: string[] = []): { indexes: () => void; triggers: () => void } {
  const items = (db.prepare(`SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${seedTables.map(() => '?').join(', ')})`).all(...seedTables) as Array<{ type: string; name: string; tableName: string; sql: string }>)
    .filter((i) => i.type === 'trigger' || !keepIndexesOf.includes(i.tableName));
  for (const item of items) db.exec(`DROP ${item.type.toUpperCase()} "${item.name}"`);
  const build = (type: string) => () => {
    for (const item of items.filter((i) => i.type === type)) db.exec(item.sql);
  };
  return { indexes: build('index'), triggers: build('trigger') };
}

type AuditEntry = [ref: bigint, atMs: bigint, user: string, action: string, paymentId: string, orderId: string, amount: number, currency: string, reason: string | null, result: string];

/** A min-heap of audit entries by time, those of one time in the order they came. */
class EntriesByTime {
  private heap: Array<[AuditEntry, number]> = [];
  private count = 0;
  get size() {
    return this.heap.length;
  }
  private before(a: [AuditEntry, number], b: [AuditEntry, number]) {
    return a[0][1] < b[0][1] || (a[0][1] === b[0][1] && a[1] < b[1]);
  }
  private swap(i: number, j: number) {
    [this.heap[i], this.heap[j]] = [this.heap[j]!, this.heap[i]!];
  }
  first(): AuditEntry | undefined {
    return this.heap[0]?.[0];
  }
  push(entry: AuditEntry) {
    this.heap.push([entry, this.count++]);
    for (let i = this.heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.before(this.heap[i]!, this.heap[parent]!)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  shift(): AuditEntry | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length > 0 && last) {
      this.heap[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let next = i;
        if (l < this.heap.length && this.before(this.heap[l]!, this.heap[next]!)) next = l;
        if (r < this.heap.length && this.before(this.heap[r]!, this.heap[next]!)) next = r;
        if (next === i) break;
        this.swap(i, next);
        i = next;
      }
    }
    return top?.[0];
  }
}
