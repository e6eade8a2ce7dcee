// "Save diagnostics" writes a bundle a person can send to support: versions, settings, the last
// log lines and ledger statistics, and no key, card number or CVV, even when the log was fed them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestLedger, customer, goodCard } from '../ledger/support';
import { createLogger } from '../../main/log/logger';
import { createMaintenance } from '../../main/maintenance/create-maintenance';
import { appendAudit } from '../../main/ledger/audit-log';
import type { ProfileView } from '../../contract/methods/profiles';

let ledger: Awaited<ReturnType<typeof startTestLedger>>;
beforeEach(async () => (ledger = await startTestLedger()));
afterEach(async () => ledger.close());

describe('diagnostics bundle', () => {
  it('holds versions, settings, log lines and ledger statistics, and no key, card number or CVV', async () => {
    const key = ledger.practice.conn.apiKey;
    const sandboxKey = 'sk_test_51Hdiagnostics0000secret';
    const logFile = join(ledger.dir, 'paydesk.log');
    const logger = createLogger({ file: logFile });
    logger.addSecret(key);
    logger.addSecret(sandboxKey);
    const sale = await ledger.handlers.chargeCard({ amount: '42.00', currency: 'SAR', card: goodCard, customer, authOnly: false }, ledger.ctx);
    expect(sale.ok).toBe(true);
    // Careless lines: the logger redacts them as it writes …
    logger.error('gateway call failed', { apiKey: key, card: goodCard.number, note: `key ${sandboxKey}` });
    logger.info('sale', { pan: '4111111111111111', cvv: goodCard.cvv });
    // … and a line from an older version, written without redaction, is scrubbed in the bundle.
    appendFileSync(logFile, JSON.stringify({ level: 'info', message: `card 5123 4500 0000 0008 cvv ${goodCard.cvv}`, cvv: '737', securityCode: '9191' }) + '\n');
    for (let i = 0; i < 400; i++) logger.info('status check', { n: i });

    const profiles: ProfileView[] = [
      { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: ledger.practice.conn.baseUrl, defaultCurrency: 'SAR', key: { configured: true, lastFour: key.slice(-4) }, pathOverrides: {}, successUrl: null, failureUrl: null },
      { id: 'shop', name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: sandboxKey.slice(-4) }, pathOverrides: {}, successUrl: null, failureUrl: null },
    ];
    const maintenance = createMaintenance({ db: ledger.db, dataDir: ledger.dir, logger, logFile, app: { name: 'Paydesk', version: '1.4.0', runtime: 'test' }, profiles: () => ({ profiles, activeId: 'shop' }) });
    const saved = await maintenance.saveDiagnostics();
    expect(saved.file.startsWith(join(ledger.dir, 'diagnostics'))).toBe(true);
    const text = readFileSync(saved.file, 'utf8');
    expect(Buffer.byteLength(text)).toBe(saved.bytes);
    const bundle = JSON.parse(text);

    expect(bundle.app).toEqual({ name: 'Paydesk', version: '1.4.0', runtime: 'test' });
    expect(bundle.versions.node).toBe(process.versions.node);
    expect(bundle.settings.profiles).toEqual([
      expect.objectContaining({ id: 'practice', keyConfigured: true }),
      expect.objectContaining({ id: 'shop', environment: 'sandbox', keyConfigured: true }),
    ]);
    for (const profile of bundle.settings.profiles) expect(Object.keys(profile)).not.toContain('key'); // not even the last four
    expect(bundle.ledger.paymentsByState).toEqual([{ state: 'paid', n: 1 }]);
    expect(bundle.ledger.audit).toMatchObject({ ok: true });
    expect(bundle.log).toHaveLength(300);
    expect(bundle.log.at(-1)).toContain('"n":399');

    // No secret, whatever the log was fed (the last 300 lines include none of the careless ones,
    // so check a bundle that reaches back to them too).
    const { buildDiagnostics } = await import('../../main/maintenance/diagnostics');
    const deep = JSON.stringify(buildDiagnostics({ db: ledger.db, dataDir: ledger.dir, app: bundle.app, profiles: () => ({ profiles, activeId: 'shop' }), updates: maintenance.updates.status, logFile, logLines: 1000 }));
    expect(deep).toContain('gateway call failed');
    for (const body of [text, deep]) {
      for (const secret of [key, sandboxKey, '5123450000000008', '5123 4500 0000 0008', '4111111111111111']) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/cvv\W{0,6}(100|737)/i);
      // As a value, not any four digits: the practice gateway's random port may hold 9191 (39191).
      expect(body).not.toMatch(/securityCode\W{0,6}9191|"9191"/i);
    }
    await maintenance.close();
  });

  it('says how far the audit chain has been checked, without walking it all on main', async () => {
    // The whole chain walked on main held every other call for 8.7 s at a million entries. The
    // bundle says what the incremental check knows; the rest is checked in the background, slice by slice.
    const at = new Date().toISOString();
    const insert = ledger.db.transaction(() => { for (let i = 0; i < 3_000; i++) appendAudit(ledger.db, { osUser: 'huda', action: 'status_check', orderId: `D-${i}`, result: 'succeeded' }, at); });
    insert();
    const logFile = join(ledger.dir, 'paydesk.log');
    const maintenance = createMaintenance({ db: ledger.db, dataDir: ledger.dir, logger: createLogger({ file: logFile }), logFile, app: { name: 'Paydesk', version: '1.4.0', runtime: 'test' }, profiles: () => ({ profiles: [], activeId: 'practice' }) });
    const bundle = JSON.parse(readFileSync((await maintenance.saveDiagnostics()).file, 'utf8'));
    expect(bundle.ledger.audit.ok).toBe(true);
    expect(bundle.ledger.audit.rows).toBeGreaterThanOrEqual(3_000);
    expect(bundle.ledger.audit.checkedThrough).toBeLessThan(bundle.ledger.audit.rows);
    await maintenance.close();
  });
});
