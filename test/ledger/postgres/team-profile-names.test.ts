// walk37 named each payment's profile in the CSVs (profile_name) as this laptop names it: on the team
// ledger a colleague's branch this laptop has not added had an empty cell, and the audit log's CSV
// had profile_id only (a UUID per branch for finance to match by hand). walk39: both files name the
// profile, this laptop's name first, else the team's list's (team-profiles.sql), on the team ledger
// as on a laptop's own (export-file.test.ts). Two laptops on one team database, the practice gateway.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, teamServer } from '../../support/postgres-tests';
import { teamLaptops } from '../../support/team-laptops';
import { approveCard, startTestGateway, testCustomer } from '../../support/practice';
import { openTeamBackendAs } from '../../support/ledger-apps';

/** RFC 4180 rows as records by header (quoted cells with commas allowed). */
function records(csv: string): Array<Record<string, string>> {
  const lines: string[][] = [];
  let cell = '', row: string[] = [], quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); lines.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  const [header, ...rest] = lines;
  return rest.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

describeWithPostgres('a colleague\'s branch named in the team ledger\'s CSVs', () => {
  let practice: Awaited<ReturnType<typeof startTestGateway>>;
  let database: string;
  const laptops = teamLaptops();
  beforeAll(async () => {
    practice = await startTestGateway();
    database = await teamServer().createTeamDatabase();
  });
  afterAll(async () => {
    await laptops.close();
    await practice?.gateway.close();
  });

  it('names in the payments and audit CSVs a branch only a colleague has, as the team\'s list names it', async () => {
    const branch = { id: 'branch-jeddah', name: 'فرع جدة – Tahlia', environment: 'sandbox' as const };
    const ada = laptops.open(database, practice, 'admin', { name: 'ada-laptop', profile: branch });
    await ada.teamProfiles.publish([{ ...branch, baseUrl: practice.conn.baseUrl }]);
    const orderId = `W39-BRANCH-${randomUUID().slice(0, 8)}`;
    await ada.service.chargeCard({ orderId, amount: '100.00', currency: 'SAR', card: approveCard, customer: testCustomer, authOnly: false }, ada.ctx);

    // Sue's laptop has practice only, named "Front desk" on it.
    const { team } = await openTeamBackendAs(database, 'admin', { profilesHere: [{ id: 'practice', name: 'Front desk' }] });
    try {
      const payments = await team.screens!.quick.exportPayments({ filter: { query: orderId }, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 } as never, 'sue-laptop');
      expect(records(payments.csv)).toEqual([expect.objectContaining({ order_id: orderId, profile_id: branch.id, profile_name: branch.name })]);
      const audit = await team.screens!.quick.exportAuditLog('sue-laptop');
      const header = audit.csv.replace(/^\uFEFF/, '').split('\r\n')[0]!.split(',');
      expect(header.slice(-3)).toEqual(['team_login', 'laptop', 'profile_name']); // last, after the team's own two
      const entries = records(audit.csv).filter((r) => r.order_id === orderId);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) expect(entry).toMatchObject({ profile_id: branch.id, profile_name: branch.name });
    } finally {
      await team.close();
    }
  });
});
