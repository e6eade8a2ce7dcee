// Holds the practice gateway's state in memory and, when given a file, writes it after every
// change (temp file + rename, so a crash leaves the old or the new state, never half of one).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

export function openPracticeStore(options: { stateFile?: string; apiKey?: string; webhookSecret?: string }): PracticeStore {
  const state = load(options.stateFile) ?? {
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

  const store: PracticeStore = {
    state,
    byOrderId: (orderId) => index.order.get(orderId),
    byTransactionId: (id) => index.id.get(id),
    bySession: (id) => index.session.get(id),
    byLink: (id) => index.link.get(id),
    challenge: (id) => index.challenge.get(id),
    add(tx) {
      state.transactions.push(tx);
      indexTx(tx);
    },
    addChallenge(challenge) {
      state.challenges.push(challenge);
      index.challenge.set(challenge.challengeId, challenge);
    },
    record(entry) {
      state.records.push(entry);
    },
    save() {
      if (!options.stateFile) return;
      const temp = `${options.stateFile}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
      renameSync(temp, options.stateFile);
    },
  };
  store.save();
  return store;
}

function load(file: string | undefined): PracticeState | undefined {
  if (!file || !existsSync(file)) return undefined;
  let parsed: PracticeState;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as PracticeState;
  } catch {
    throw new Error(`The practice gateway's state file ${file} is not valid JSON; move it away to start afresh.`);
  }
  if (parsed?.version !== 1 || !Array.isArray(parsed.transactions) || typeof parsed.apiKey !== 'string') {
    throw new Error(`The practice gateway's state file ${file} is not one it wrote; move it away to start afresh.`);
  }
  return parsed;
}
