// A check-up for a test: a real SQLite ledger in a temp folder, the practice gateway over
// loopback HTTP (with a fault persona when asked), the payments service, and the check-up
// service on a profile of the given environment pointing at that practice gateway.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Environment } from '../../contract/methods/app';
import type { AppEvent } from '../../contract/events';
import { createCheckupService } from '../../main/checkup/checkup-service';
import { createEventHub } from '../../main/core/event-hub';
import { createGatewayClient } from '../../main/gateway/client';
import { openLedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { createPaymentsService } from '../../main/payments/payments-service';
import type { Persona } from '../../main/practice/personas';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { startTestGateway } from '../support/practice';

export async function startCheckupRig(options: { persona?: Persona; environment?: Environment } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-checkup-'));
  const practice = await startTestGateway({ persona: options.persona ?? null });
  const db = openLedgerDb(dir);
  const client = createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: 5_000 });
  const events = createEventHub();
  const seen: AppEvent[] = [];
  events.subscribe((event) => seen.push(event));
  const active = { profile: { id: 'practice', name: 'Practice', environment: 'practice' as const }, conn: practice.conn };
  const payments = createPaymentsService({
    store: createSqliteLedgerStore(db), client, logger: practice.logger, events,
    active: async () => active,
    connectionFor: async () => practice.conn,
    requireConfirmation: requireProductionConfirmation,
  });
  const environment = options.environment ?? 'sandbox';
  const profile = { id: `${environment}-profile`, name: `Shop ${environment}`, environment };
  const checkup = createCheckupService({
    payments, client, events, logger: practice.logger,
    app: { name: 'Paydesk', version: '9.9.9-test', runtime: 'test', platform: process.platform },
    environmentOf: () => environment,
    gatewayFor: async (id) => ({ profile: { ...profile, id }, conn: practice.conn, currency: 'SAR', defaults: {} }),
  });
  const ctx = { transport: 'direct' as const, osUser: 'tester' };
  return {
    db, payments, checkup, ctx, practice, events: seen, profileId: profile.id,
    async run() {
      const started = await checkup.start(profile.id, ctx);
      await checkup.finished(started.id);
      return (await checkup.get({ runId: started.id })).run!;
    },
    async close() {
      db.close();
      await practice.gateway.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type CheckupRig = Awaited<ReturnType<typeof startCheckupRig>>;
