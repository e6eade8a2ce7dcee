// What the screens read from the team's PostgreSQL: the transactions list (search, filters,
// sorts, a window by position), the links list, the audit log and earlier customers, with the
// same contract inputs and outputs as the SQLite ledger's createLedgerReads
// (main/payments/ledger-reads.ts), over a pool of connections logged in as one person.
//
// As on SQLite (main/ledger/search.ts): a page reads one row past its window, so it knows
// "more than N" (or the exact count, when the window ends inside); a count the page does not
// settle is made afterwards, in the background (one count(*) on the pool: the database works,
// main's thread waits on a socket), kept for this version of the payments and told through
// `onCounted` (the app's payments.counted event). A page of a newer version stops the count
// under way for its filter on the server at once (cancellable), and the new one starts once no
// newer page has come for 50 ms (after-quiet.ts), as on SQLite. The version is the newest change_seq
// (live.sql: every insert and update of a payment takes one), one index read per page.
// Deep pages continue from a position (the sort values of a row) every 10,000 rows, walked in
// the background once a page is full, so a jump skips fewer than 10,000 rows.
import type { MethodOutput, MethodParsedInput } from '../../../contract/methods';
import type { PaymentFilter } from '../../../contract/methods/payments';
import type { LinkFilterState } from '../../../contract/payment-states';
import { openOperationOf, toView, type OperationRow } from '../payment-rows';
import type { PaymentSort } from '../search';
import type { AppEvent } from '../../../contract/events';
import { createTeamAuditReads, type AuditPositionKeeper } from './pg-audit-reads';
import type { TeamLedgerSettings } from './connection';
import { refusalsInWords } from './pg-refusals';
import { createCopiedAuditReads } from './pg-copied-audit';
import { afterSql, cursorColumns, cursorOf, filterSql, onlyText, orderIdStarts, orderSql, Params, textSql, trigramQuery, type Cursor } from './pg-list-sql';
import { paymentOf, paymentSelect } from './pg-store';
import { customersAmongLatest } from '../customers';
import { afterQuiet } from '../after-quiet';
import { createTeamTotals } from './pg-totals';
import { attentionQueue, teamAttentionTotal, teamNextLeftOpen } from './pg-attention';
import { staleSendMinutes } from '../attention-queue';

/**
 * A page's rows leave the server with the payment's columns named (paymentSelect: not
 * search_text and the rest no screen reads, a quarter of a page's bytes) where the page is read
 * from the table itself. A window read from a subquery (a text search's walk, its matches
 * sorted) keeps `p.*`: columns the outer query leaves out, PostgreSQL blanks in the subquery,
 * copying every row it reads there (4,000 for a walk, 2,617 for "omar.2") instead of handing
 * the rows on as they are, which cost more than the bytes saved (bench/team-page-columns.ts).
 */
const wholeRow = 'p.*';

export type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
/** A pool (pg.Pool): a query can then have a connection of its own, to be cancelled on the server. */
type Connections = Queryable & { connect(): Promise<Queryable & { processID?: number; release(): void }> };
/** A background count moved on: the list's `payments.counted` event. */
export type CountedEvent = { countId: string; total: number; exact: boolean };
export type TeamLedgerReadsOptions = {
  pool: Queryable;
  /** Which laptop reads (for the record; the reads do not depend on it). */
  laptop?: string;
  now?: () => Date;
  onCounted?: (event: CountedEvent) => void;
  /** "Verify the whole chain"'s progress and result: the app's audit.verify events. */
  onAuditVerify?: (event: AppEvent) => void;
  /** The connection's settings: a server out of reach is then said in "Test connection"'s words. */
  settings?: TeamLedgerSettings;
  /** Where this laptop keeps how far it verified the audit chain (main/team/team-audit-position.ts); without it, only in this process. */
  auditPosition?: AuditPositionKeeper;
  /** A position every this many rows (10,000; tests take fewer to reach the positions' path with few payments). */
  anchorEvery?: number;
  /** How a text search chooses its plan: the first walk's rows (4,000) and the matches above which the indexes do not drive (20,000); tests take fewer. */
  textPlan?: { walkRows: number; manyMatches: number };
  /** The quiet moment before a restarted count (after-quiet.ts's 50 ms); a test on a loaded machine takes longer, so its burst of pages stays within it. */
  restartQuietMs?: number;
};

