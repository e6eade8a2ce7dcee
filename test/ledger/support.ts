// A ledger for a test: a real SQLite file in a temp folder, the practice gateway over real
// HTTP, and the contract handlers on top, called the way the renderer calls them.
import { expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayClient } from '../../main/gateway/client';
import { openLedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { createPaymentsService, type ActiveGateway } from '../../main/payments/payments-service';
import { createOverview } from '../../main/payments/overview';
import { overviewHandlers } from '../../main/api/overview-handlers';
import { paymentHandlers } from '../../main/api/payment-handlers';
import { ledgerHandlers } from '../../main/api/ledger-handlers';
import { createLedgerReads } from '../../main/payments/ledger-reads';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { startTestGateway } from '../support/practice';
import type { AppEvent } from '../../contract/events';

export async function startTestLedger(options: { environment?: ActiveGateway['profile']['environment']; now?: () => Date; timeZone?: string; fetch?: typeof fetch } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-ledger-'));
  const practice = await startTestGateway();
  const db = openLedgerDb(dir);
  const client = createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: 2_000, fetch: options.fetch });
  const events = createEventHub();
  const seen: AppEvent[] = [];
  events.subscribe((event) => seen.push(event));
  const profile = { id: 'practice', name: 'Practice', environment: options.environment ?? ('practice' as const) };
  const service = createPaymentsService({
    store: createSqliteLedgerStore(db), client, logger: practice.logger, events, now: options.now, timeZone: options.timeZone,
    active: async () => ({ profile, conn: practice.conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
    connectionFor: async () => practice.conn,
    requireConfirmation: requireProductionConfirmation,
  });
  const handlers = createHandlers({ ...paymentHandlers({ service }), ...ledgerHandlers({ reads: createLedgerReads({ db, events, exportDir: join(dir, 'exports'), now: options.now }), activeEnvironment: () => 'practice' }), ...overviewHandlers({ overview: createOverview({ db, now: options.now }) }) } as unknown as Implementations, practice.logger);
  const ctx = { transport: 'direct' as const, osUser: 'tester' };
  return {
    dir, db, service, handlers, ctx, practice, events: seen,
    async close() {
      db.close();
      await practice.gateway.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const customer = { name: 'Omar Saleh', email: 'omar@example.com', phone: '+966 50 000 0002' };
export const goodCard = { number: '5123 4500 0000 0008', holder: 'OMAR SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '100' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked by the assertions
export type HandlerCall = (i: unknown, c: unknown) => Promise<{ ok: boolean; value: any; error?: unknown }>;
/** Calls one of the test ledger's handlers by name and answers its value (a refusal throws, with its error). */
export async function callHandler(t: Awaited<ReturnType<typeof startTestLedger>>, name: string, input: unknown) {
  const result = await (t.handlers as unknown as Record<string, HandlerCall>)[name]!(input, t.ctx);
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** RFC 4180 rows as records, read by the tests (not the app's writer). */
export function parseCsv(text: string): Array<Record<string, string>> {
  const records: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\r')) cell += c;
    else {
      records.at(-1)!.push(cell);
      cell = '';
      if (c === '\r') {
        records.push([]);
        i++; // the \n after it
      }
    }
  }
  records.pop();
  const [header, ...rows] = records;
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** "1,234.567" or "12" written with `decimals` places, as integer minor units: text only, a BigInt at the end. */
export function minorOf(text: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.replace(/,/g, ''));
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const fraction = match[2] ?? '';
  expect(fraction.length).toBe(decimals);
  return BigInt(match[1]! + fraction);
}
