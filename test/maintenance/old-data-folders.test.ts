// A merchant upgrades Paydesk (walk36): data folders made by three older builds (2026-11-23 at ledger
// schema 10, 2026-11-28 at 13, 2026-12-01 at 24; test/fixtures/old-data-folders/README.md says how),
// opened by today's. Every payment, amount, state, operation, invoice and credit note number, audit
// entry, profile, seller, backup setting and bulk batch is what that build's own calls answered; the
// audit chain verifies; the language chosen there is main's; work goes on (the next invoice number,
// a refund of an old practice payment through the practice gateway's old state); and the old build's
// backup restores. The migration tests rewind a ledger made today; these files were written by the
// old code itself (its triggers, its English last errors, its backup's name without the laptop).
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type PaydeskApp } from '../../main/composition';
import { verifyAudit } from '../../main/ledger/audit-log';
import { latestVersion } from '../../main/ledger/migrations';
import { ctx } from '../profiles/support';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'old-data-folders');
type Handlers = PaydeskApp['handlers'];
type Shown = Record<string, unknown> & { build?: string; maintenance: { backup: Record<string, unknown> }; auditTotal: number; payments: Record<string, { id: string; kind: string; profileId: string }> };

let app: PaydeskApp | undefined;
const temps: string[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function value<T>(answer: Promise<unknown>): Promise<T> {
  const got = (await answer) as { ok: boolean; value?: unknown; error?: unknown };
  if (!got.ok) throw new Error(JSON.stringify(got.error));
  return got.value as T;
}
const pick = (o: Record<string, unknown> | null | undefined, keys: string[]) => Object.fromEntries(keys.filter((k) => o && k in o).map((k) => [k, o![k]]));

/** What the screens' calls answer, picked as /tmp/walk36/snapshot.mjs picked it from the old build's. */
async function shown(h: Handlers): Promise<Shown> {
  const call = <T>(method: keyof Handlers, input: unknown) => value<T>((h[method] as (i: unknown, c: typeof ctx) => Promise<unknown>)(input, ctx));
  const raw = <T>(method: keyof Handlers, input: unknown) => (h[method] as (i: unknown, c: typeof ctx) => Promise<T>)(input, ctx);
  const snap: Record<string, unknown> = {};
  const profiles = await call<{ activeId: string; profiles: Array<Record<string, unknown> & { id: string; key: Record<string, unknown> }> }>('listProfiles', {});
  snap.activeId = profiles.activeId;
  snap.profiles = [];
  for (const p of profiles.profiles) {
    const seller = await raw<{ ok: boolean; value: { seller: unknown } }>('getSellerDetails', { id: p.id });
    (snap.profiles as unknown[]).push({ ...pick(p, ['id', 'name', 'environment', 'defaultCurrency', 'successUrl', 'failureUrl', 'pathOverrides']), baseUrl: p.environment === 'practice' ? '(embedded)' : p.baseUrl, key: pick(p.key, ['configured', 'lastFour', 'notInKeychain']), seller: seller.ok ? seller.value.seller : seller });
  }
  const list = await call<{ total: number; rows: Array<{ id: string; orderId: string }> }>('searchPayments', { filter: {}, sort: { by: 'createdAt', direction: 'asc' }, limit: 500 });
  snap.total = list.total;
  const payments: Record<string, unknown> = {};
  const paymentKeys = ['profileId', 'environment', 'kind', 'amountMinor', 'currency', 'description', 'customer', 'cardMasked', 'transactionId', 'sessionId', 'url', 'authOnly', 'recurringAvailable', 'parentPaymentId', 'state', 'statusWord', 'capturedMinor', 'refundedMinor', 'needsAttention', 'attentionReason', 'watched', 'createdAt'];
  const opKeys = ['id', 'kind', 'amountMinor', 'reason', 'osUser', 'outcome', 'errorCode', 'createdAt', 'completedAt', 'settledBy', 'settledReason'];
  for (const row of list.rows) {
    const d = await call<{ payment: Record<string, unknown>; operations: Array<Record<string, unknown>>; history: Array<Record<string, unknown>>; checks: unknown[] }>('getPayment', { paymentId: row.id });
    const inv = await raw<{ ok: boolean; value: { invoice: (Record<string, unknown> & { lines: Array<Record<string, unknown>>; creditNotes: Array<Record<string, unknown>> }) | null } }>('getInvoice', { paymentId: row.id });
    const invoice = inv.ok && inv.value.invoice
      ? { ...pick(inv.value.invoice, ['number', 'totalMinor', 'vatMinor', 'netMinor', 'issuedAt', 'zatcaQr']), lines: inv.value.invoice.lines.map((l) => pick(l, ['description', 'quantityMilli', 'unitMinor', 'category', 'rateBp', 'netMinor', 'vatMinor', 'grossMinor'])), creditNotes: inv.value.invoice.creditNotes.map((c) => pick(c, ['number', 'totalMinor', 'vatMinor', 'issuedAt', 'reason'])) }
      : null;
    payments[row.orderId] = { id: row.id, ...pick(d.payment, paymentKeys), operations: d.operations.map((o) => pick(o, opKeys)), history: d.history.map((x) => pick(x, ['state', 'statusWord', 'source', 'at'])), checks: d.checks.length, invoice };
  }
  snap.payments = payments;
  const audit = await call<{ total: number; chainIntact: boolean; rows: Array<Record<string, unknown>> }>('listAuditLog', { limit: 500 });
  snap.auditTotal = audit.total;
  snap.auditChainIntact = audit.chainIntact;
  snap.audit = audit.rows.map((r) => pick(r, ['seq', 'at', 'osUser', 'profileId', 'environment', 'action', 'paymentId', 'orderId', 'amountMinor', 'currency', 'reason', 'result']));
  const m = await call<{ backup: Record<string, unknown> & { files?: Array<Record<string, unknown>> }; updates?: { enabled: boolean }; pendingRestore: unknown }>('getMaintenance', {});
  snap.maintenance = { backup: pick(m.backup, ['folder', 'schedule', 'keep', 'lastGood', 'lastError']), backups: (m.backup.files ?? []).map((x) => pick(x, ['name', 'at'])), updates: m.updates?.enabled, pendingRestore: m.pendingRestore };
  const batches = await call<Array<Record<string, unknown>>>('listBulkBatches', {});
  snap.bulk = batches.map((x) => pick(x, ['id', 'fileName', 'profileId', 'state', 'total', 'created', 'failed', 'unknown', 'pending', 'createdAt']));
  return snap as Shown;
}

/** The fixture as the old build left its data folder and its last backup; the backups folder moved to this test's own. */
function unpack(name: string): { dir: string; old: Shown } {
  const from = join(fixtures, name);
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-old-folder-'));
  const backups = mkdtempSync(join(tmpdir(), 'paydesk-old-backups-'));
  temps.push(dir, backups);
  for (const file of readdirSync(from)) {
    if (file === 'paydesk.sqlite.br') writeFileSync(join(dir, 'paydesk.sqlite'), brotliDecompressSync(readFileSync(join(from, file))));
    else if (file.endsWith('.json') && file !== 'shown-by-that-build.json') cpSync(join(from, file), join(dir, file));
  }
  const settings = JSON.parse(readFileSync(join(dir, 'maintenance.json'), 'utf8')) as { backupFolder: string };
  writeFileSync(join(dir, 'maintenance.json'), JSON.stringify({ ...settings, backupFolder: backups }, null, 2));
  const old = JSON.parse(readFileSync(join(from, 'shown-by-that-build.json'), 'utf8')) as Shown;
  delete old.build;
  old.maintenance.backup.folder = backups;
  // The backup that build made last (its ledger then: the fixture's, made just before by the same walk).
  writeFileSync(join(backups, (old.maintenance.backup.lastGood as { name: string }).name), brotliDecompressSync(readFileSync(join(from, 'paydesk.sqlite.br'))));
  return { dir, old };
}

const start = (dir: string) => createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 600_000 });

