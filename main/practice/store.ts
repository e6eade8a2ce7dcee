// Holds the practice gateway's state in memory and, when given a file, keeps it on disk as an
// append-only log (JSON lines): each save appends only the transactions and challenges that
// changed and the new records, never rewriting the whole state, so a call costs the same at the
// first sale and the hundred-thousandth. The log is compacted once when opened if mostly
// superseded; a torn last line (a crash mid-append) is ignored. A state file of the old
// whole-JSON form is read and turned into a log.
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import type { Challenge, PracticeRecord, PracticeState, Transaction } from './model';

export type PracticeStore = {
  readonly state: PracticeState;
  byOrderId(orderId: string): Transaction | undefined;
  byTransactionId(id: string): Transaction | undefined;
  bySession(sessionId: string): Transaction | undefined;
  byLink(linkId: string): Transaction | undefined;
  challenge(id: string): Challenge | undefined;
  add(tx: Transaction): void;
  addChallenge(challenge: Challenge): void;
  record(entry: PracticeRecord): void;
  save(): void;
};

/** The embedded gateway's state file in the app's data folder (composition.ts; the seed writes it too). */
export const practiceStateFileName = 'practice-gateway.json';

const logFormat = 'paydesk-practice-log';
type Header = { format: typeof logFormat; version: 2; apiKey: string; webhookSecret: string };
type Line = { t: Transaction } | { c: Challenge } | { r: PracticeRecord };
/** The engine changes only objects it just got from the store: the last few touched are checked at each save. */
const recentLimit = 64;

/**
 * `append`: how a save adds its lines (tests put a full disk here: a write cut part way, then
 * ENOSPC, as a disk with a few bytes left does).
 */
