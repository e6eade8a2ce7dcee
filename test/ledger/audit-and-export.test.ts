// The audit log's hash chain shows an edit or a deletion; CSV exports open correctly in a
// spreadsheet (BOM, RFC 4180 quoting, exact amounts) and cannot smuggle in a formula.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, verifyAudit } from '../../main/ledger/audit-log';
import { csvCell, toCsv } from '../../main/ledger/csv';
import { customer, goodCard, startTestLedger } from './support';

let t: Awaited<ReturnType<typeof startTestLedger>>;
beforeAll(async () => {
  t = await startTestLedger();
});
afterAll(() => t.close());
const handlers = () => t.handlers as unknown as Record<string, (i: unknown, c: unknown) => Promise<{ ok: boolean; value: never }>>;

describe('audit log', () => {
  it('records who did what, and its chain breaks where a row is edited or removed', async () => {
    const sale = await handlers().chargeCard!({ amount: '12.5', currency: 'SAR', card: goodCard, customer, authOnly: false }, t.ctx);
    expect(sale.ok).toBe(true);
    const row = t.db.prepare("SELECT * FROM audit_log WHERE action = 'create_sale' ORDER BY seq DESC LIMIT 1").get() as Record<string, unknown>;
    expect(row).toMatchObject({ os_user: 'tester', profile_id: 'practice', environment: 'practice', amount_minor: 1250, currency: 'SAR', result: 'paid' });
    for (let i = 0; i < 3; i++) appendAudit(t.db, { osUser: 'tester', action: 'note', result: `r${i}` }, new Date().toISOString());
    expect(verifyAudit(t.db)).toMatchObject({ ok: true });

    t.db.prepare('UPDATE audit_log SET amount_minor = 1 WHERE seq = ?').run(row.seq);
    expect(verifyAudit(t.db)).toMatchObject({ ok: false, brokenAt: row.seq });
    t.db.prepare('UPDATE audit_log SET amount_minor = 1250 WHERE seq = ?').run(row.seq);
    expect(verifyAudit(t.db).ok).toBe(true);
    t.db.prepare('DELETE FROM audit_log WHERE seq = ?').run(row.seq);
    expect(verifyAudit(t.db)).toMatchObject({ ok: false, brokenAt: row.seq });
  });
});

describe('CSV', () => {
  it('quotes per RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const danger of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '=HYPERLINK("http://x")']) expect(csvCell(danger).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [['1', 'x,y']]).csv).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });

  it('exports the filtered payments with exact amounts, Arabic text intact, ISO dates', async () => {
    const arabic = { name: 'مريم القحطاني', email: 'maryam@example.com', phone: '+966500000003' };
    await handlers().createPaymentLink!({ amount: '1.005', currency: 'KWD', description: '=cmd|"/c calc"!A1', customer: arabic }, t.ctx);
    const result = await handlers().exportPayments!({ filter: { currency: 'KWD' } }, t.ctx);
    expect(result.ok).toBe(true);
    const { csv, rows, fileName } = result.value as { csv: string; rows: number; fileName: string };
    expect(fileName).toMatch(/^paydesk-payments-\d{8}-\d{6}\.csv$/);
    expect(rows).toBe(1);
    expect(csv.startsWith('\uFEFFcreated_at,kind,order_id,state')).toBe(true);
    const line = csv.split('\r\n')[1]!;
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,link,PD-/);
    expect(line).toContain(',1.005,KWD,0.000,0.000,مريم القحطاني,');
    expect(line).toContain(`"'=cmd|""/c calc""!A1"`);
  });

  it('exports the audit log and says its chain is broken (a row was deleted above)', async () => {
    const result = await handlers().exportAuditLog!({}, t.ctx);
    const value = result.value as { csv: string; chainIntact: boolean };
    expect(value.csv).toContain('seq,at,os_user');
    expect(value.csv).toContain(',create_link,');
    expect(value.chainIntact).toBe(false);
  });
});