function chainOf(dir: string) {
  const db = new Database(join(dir, 'paydesk.sqlite'), { readonly: true });
  try {
    return { version: db.pragma('user_version', { simple: true }), audit: verifyAudit(db) };
  } finally {
    db.close();
  }
}

const folders = [
  { name: '2026-11-23-schema-10', language: 'en' }, // that build kept the language in the window's storage only
  { name: '2026-11-28-schema-13', language: 'ar' },
  { name: '2026-12-01-schema-24', language: 'ar' },
] as const;

describe('a data folder an older Paydesk made, opened by today\'s', () => {
  for (const folder of folders) {
    it(`${folder.name}: shows every record as that build did, verifies its chain and goes on`, async () => {
      const { dir, old } = unpack(folder.name);
      app = await start(dir);
      const h = app.handlers;
      expect(await shown(h)).toEqual(old);
      expect(chainOf(dir)).toEqual({ version: latestVersion, audit: { ok: true, rows: old.auditTotal } });
      expect((await value<{ language: string }>(h.getAppInfo({}, ctx))).language).toBe(folder.language);

      // The next day's work on the practice profile (no other gateway runs here): the invoice numbers
      // go on, and an old payment is refunded through the practice gateway's state that build wrote.
      await value(h.switchProfile({ id: 'practice' }, ctx));
      const invoice = await value<{ invoice: { number: string } }>(h.createInvoice({ currency: 'SAR', lines: [{ description: 'After the update', quantity: '1', unitPrice: '10.00', vat: 'standard' }], pricesIncludeVat: false, customer: { name: 'After Update', email: 'after@example.com', phone: '+966500000077' } }, ctx));
      expect(invoice.invoice.number).toBe('INV-000002');
      const [oldSaleOrder, oldSale] = Object.entries(old.payments).find(([, p]) => p.profileId === 'practice' && p.kind === 'sale')!;
      const refunded = await value<{ orderId: string; state: string; refundedMinor: number }>(h.refundPayment({ paymentId: oldSale.id, amount: '10.00', currency: 'SAR', reason: 'After the update' }, ctx));
      expect(refunded).toMatchObject({ orderId: oldSaleOrder, state: 'partially_refunded', refundedMinor: 2_400 });

      // The backup that build made restores: its ledger, as it was then.
      const lastGood = old.maintenance.backup.lastGood as { name: string };
      expect(await value(h.restoreBackup({ name: lastGood.name }, ctx))).toMatchObject({ payments: old.total, auditRows: old.auditTotal });
      await app.close();
      app = await start(dir);
      const restored = await shown(app.handlers);
      expect({ payments: restored.payments, audit: restored.audit }).toEqual({ payments: old.payments, audit: old.audit });
    });
  }
});
