// What the team ledger's race tests share: a team database with its practice gateway, laptops on
// it, a superuser to hold a table inside an open transaction, and a watcher outside it that sees
// who waits on a lock. Inside the superuser's transaction pg_stat_activity answers the snapshot of
// its first read, so a wait that began later was never seen (the poll timed out, by timing).
import { afterAll, beforeAll, expect } from 'vitest';
import type pg from 'pg';
import { teamServer } from './postgres-tests';
import { startTestGateway } from './practice';
import { teamLaptops, type TeamLaptop, type TeamLaptopOptions } from './team-laptops';

export type TeamRace = {
  practice: Awaited<ReturnType<typeof startTestGateway>>;
  database: string;
  superuser: pg.Client;
  /** A laptop of `role` on the file's team database and practice gateway. */
  open(role: 'staff' | 'support' | 'finance' | 'admin', options?: TeamLaptopOptions): TeamLaptop;
  /** Until `login`'s connection waits on a lock (read by the watcher). */
  waitingOnALock(login: string): Promise<void>;
};

/** Set up before the file's tests and closed after them; call it in the describe block. */
export function teamRace(): TeamRace {
  const laptops = teamLaptops();
  let watcher: pg.Client | undefined;
  const race = {
    open: (role, options) => laptops.open(race.database, race.practice, role, options),
    waitingOnALock: async (login) => {
      await expect.poll(async () => (await watcher!.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND datname = current_database() AND wait_event_type = 'Lock'`, [login])).rows[0].n, { timeout: 20_000 }).toBe(1);
    },
  } as TeamRace;
  beforeAll(async () => {
    race.practice = await startTestGateway();
    race.database = await teamServer().createTeamDatabase();
    race.superuser = await teamServer().connect({ database: race.database });
    watcher = await teamServer().connect({ database: race.database });
  });
  afterAll(async () => {
    await race.superuser?.end();
    await watcher?.end();
    await laptops.close();
    await race.practice?.gateway.close();
  });
  return race;
}
