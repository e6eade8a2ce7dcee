// The settlement summary downloaded from Home's overview in Chromium, over a ledger seeded with
// payments on several days, in two currencies and two profiles: the file is what Excel opens
// (UTF-8 with BOM, RFC 4180, a header, one row per day and currency, each day's start and end
// with the time zone's offset, no cell a spreadsheet would run as a formula), and its totals per currency equal the figures the screen shows for the same
// chosen dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openLedgerDb } from '../../main/ledger/database';
import { openSession, type E2eSession } from './support/session';
import { OverviewPage } from './pages/overview-page';

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** That local day's midnight as the file says it: its wall time and the offset from UTC ("2026-10-01T00:00:00+03:00"). */
const midnight = (d: Date) => {
  const offset = -new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTimezoneOffset();
  return `${localDate(d)}T00:00:00${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
};
/** The day's start and the next day's, as the file's last two cells. */
const bounds = (d: Date) => `${midnight(d)},${midnight(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 12))}`;
/** Local noon `back` days ago: well inside that local day. */
const noon = (back: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - back, 12, 0);
};

// [days ago, profile, currency, captured, refunded, state]
const seeded: Array<[number, string, string, number, number, string]> = [
  [1, 'practice', 'SAR', 12_000, 2_000, 'partially_refunded'],
  [1, 'practice', 'SAR', 3_050, 0, 'paid'],
  [1, 'practice', 'KWD', 1_500, 0, 'paid'],
  [3, 'practice', 'SAR', 9_999, 9_999, 'refunded'],
  [3, 'practice', 'SAR', 0, 0, 'voided'], // takes nothing
  [12, 'practice', 'KWD', 250, 125, 'partially_refunded'],
  [12, 'shop', 'SAR', 50_000, 0, 'paid'], // another profile: not in "This profile"
  [45, 'practice', 'SAR', 70_000, 0, 'paid'], // before the chosen 30 days
];

/** Minor units from the file's or the screen's decimal text: the digits as written. */
const minorOf = (text: string) => Number(BigInt(text.replace(/[^\d]/g, '')));

describe('the settlement summary from the overview', () => {
  let session: E2eSession;
  let home: OverviewPage;
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-settlement-'));

  beforeAll(async () => {
    const db = openLedgerDb(dataDir);
    const insert = db.prepare(`INSERT INTO payments (id, profile_id, environment, kind, order_id, amount_minor, currency, state, captured_minor, refunded_minor, created_by, created_at, updated_at)
      VALUES (?, ?, 'practice', 'sale', ?, ?, ?, ?, ?, ?, 'seed', ?, ?)`);
    seeded.forEach(([back, profile, currency, captured, refunded, state], i) => {
      const at = noon(back).toISOString();
      insert.run(randomUUID(), profile, `SETTLE-${i}`, Math.max(captured, 100), currency, state, captured, refunded, at, at);
    });
    db.close();
    session = await openSession({ dataDir });
    home = new OverviewPage(session.page);
    await home.open(session.preview.url);
  });
  afterAll(async () => {
    await session?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('downloads by its label a CSV Excel opens, one row per day and currency, totals as on screen', async () => {
    const page = session.page;
    await home.row('range', 'SAR').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), home.exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^paydesk-settlement-.*\.csv$/);
    const bytes = readFileSync((await download.path())!);
    await page.getByRole('status').filter({ hasText: '4 lines exported.' }).waitFor();

    // UTF-8 with a byte-order mark, CRLF line ends.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    // Each day says when it began and ended, with the offset from UTC of the time zone it was counted in.
    expect(lines[0]).toBe('date,currency,captured,refunded,net,captured_payments,refunded_payments,day_starts_at,day_ends_at,refunds_not_known,captures_not_known,captured_minor,refunded_minor,net_minor');
    expect(lines.slice(1)).toEqual([
      `${localDate(noon(12))},KWD,0.250,0.125,0.125,1,1,${bounds(noon(12))},0,0,250,125,125`,
      `${localDate(noon(3))},SAR,99.99,99.99,0.00,1,1,${bounds(noon(3))},0,0,9999,9999,0`,
      `${localDate(noon(1))},KWD,1.500,0.000,1.500,1,0,${bounds(noon(1))},0,0,1500,0,1500`,
      `${localDate(noon(1))},SAR,150.50,20.00,130.50,2,1,${bounds(noon(1))},0,0,15050,2000,13050`,
    ]);
    // Nothing a spreadsheet would run: every cell is a date, a code, a decimal, a count or a time.
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cells[1]).toMatch(/^[A-Z]{3}$/);
      for (const cell of cells.slice(2, 7)) expect(cell).toMatch(/^\d+(\.\d+)?$/);
      for (const cell of cells.slice(7, 9)) expect(cell).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}$/);
      expect(cells[9]).toMatch(/^\d+$/); // refunds_not_known: a count
      expect(cells[10]).toMatch(/^\d+$/); // captures_not_known: a count
      for (const cell of cells.slice(11)) expect(cell).toMatch(/^-?\d+$/); // the money in minor units (walk38)
    }

    // The file's totals per currency equal the "Chosen dates" figures on the screen.
    for (const currency of ['SAR', 'KWD']) {
      const rows = lines.slice(1).map((l) => l.split(',')).filter((c) => c[1] === currency);
      const sum = (i: number) => rows.reduce((n, c) => n + minorOf(c[i]!), 0);
      const row = home.row('range', currency);
      expect(minorOf((await row.getByTestId('ov-gross').textContent())!)).toBe(sum(2));
      expect(minorOf((await row.getByTestId('ov-refunds').textContent())!)).toBe(sum(3));
      expect(minorOf((await row.getByTestId('ov-net').textContent())!)).toBe(sum(4));
      expect(minorOf((await row.getByTestId('ov-count').textContent())!)).toBe(sum(5));
    }
  });
});
