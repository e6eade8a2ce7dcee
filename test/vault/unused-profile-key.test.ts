// A key of a profile not used since Paydesk started (a second profile, its key never read this run)
// pasted by mistake into a payment link's description or a bulk CSV cell is refused as the active
// profile's would be, and is kept in no table of the ledger, no log line and no answer: every key
// the keychain keeps is registered after the first screen (docs/profiles-and-keys.md). The whole
// app, the real keychain, the practice gateway over HTTP, the real SQLite file.
import { afterEach, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaydeskApp } from '../../main/composition';
import { openLedgerDb } from '../../main/ledger/database';
import { ctx, sandboxInput } from '../profiles/support';
import { customer } from '../ledger/support';
import { seller } from '../support/seller';
import { describeWithKeychain, forgetKeysOf } from './support/keychain';

const key = 'sk_test_Second_Profile_Unused_Q7xP';
let app: PaydeskApp | undefined;
let dir = '';

afterEach(async () => {
  await app?.close();
  app = undefined;
  await forgetKeysOf(dir);
  rmSync(dir, { recursive: true, force: true });
});

const start = () => createApp({ dataDir: dir, runtime: 'test', version: '0.0.0', startLaterMs: 60_000 });
async function value<T>(answer: Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>): Promise<T> {
  const got = await answer;
  if (!got.ok) throw new Error(got.error?.message);
  return got.value as T;
}

/** Every row of every table of the ledger file, as text (test/support/ledger-apps.ts `everything()`). */
function everything(): string {
  const db = openLedgerDb(dir);
  try {
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    return tables.map((table) => JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all())).join('\n');
  } finally {
    db.close();
  }
}

/** Closes the app, then: no answer, ledger row or log line holds the key, and what was made without it was kept. */
async function closedWithoutKey(answers: unknown[], kept: string) {
  await app!.close();
  app = undefined;
  expect(JSON.stringify(answers)).not.toContain(key);
  expect(everything()).toContain(kept);
  expect(everything()).not.toContain(key);
  const log = join(dir, 'paydesk.log');
  expect(existsSync(log) ? readFileSync(log, 'utf8') : '').not.toContain(key);
}

describeWithKeychain('the key of a profile not used this run', () => {
  it('pasted into a link\'s description or a bulk CSV cell, is refused and kept nowhere', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-unused-key-'));
    // Yesterday: a second profile's key set; the practice profile stays the active one.
    app = await start();
    const second = await value<{ id: string }>(app.handlers.createProfile(sandboxInput, ctx));
    await value(app.handlers.setProfileKey({ id: second.id, key }, ctx));
    await app.close();

    // Today: Paydesk started again, the second profile's key never read by any call.
    app = await start();
    const answers: unknown[] = [];
    answers.push(await app.handlers.createPaymentLink({ amount: '25.00', currency: 'SAR', description: `Paid with ${key}`, customer }, ctx));
    expect(answers[0]).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { description: { key: 'input.apiKey' } } } });

    const csv = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone\r\n'
      + 'UNUSED-KEY-1,25.00,SAR,Oud gift box,Sara Ahmed,sara@example.com,+966501234567\r\n'
      + `UNUSED-KEY-2,30.00,SAR,${key},Omar Ali,omar@example.com,+966501234568\r\n`;
    const file = Buffer.from(csv, 'utf8').toString('base64');
    const preview = await value<{ valid: number; invalid: number; rows: Array<{ errors: object }> }>(app.handlers.bulkPreview({ file }, ctx));
    answers.push(preview);
    expect(preview).toMatchObject({ valid: 1, invalid: 1 });
    expect(preview.rows[1]!.errors).toEqual({ description: { key: 'input.apiKey' } });
    const batch = await value<{ id: string }>(app.handlers.bulkCreateBatch({ file, fileName: 'keys.csv' }, ctx));
    answers.push(batch, await app.handlers.bulkRun({ batchId: batch.id }, ctx));
    // The run over: each row's move is announced (bulk.changed), the batch then read again.
    const isDone = async () => (await value<{ state: string }>(app!.handlers.getBulkBatch({ batchId: batch.id }, ctx))).state === 'done';
    const finished = new Promise<void>((resolve) => app!.events.subscribe((e) => void (e.type === 'bulk.changed' && void isDone().then((done) => done && resolve()))));
    if (!(await isDone())) await finished;
    answers.push(await app.handlers.getBulkBatch({ batchId: batch.id }, ctx), await app.handlers.bulkErrorReport({ batchId: batch.id }, ctx));
    await closedWithoutKey(answers, 'UNUSED-KEY-1');
  });

  it('pasted into an invoice\'s line, its exemption reason or the buyer\'s VAT number, into a settle-by-hand reason, a profile\'s name or the seller\'s details, is refused and kept nowhere', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-unused-key-'));
    app = await start();
    const second = await value<{ id: string }>(app.handlers.createProfile(sandboxInput, ctx));
    await value(app.handlers.setProfileKey({ id: second.id, key }, ctx));
    await value(app.handlers.setSellerDetails({ id: 'practice', seller }, ctx));
    await app.close();

    app = await start();
    const invoice = (lines: Array<{ description: string; reason?: string }>, buyerVatNumber?: string) => app!.handlers.createInvoice({
      currency: 'SAR', pricesIncludeVat: false, description: 'Office supplies', customer, buyerVatNumber, language: 'en',
      lines: lines.map((l) => ({ description: l.description, quantity: '1', unitPrice: '10.00', vat: l.reason ? 'zero' as const : 'standard' as const, reason: l.reason })),
    }, ctx);
    const answers = [
      await invoice([{ description: 'Paper' }, { description: `Toner ${key}` }]),
      await invoice([{ description: 'Export shipping', reason: `Export ${key}` }]),
      await invoice([{ description: 'Paper' }], key),
      // Refused before the payment is even looked for: the reason is never kept.
      await app.handlers.settleOperation({ paymentId: '00000000-0000-4000-8000-000000000001', operationId: '00000000-0000-4000-8000-000000000002', happened: true, reason: `Checked with ${key}` }, ctx),
    ];
    // Settings: the profiles file would keep a name or seller details as typed.
    const settings = [
      await app.handlers.updateProfile({ id: second.id, name: key }, ctx),
      await app.handlers.setSellerDetails({ id: 'practice', seller: { ...seller, address: `${seller.address} ${key}` } }, ctx),
    ];
    expect(settings[0]).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { name: { key: 'input.apiKey' } } } });
    expect(settings[1]).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { address: { key: 'input.apiKey' } } } });
    expect(JSON.stringify(settings)).not.toContain(key);
    expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).not.toContain(key);
    expect(answers[0]).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { 'lines.1.description': { key: 'input.apiKey' } } } });
    expect(answers[1]).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { 'lines.0.reason': { key: 'input.apiKey' } } } });
    expect(answers[2]).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { buyerVatNumber: { key: 'input.apiKey' } } } });
    expect(answers[3]).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldReasons: { reason: { key: 'input.apiKey' } } } });
    // The same invoice without the key is made: the refusal was the key's, not the form's.
    answers.push(await invoice([{ description: 'Paper' }, { description: 'Toner' }], '310122393500003'));
    expect(answers[4]).toMatchObject({ ok: true });
    await closedWithoutKey(answers, 'Toner');
  });
});