/** `restarted`: the version before's count was under way when this one's first page came; `stop` stops it (or its wait) now. */
type Counted = { id: string; version: string; total: number; exact: boolean; counting?: boolean; restarted?: boolean; stop?: () => void };
type Anchors = { version: string; at: Map<number, Cursor>; walking?: boolean };
/** A text search's estimated matches: order ids starting with the text, and the others; `rows`: the payments then. */
type Matches = { rows: number; starting: number; elsewhere: number };

export function createTeamLedgerReads(options: TeamLedgerReadsOptions) {
  const { pool } = options;
  // As search.ts's anchorEvery.
  const anchorEvery = options.anchorEvery ?? 10_000;
  const { walkRows, manyMatches } = options.textPlan ?? { walkRows: 4_000, manyMatches: 20_000 };
  const counts = new Map<string, Counted>();
  const anchors = new Map<string, Anchors>();
  const background = new Set<Promise<unknown>>();
  const estimates = new Map<string, Matches>();
  let tableRows: { n: number; at: number } | undefined;
  let countIds = 0;
  const refused = refusalsInWords({ pool, settings: options.settings });
  const audit = createTeamAuditReads(pool, (work) => track(work), { emit: options.onAuditVerify, explain: (e) => refused(e, 'teamLedger.auditReadRefused'), keeper: options.auditPosition });
  const copiedAudit = createCopiedAuditReads(pool, (e) => refused(e, 'teamLedger.auditReadRefused'));

  function track(work: Promise<unknown>) {
    const kept = work.catch(() => undefined).finally(() => background.delete(kept));
    background.add(kept);
  }
  /** The payments' version: changes with every insert and update of a payment. */
  const versionOf = async () => String((await pool.query('SELECT coalesce(max(change_seq), 0)::text AS v FROM paydesk.payments')).rows[0]!.v);
  /**
   * The rows as views, with the operation each has open (one at most: operations_one_open; one being sent with since when), whether the person logged in
   * watches it and when it was last checked (its latest status check): asked apart for the
   * window's ids, each by its index (operations_one_open, watching's key, a LATERAL probe of
   * status_checks_payment per row), in one statement. Inside the window's query, or as an EXISTS
   * per row, the planner hashes every open operation of the ledger (4-25 ms at 10,000 open ones)
   * instead of 100 index probes.
   */
  const views = async (rows: Array<Record<string, unknown>>) => {
    if (!rows.length) return [];
    const marks = (await pool.query(`SELECT
        (SELECT coalesce(json_agg(json_build_object('id', payment_id, 'kind', kind, 'outcome', outcome, 'amount_minor', amount_minor, 'created_at', created_at)), '[]') FROM paydesk.operations WHERE payment_id = ANY($1::uuid[]) AND outcome IN ('sending', 'unknown')) AS open,
        (SELECT coalesce(array_agg(payment_id::text), '{}') FROM paydesk.watching WHERE payment_id = ANY($1::uuid[]) AND login = session_user AND watched) AS watched,
        (SELECT coalesce(json_object_agg(x.id, c.at), '{}') FROM unnest($1::uuid[]) AS x(id)
          CROSS JOIN LATERAL (SELECT at FROM paydesk.status_checks WHERE payment_id = x.id ORDER BY id DESC LIMIT 1) c) AS checked`, [rows.map((r) => r.id)])).rows[0]!;
    const open = new Map((marks.open as Array<OperationRow & { id: string }>).map((op) => [op.id, op]));
    const watched = new Set(marks.watched as string[]);
    const checked = marks.checked as Record<string, string>;
    return rows.map((r) => toView(paymentOf({ ...r, watched: watched.has(r.id as string), last_checked_at: checked[r.id as string] ?? null }), openOperationOf(open.has(r.id as string) ? [open.get(r.id as string)!] : [])));
  };
  const bounded = <T>(map: Map<string, T>, size: number) => void (map.size >= size && map.delete(map.keys().next().value!));

  /** This version's count of the filter; an older version's still under way is stopped on the server now: it can only be stale. */
  function countedFor(key: string, version: string): Counted {
    let counted = counts.get(key);
    if (!counted || counted.version !== version) {
      const before = counted;
      bounded(counts, 100);
      counts.set(key, (counted = { id: `t${++countIds}`, version, total: 0, exact: false }));
      if (before?.counting) {
        counted.restarted = true;
        before.stop?.();
      }
    }
    return counted;
  }

  /**
   * The exact count, in the background: kept for the version it was counted at, and told. One
   * restarted by a change (the count before it stopped) starts once no newer page has come for
   * 50 ms, and only if the payments are still at its version (else the next page counts its own).
   */
  function countLater(filter: PaymentFilter, counted: Counted) {
    counted.counting = true;
    if (!counted.restarted) return countNow(filter, counted);
    track(new Promise<void>((resolve) => {
      const cancel = afterQuiet(() => {
        counted.stop = undefined;
        resolve(versionOf().then((now) => {
          if (now === counted.version && !counted.exact && counted.counting) countNow(filter, counted);
          else counted.counting = false;
        }));
      }, options.restartQuietMs);
      counted.stop = () => {
        cancel();
        counted.counting = false;
        resolve();
      };
    }));
  }

  function countNow(filter: PaymentFilter, counted: Counted) {
    const params = new Params();
    const where = filterSql(filter, params);
    const running = cancellable(`SELECT count(*)::bigint::text AS n, (SELECT coalesce(max(change_seq), 0)::text FROM paydesk.payments) AS v FROM paydesk.payments p ${where ? `WHERE ${where}` : ''}`, params.values);
    counted.stop = () => {
      running.cancel();
      counted.counting = false;
    };
    track((async () => {
      try {
        const found = (await running.result)?.rows[0];
        // Of the version the count saw (its own snapshot), or not told at all.
        if (!found || found.v !== counted.version || counted.exact || !counted.counting) return;
        Object.assign(counted, { total: Number(found.n), exact: true });
        options.onCounted?.({ countId: counted.id, total: counted.total, exact: true });
      } finally {
        counted.counting = false;
        counted.stop = undefined;
      }
    })());
  }

  /**
   * A query on a connection of its own, which `cancel` stops on the server at once
   * (pg_cancel_backend from another of the pool's connections; the same login may cancel its own
   * queries): its answer is then undefined. The connection goes back to the pool only once the
   * cancel was sent, so it can never stop a query of whoever uses the connection next (a
   * cancel that arrives after its query ended is ignored by the server). Without a pool (one
   * client: tests), the query runs to its end and `cancel` drops its answer.
   */
  function cancellable(sql: string, values: unknown[]) {
    let cancelled = false;
    let pid: number | undefined;
    let cancelling: Promise<unknown> | undefined;
    const connections = 'connect' in pool ? (pool as Connections) : undefined;
    const result = (async () => {
      if (!connections) return pool.query(sql, values).then((answer) => (cancelled ? undefined : answer));
      const client = await connections.connect();
      try {
        if (cancelled) return undefined;
        pid = client.processID;
        return await client.query(sql, values);
      } catch (error) {
        if (cancelled) return undefined; // 57014, canceling statement due to user request
        throw error;
      } finally {
        pid = undefined;
        await cancelling;
        client.release();
      }
    })();
    return {
      result,
      cancel() {
        if (cancelled) return;
        cancelled = true;
        if (pid !== undefined) cancelling = pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
      },
    };
  }

  /**
   * A window: rows after `cursor` (or from the start) in sort order, skipping `skip` of them.
   * A text search chooses, as search.ts's textDriver does on SQLite, between walking the sort's
   * index testing each row's text (the window is found at once when the text is common:
   * "example.com", "Qahtani") and letting the indexes drive (cheap when the text is rare: every
   * match is read and sorted). First a walk of 4,000 rows; when that does not fill the window, a
   * sample of the payments (0.2% of their pages at a million, TABLESAMPLE) estimates how many
   * match, apart those whose order id starts with the text: under 20,000 in all, the indexes
   * drive; when nearly all of them are order ids starting with the text ("PD-2025": half the
   * ledger, none of it among the newest), the newest days holding such order ids are found day
   * by day (startingOrderIds); else longer walks (32,000, then 512,000 rows), then the indexes.
   */
  async function windowRows(filter: PaymentFilter, sort: PaymentSort, cursor: Cursor | undefined, skip: number, limit: number, columns?: string): Promise<Array<Record<string, unknown>>> {
    const query = (walkRows?: number) => {
      const params = new Params();
      const clauses = [filterSql(filter, params, walkRows ? 'rest' : 'all')].filter(Boolean);
      if (cursor) clauses.push(afterSql(sort, cursor, params));
      const from = `paydesk.payments p ${clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''}`;
      const tail = () => `${orderSql(sort)} LIMIT ${params.add(limit)} OFFSET ${params.add(skip)}`;
      const sql = walkRows
        ? `SELECT ${columns ?? wholeRow}, ${cursorColumns(sort)} FROM (SELECT p.* FROM ${from} ${orderSql(sort)} LIMIT ${params.add(walkRows)}) p WHERE ${filterSql(filter, params, 'text')} ${tail()}`
        // Skipping more rows than it returns (a deep page from a position, each step of
        // walkPositions: up to 9,999), the skipped rows are found by list_seq alone: the columns
        // and cursor are then made for the window's rows only, not for every row skipped (a
        // 9,899-row skip: 3.9 ms, 0.9 ms so; docs/performance.md, "Team list pages, leaner").
        : skip > limit
          ? `SELECT ${columns ?? paymentSelect}, ${cursorColumns(sort)} FROM paydesk.payments p WHERE p.list_seq = ANY(ARRAY(SELECT p.list_seq FROM ${from} ${tail()})) ${orderSql(sort)}`
          : `SELECT ${columns ?? paymentSelect}, ${cursorColumns(sort)} FROM ${from} ${tail()}`;
      return pool.query(sql, params.values).then((r) => r.rows);
    };
    if (!trigramQuery(filter) || skip + limit > 1_000) return query();
    const byDay = (about: Matches) => about.starting >= manyMatches && about.elsewhere < manyMatches && sort.by === 'createdAt' && onlyText(filter);
    let about = await knownMatches(filter);
    // A text known to be rare, or to start many order ids, skips the walk.
    if (!about || (!byDay(about) && about.starting + about.elsewhere >= manyMatches)) {
      const walked = await query(walkRows);
      if (walked.length >= limit) return walked;
    }
    about ??= await matchesAbout(filter);
    if (about.starting + about.elsewhere < manyMatches) return fewMatches(filter, sort, cursor, skip, limit, columns ?? wholeRow);
    if (byDay(about)) return startingOrderIds(filter.query!.trim(), sort, cursor, skip, limit, columns ?? wholeRow);
    for (const rows of [walkRows * 8, walkRows * 128]) {
      const longer = await query(rows);
      if (longer.length >= limit) return longer;
    }
    return query();
  }

  /**
   * The window `rowsSql` found (every match read and sorted, the window cut), with the columns
   * asked and each row's cursor. The cursor's text (created_at as text: several µs a row) is
   * computed for the window's rows only: in the query that sorts, PostgreSQL computes the output
   * columns of every row read before the sort (2,617 rows for "omar.2").
   */
  const windowOf = (rowsSql: string, sort: PaymentSort, columns: string) => `SELECT ${columns}, ${cursorColumns(sort)} FROM (${rowsSql}) p ${orderSql(sort)}`;

  /**
   * A text search's window when its matches are few: every match read through the indexes and
   * sorted. Two parts, each fenced (OFFSET 0: planned for all its rows): the order ids starting
   * with the text (a range), and the trigram index's others. As one OR the filter would compute
   * the index's expression a second time on each row (the recheck's OR is not the filter's).
   */
  async function fewMatches(filter: PaymentFilter, sort: PaymentSort, cursor: Cursor | undefined, skip: number, limit: number, columns: string) {
    const params = new Params();
    const query = filter.query!.trim();
    const rest = [filterSql(filter, params, 'rest'), cursor ? afterSql(sort, cursor, params) : ''].filter(Boolean).map((c) => ` AND ${c}`).join('');
    const sql = `SELECT p.* FROM (
        (SELECT p.* FROM paydesk.payments p WHERE ${orderIdStarts(query, params)}${rest} OFFSET 0)
        UNION ALL
        (SELECT p.* FROM paydesk.payments p WHERE ${textSql(query, params, 'elsewhere')}${rest} OFFSET 0)
      ) p ${orderSql(sort)} LIMIT ${params.add(limit)} OFFSET ${params.add(skip)}`;
    return (await pool.query(windowOf(sql, sort, columns), params.values)).rows;
  }

  /**
   * A text search's window, newest (or oldest) first, when most matches are order ids starting
   * with the text. GIN cannot give its matches newest first, and walking newest first reads every
   * newer payment (416,000 for "PD-2025"); payments_order_day (search.sql) answers "does this day
   * hold an order id starting with the text" in one seek. Day by day from the cursor's day (or
   * the newest), the matches are counted (up to the window's size each) until the days found
   * hold the window; those days' matches are read, with every other match (the text elsewhere:
   * rare here, the trigram index reads them all), sorted, and the window taken.
   */
  async function startingOrderIds(query: string, sort: PaymentSort, cursor: Cursor | undefined, skip: number, limit: number, columns: string) {
    const params = new Params();
    const day = `(p.created_at AT TIME ZONE 'UTC')::date`;
    const starts = orderIdStarts(query, params);
    const after = cursor ? afterSql(sort, cursor, params) : 'true';
    const wanted = params.add(skip + limit);
    const step = sort.direction === 'asc' ? 1 : -1;
    const first = cursor ? `(${params.add(cursor.values[0], '::timestamptz')} AT TIME ZONE 'UTC')::date` : sort.direction === 'asc' ? 'b.lo' : 'b.hi';
    const countOn = (d: string) => `SELECT count(*)::int FROM (SELECT 1 FROM paydesk.payments p WHERE ${day} = ${d} AND ${starts} AND ${after} LIMIT ${wanted}) x`;
    const found = await pool.query(`WITH RECURSIVE b AS (SELECT (min(created_at) AT TIME ZONE 'UTC')::date AS lo, (max(created_at) AT TIME ZONE 'UTC')::date AS hi FROM paydesk.payments),
      walk(day, found, hits) AS (
        SELECT s.d, c.n, c.n FROM (SELECT ${first} AS d FROM b) s CROSS JOIN LATERAL (${countOn('s.d')}) c(n)
        UNION ALL
        SELECT w.day + ${step}, w.found + c.n, c.n FROM walk w CROSS JOIN b CROSS JOIN LATERAL (${countOn(`w.day + ${step}`)}) c(n)
        WHERE w.found < ${wanted} AND w.day + ${step} BETWEEN b.lo AND b.hi)
      SELECT coalesce(array_agg(day::text) FILTER (WHERE hits > 0), '{}') AS days FROM walk`, params.values);
    const days = found.rows[0]!.days as string[];
    // Each part fenced (OFFSET 0): planned for all its rows (an index read and a sort), not walked for the limit.
    const text = new Params();
    const textStarts = orderIdStarts(query, text);
    const textAfter = cursor ? afterSql(sort, cursor, text) : 'true';
    const sql = `SELECT p.* FROM (
        (SELECT p.* FROM paydesk.payments p WHERE ${day} = ANY(${text.add(days, '::date[]')}) AND ${textStarts} AND ${textAfter} OFFSET 0)
        UNION ALL
        (SELECT p.* FROM paydesk.payments p WHERE ${textSql(query, text, 'elsewhere')} AND ${textAfter} OFFSET 0)
      ) p ${orderSql(sort)} LIMIT ${text.add(limit)} OFFSET ${text.add(skip)}`;
    return (await pool.query(windowOf(sql, sort, columns), text.values)).rows;
  }

  /** How many payments there are about (pg_class.reltuples), read again after a minute. */
  async function paymentsAbout(): Promise<number> {
    if (!tableRows || Date.now() - tableRows.at > 60_000) {
      const n = Number((await pool.query(`SELECT reltuples::bigint::text AS n FROM pg_class WHERE oid = 'paydesk.payments'::regclass`)).rows[0]!.n);
      tableRows = { n: Math.max(1, n), at: Date.now() };
    }
    return tableRows.n;
  }

  /** A text's estimate made earlier, while the payments have grown less than 1 in 100 since (as trigrams.ts keeps SQLite's densities). */
  async function knownMatches(filter: PaymentFilter): Promise<Matches | undefined> {
    const known = estimates.get(filter.query!.trim());
    return known && Math.abs((await paymentsAbout()) - known.rows) < known.rows / 100 ? known : undefined;
  }

  /** About how many payments the filter's text matches (order ids starting with it, and elsewhere), from a sample of about 2,000 payments' pages (TABLESAMPLE SYSTEM); kept for the text. */
  async function matchesAbout(filter: PaymentFilter): Promise<Matches> {
    const rows = await paymentsAbout();
    const percent = Math.min(100, (2_000 / rows) * 100);
    const params = new Params();
    const text = filter.query!.trim();
    const starting = orderIdStarts(text, params);
    const found = (await pool.query(`SELECT count(*) FILTER (WHERE ${starting})::int AS starting, count(*) FILTER (WHERE NOT ${starting})::int AS elsewhere
      FROM paydesk.payments p TABLESAMPLE SYSTEM (${params.add(percent)}) WHERE ${filterSql(filter, params, 'text')}`, params.values)).rows[0]!;
    const about = { rows, starting: (Number(found.starting) * 100) / percent, elsewhere: (Number(found.elsewhere) * 100) / percent };
    bounded(estimates, 200);
    estimates.set(text, about);
    return about;
  }

  /** Positions every 10,000 rows of this filter and sort, one query each, until the end or a change. */
  function walkPositions(filter: PaymentFilter, sort: PaymentSort, at: Anchors) {
    at.walking = true;
    track((async () => {
      // After the page's own queries (its views), which it is answering now.
      await new Promise((resolve) => setImmediate(resolve));
      let cursor: Cursor | undefined;
      for (let offset = anchorEvery; ; offset += anchorEvery) {
        const row = (await windowRows(filter, sort, cursor, anchorEvery - 1, 1, 'p.list_seq'))[0];
        if (!row || (await versionOf()) !== at.version) break;
        cursor = cursorOf(row, sort);
        at.at.set(offset, cursor);
      }
    })());
  }

  // The list's sums per currency (pg-totals.ts), on a connection of their own, cancelled when another filter's come.
  const totals = createTeamTotals({ cancellable, versionOf });

  return {
    backend: 'postgres' as const,

    listTotals: (filter: PaymentFilter) => totals.list(filter),

    async searchPayments(input: MethodParsedInput<'searchPayments'>): Promise<MethodOutput<'searchPayments'>> {
      const { filter, sort, offset, limit } = input;
      const version = await versionOf();
      const filterKey = JSON.stringify(filter);
      const known = counts.get(filterKey);
      const exactTotal = known?.version === version && known.exact ? known.total : undefined;
      const anchorKey = `${sort.by} ${sort.direction} ${filterKey}`;
      let positions = anchors.get(anchorKey);
      if (positions?.version !== version) {
        bounded(anchors, 50);
        anchors.set(anchorKey, (positions = { version, at: new Map() }));
      }
      let from = 0;
      for (const at of positions.at.keys()) if (at <= offset && at > from) from = at;
      const read = exactTotal !== undefined ? limit : limit + 1;
      // Near the end, the count known: read from the end backwards when fewer rows lie between
      // (the last page is then one seek, not up to 10,000 rows skipped from a position).
      const behind = exactTotal !== undefined && offset < exactTotal ? exactTotal - Math.min(offset + limit, exactTotal) : undefined;
      const found = behind !== undefined && behind < offset - from
        ? (await windowRows(filter, { ...sort, direction: sort.direction === 'asc' ? 'desc' : 'asc' }, undefined, behind, Math.min(offset + limit, exactTotal!) - offset)).reverse()
        : await windowRows(filter, sort, from ? positions.at.get(from) : undefined, offset - from, read);
      const more = found.length > limit;
      const rows = more ? found.slice(0, limit) : found;
      if (rows.length === limit) {
        if (positions.at.size >= 2_000) positions.at.clear();
        positions.at.set(offset + limit, cursorOf(rows.at(-1)!, sort));
        // Not for a text search: each step would read the trigram index's matches again (1-2 s a
        // step for "PD-2025" at 1M); its deep pages continue from the page ends read so far.
        if (!positions.walking && !trigramQuery(filter) && (exactTotal === undefined || exactTotal > 2 * anchorEvery)) walkPositions(filter, sort, positions);
      }
      // The views first: a count started before them would share the database's cores with them.
      const shown = await views(rows);
      if (exactTotal !== undefined) return { total: exactTotal, totalExact: true, rows: shown };
      const counted = countedFor(filterKey, version);
      const seen = found.length ? offset + found.length : 0;
      if (!more && (found.length > 0 || offset === 0)) {
        // The window ended inside: that is the count.
        Object.assign(counted, { total: seen, exact: true });
        return { total: seen, totalExact: true, rows: shown };
      }
      counted.total = Math.max(counted.total, seen);
      if (!counted.counting) countLater(filter, counted);
      return { total: counted.total, totalExact: false, countId: counted.id, rows: shown };
    },

    async listPaymentLinks(input: MethodParsedInput<'listPaymentLinks'>): Promise<MethodOutput<'listPaymentLinks'>> {
      const params = new Params();
      const cursor = input.after === undefined ? undefined : parseLinksCursor(input.after);
      const after = cursor ? `AND (p.created_at, p.list_seq) < (${params.add(cursor.createdAt, '::timestamptz')}, ${params.add(cursor.seq, '::bigint')})` : '';
      // The State filter: reads.sql's payments_state holds one state's payments in this order (its
      // collation named, or the index is not used), as on the laptop (links-query.ts).
      const inState = input.state ? `AND (p.state COLLATE "C") = ${params.add(input.state, '::text COLLATE "C"')}` : '';
      const version = await versionOf();
      const [found, total] = await Promise.all([
        cursor === null
          ? Promise.resolve([])
          : pool.query(`SELECT ${paymentSelect}, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS _at, p.list_seq::text AS _seq FROM paydesk.payments p
              WHERE p.kind = 'link' ${inState} ${after} ORDER BY p.created_at DESC, p.list_seq DESC LIMIT ${params.add(input.limit + 1)}`, params.values).then((r) => r.rows),
        linksCount(version, input.state),
      ]);
      const rows = found.slice(0, input.limit);
      const last = rows.at(-1);
      return { total, rows: await views(rows), next: found.length > input.limit && last ? `${last._at as string}~${last._seq as string}` : undefined };
    },

    listAuditLog: (input: MethodParsedInput<'listAuditLog'>): Promise<MethodOutput<'listAuditLog'>> => audit.list(input),
    /** "Verify the whole chain" (pg-audit-verify.ts): progress and the result as audit.verify events. */
    verifyAuditChain: (): Promise<MethodOutput<'verifyAuditChain'>> => audit.verify(),
    cancelAuditVerify: (): MethodOutput<'cancelAuditVerify'> => audit.cancelFullCheck(),
    /** "Copied from laptops": the laptops' own audit entries brought by the copy (pg-copied-audit.ts). */
    ...copiedAudit,
    /** The chain as checked so far (one more slice now): the quick audit CSV says whether it is intact. */
    auditChain: () => audit.chain(),
    /** Ends a running full check after its slice under way (Paydesk closing). */
    stopAuditCheck: () => audit.stopFullCheck(),

    /**
     * Earlier customers of an environment, for picking one in a form: the most recent distinct ones
     * of that environment among the latest 5,000 payments, never the check-up's (as on a laptop, customers.ts).
     */
    /** As on SQLite (ledger-reads.ts): the open operations' partial index (operations_one_open) finds them, so the cost is what is unclear, not the ledger's size; ties in the payments' order of arrival, as SQLite's by the payment's rowid. */
    async listUnclearOperations(input: MethodParsedInput<'listUnclearOperations'>): Promise<MethodOutput<'listUnclearOperations'>> {
      const found = (await pool.query(`SELECT ${paymentSelect}, o.kind AS op_kind, o.amount_minor AS op_amount, o.created_at AS op_sent_at FROM paydesk.operations o
        JOIN paydesk.payments p ON p.id = o.payment_id WHERE o.outcome = 'unknown' ORDER BY o.created_at ${input.direction === 'desc' ? 'DESC' : 'ASC'}, p.list_seq ${input.direction === 'desc' ? 'DESC' : 'ASC'} LIMIT $1`, [input.limit])).rows;
      const payments = await views(found);
      return { rows: found.map((r, i) => ({ payment: payments[i]!, operation: { kind: r.op_kind as OperationRow['kind'], amountMinor: r.op_amount === null ? null : Number(r.op_amount), sentAt: (r.op_sent_at as Date).toISOString() } })) };
    },

    /**
     * Needs attention's queue as on SQLite (pg-attention.ts, attention-queue.ts): the flagged, the
     * unknown and those with a lost answer, each once, by created_at then list_seq, a window after
     * `after`; each set read from its own index (payments_attention, payments_state, operations_one_open).
     */
    async listNeedsAttention(input: MethodParsedInput<'listNeedsAttention'>): Promise<MethodOutput<'listNeedsAttention'>> {
      const params = new Params();
      const cursor = input.after === undefined ? undefined : parseLinksCursor(input.after);
      const way = input.direction === 'desc' ? 'DESC' : 'ASC';
      const after = cursor ? `WHERE (p.created_at, p.list_seq) ${input.direction === 'desc' ? '<' : '>'} (${params.add(cursor.createdAt, '::timestamptz')}, ${params.add(cursor.seq, '::bigint')})` : '';
      const [found, total] = await Promise.all([
        cursor === null
          ? Promise.resolve([])
          : pool.query(`${attentionQueue} SELECT ${paymentSelect}, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS _at, p.list_seq::text AS _seq,
              o.kind AS op_kind, o.amount_minor AS op_amount, o.created_at AS op_sent_at, o.outcome AS op_outcome, o.db_user AS op_by, o.laptop AS op_laptop
              FROM queue q JOIN paydesk.payments p ON p.id = q.id
              -- The lost one, or a send left open past staleSendMinutes (a payment has one open operation at most: operations_one_open).
              LEFT JOIN paydesk.operations o ON o.payment_id = p.id AND (o.outcome = 'unknown' OR (o.outcome = 'sending' AND o.created_at < now() - interval '${staleSendMinutes} minutes'))
              ${after} ORDER BY p.created_at ${way}, p.list_seq ${way} LIMIT ${params.add(input.limit + 1)}`, params.values).then((r) => r.rows),
        attentionTotal(),
      ]);
      const rows = found.slice(0, input.limit);
      const last = rows.at(-1);
      const payments = await views(rows);
      return {
        total,
        next: found.length > input.limit && last ? `${last._at as string}~${last._seq as string}` : undefined,
        rows: rows.map((r, i) => ({ payment: payments[i]!, operation: r.op_kind ? { kind: r.op_kind as OperationRow['kind'], amountMinor: r.op_amount === null ? null : Number(r.op_amount), sentAt: (r.op_sent_at as Date).toISOString(),
          outcome: r.op_outcome as 'sending' | 'unknown', sentBy: (r.op_by as string | null) ?? null, laptop: (r.op_laptop as string | null) ?? null } : null })),
      };
    },

    /** The queue's total alone, as listNeedsAttention counts it: the navigation's count of Needs attention. */
    countNeedsAttention: async (): Promise<MethodOutput<'countNeedsAttention'>> => ({ total: await attentionTotal() }),
    /** The next send to turn "left open" and when, by the database's clock (pg-attention.ts): main's wake for Needs attention. */
    nextLeftOpen: () => teamNextLeftOpen(pool),

    async listCustomers(input: MethodParsedInput<'listCustomers'>, environment: string): Promise<MethodOutput<'listCustomers'>> {
      const found = await pool.query(`SELECT customer_name AS name, customer_email AS email, customer_phone AS phone, max(created_at) AS latest, max(list_seq) AS seq
        FROM (SELECT customer_name, customer_email, customer_phone, created_at, list_seq, environment, checkup_run FROM paydesk.payments ORDER BY created_at DESC, list_seq DESC LIMIT ${customersAmongLatest}) t
        WHERE environment = $2 AND checkup_run IS NULL AND customer_name IS NOT NULL AND customer_email IS NOT NULL AND customer_phone IS NOT NULL
        GROUP BY customer_name, customer_email, customer_phone ORDER BY latest DESC, seq DESC LIMIT $1`, [input.limit, environment]);
      return { customers: found.rows.map((r) => ({ name: r.name as string, email: r.email as string, phone: r.phone as string })) };
    },

    /** Resolves once the background counts, position walks and chain checks begun so far are done: benchmarks and tests. */
    async settled(): Promise<void> {
      while (background.size) await Promise.all([...background]);
    },
  };

  /** How many Needs attention lists (pg-attention.ts). */
  function attentionTotal(): Promise<number> {
    return teamAttentionTotal(pool);
  }

  /** How many links: counted once per version of the payments (an index-only walk of payments_links). */
  async function linksCount(version: string, state?: LinkFilterState): Promise<number> {
    const key = state ? `links:${state}` : 'links';
    const known = counts.get(key);
    if (known?.version === version) return known.total;
    const n = Number((await pool.query(`SELECT count(*)::bigint::text AS n FROM paydesk.payments WHERE kind = 'link' ${state ? `AND (state COLLATE "C") = $1::text COLLATE "C"` : ''}`, state ? [state] : [])).rows[0]!.n);
    counts.set(key, { id: key, version, total: n, exact: true });
    return n;
  }
}

/** A links window's `next`: "<created_at, ISO with microseconds>~<list_seq>"; anything else is past the end (null: an empty window). */
function parseLinksCursor(text: string): { createdAt: string; seq: string } | null {
  const at = text.lastIndexOf('~');
  const seq = text.slice(at + 1);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(text.slice(0, at)) || !/^\d{1,18}$/.test(seq)) return null;
  return { createdAt: text.slice(0, at), seq };
}

export type TeamLedgerReads = ReturnType<typeof createTeamLedgerReads>;