export function openPracticeStore(options: { stateFile?: string; apiKey?: string; webhookSecret?: string; append?: (file: string, text: string) => void }): PracticeStore {
  const loaded = load(options.stateFile);
  const state = loaded?.state ?? {
    version: 1 as const,
    apiKey: options.apiKey ?? `practice_${randomBytes(18).toString('base64url')}`,
    webhookSecret: options.webhookSecret ?? randomBytes(24).toString('base64url'),
    transactions: [],
    challenges: [],
    records: [],
  };
  if (options.apiKey) state.apiKey = options.apiKey;
  if (options.webhookSecret) state.webhookSecret = options.webhookSecret;
  const index = {
    order: new Map<string, Transaction>(),
    id: new Map<string, Transaction>(),
    session: new Map<string, Transaction>(),
    link: new Map<string, Transaction>(),
    challenge: new Map<string, Challenge>(),
  };
  const indexTx = (tx: Transaction) => {
    index.order.set(tx.orderId, tx);
    index.id.set(tx.transactionId, tx);
    if (tx.sessionId) index.session.set(tx.sessionId, tx);
    if (tx.linkId) index.link.set(tx.linkId, tx);
  };
  state.transactions.forEach(indexTx);
  state.challenges.forEach((c) => index.challenge.set(c.challengeId, c));

  const written = new WeakMap<object, string>();
  const recent: Array<Transaction | Challenge> = [];
  let newRecords: PracticeRecord[] = [];
  const touch = <T extends Transaction | Challenge>(item: T | undefined): T | undefined => {
    if (item && recent.at(-1) !== item) {
      recent.push(item);
      if (recent.length > recentLimit) recent.shift();
    }
    return item;
  };
  const lineOf = (item: Transaction | Challenge): Line => ('challengeId' in item ? { c: item } : { t: item });

  /** The whole state as a fresh log (temp file + rename: the old or the new, never half). */
  function rewrite(file: string) {
    const header: Header = { format: logFormat, version: 2, apiKey: state.apiKey, webhookSecret: state.webhookSecret };
    const lines = [JSON.stringify(header)];
    for (const item of [...state.transactions, ...state.challenges]) {
      const text = JSON.stringify(lineOf(item));
      written.set(item, text);
      lines.push(text);
    }
    for (const r of state.records) lines.push(JSON.stringify({ r }));
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${lines.join('\n')}\n`, { mode: 0o600 });
    renameSync(temp, file);
  }

  const store: PracticeStore = {
    state,
    byOrderId: (orderId) => touch(index.order.get(orderId)),
    byTransactionId: (id) => touch(index.id.get(id)),
    bySession: (id) => touch(index.session.get(id)),
    byLink: (id) => touch(index.link.get(id)),
    challenge: (id) => touch(index.challenge.get(id)),
    add(tx) {
      state.transactions.push(tx);
      indexTx(tx);
      touch(tx);
    },
    addChallenge(challenge) {
      state.challenges.push(challenge);
      index.challenge.set(challenge.challengeId, challenge);
      touch(challenge);
    },
    record(entry) {
      state.records.push(entry);
      newRecords.push(entry);
    },
    save() {
      if (!options.stateFile) return;
      const lines: string[] = [];
      for (const item of new Set(recent)) {
        const text = JSON.stringify(lineOf(item));
        if (written.get(item) === text) continue;
        written.set(item, text);
        lines.push(text);
      }
      for (const r of newRecords) lines.push(JSON.stringify({ r }));
      if (!lines.length) return;
      const size = existsSync(options.stateFile) ? statSync(options.stateFile).size : 0;
      try {
        (options.append ?? appendLines)(options.stateFile, `${lines.join('\n')}\n`);
        newRecords = [];
      } catch (error) {
        // A full disk cut the append part way: the file goes back to its last whole line (a torn
        // line followed by the next save's made the file unreadable, and the gateway would not
        // start), and what was not written is written by the next save.
        truncateSync(options.stateFile, size);
        for (const item of new Set(recent)) written.delete(item);
        throw error;
      }
    },
  };
  if (options.stateFile && (!loaded || loaded.rewrite || options.apiKey || options.webhookSecret)) rewrite(options.stateFile);
  return store;
}

const appendLines = (file: string, text: string) => appendFileSync(file, text, { mode: 0o600 });

/**
 * Adds transactions to a state file as if they had been made through the gateway (a seeded
 * ledger's open payments, scripts/seed-gateway.ts): appended to its log as the gateway appends
 * its own, the log started first (with a new key) when there is none.
 */
export function appendTransactions(stateFile: string, transactions: readonly Transaction[]): void {
  openPracticeStore({ stateFile });
  const chunk = 10_000; // lines joined a chunk at a time: a million would be one string of 400 MB
  for (let i = 0; i < transactions.length; i += chunk) {
    const lines = transactions.slice(i, i + chunk).map((t) => JSON.stringify({ t } satisfies Line));
    appendFileSync(stateFile, `${lines.join('\n')}\n`, { mode: 0o600 });
  }
}

function load(file: string | undefined): { state: PracticeState; rewrite: boolean } | undefined {
  if (!file || !existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const notMine = new Error(`The practice gateway's state file ${file} is not one it wrote; move it away to start afresh.`);
  if (text.startsWith(`{"format":"${logFormat}"`)) return fromLog(text, notMine);
  let parsed: PracticeState;
  try {
    parsed = JSON.parse(text) as PracticeState;
  } catch {
    throw new Error(`The practice gateway's state file ${file} is not valid JSON; move it away to start afresh.`);
  }
  if (parsed?.version !== 1 || !Array.isArray(parsed.transactions) || typeof parsed.apiKey !== 'string') throw notMine;
  return { state: parsed, rewrite: true };
}

function fromLog(text: string, notMine: Error): { state: PracticeState; rewrite: boolean } {
  const lines = text.split('\n');
  const header = JSON.parse(lines[0]!) as Header;
  if (header.version !== 2 || typeof header.apiKey !== 'string') throw notMine;
  const transactions = new Map<string, Transaction>();
  const challenges = new Map<string, Challenge>();
  const records: PracticeRecord[] = [];
  let count = 0;
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]) continue;
    let line: Line;
    try {
      line = JSON.parse(lines[i]!) as Line;
    } catch {
      if (i >= lines.length - 2) break; // torn by a crash while appending: the change before it stands
      throw notMine;
    }
    count++;
    if ('t' in line) transactions.set(line.t.transactionId, line.t);
    else if ('c' in line) challenges.set(line.c.challengeId, line.c);
    else if ('r' in line) records.push(line.r);
  }
  const live = transactions.size + challenges.size + records.length;
  return {
    state: { version: 1, apiKey: header.apiKey, webhookSecret: header.webhookSecret, transactions: [...transactions.values()], challenges: [...challenges.values()], records },
    // Mostly superseded lines (or a torn one): compact once, now.
    rewrite: count > 2 * live + 1_000 || count !== lines.filter(Boolean).length - 1,
  };
}
