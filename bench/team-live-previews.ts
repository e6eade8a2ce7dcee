// Live-update latency between two real Paydesk instances on one team ledger (issue 15: "a refund
// made on one laptop appears on the others' screens within 2 seconds"): two built previews
// (dist/main/preview.cjs, each its own process, data folder and keychain entry, two support people)
// on a throwaway PostgreSQL and one practice gateway. A refund is made through laptop A's API (the
// bridge its page uses); laptop B's event stream (`/api/events`, the stream B's page listens to) is
// read here, and on each `payments.changed` naming the payment, B's `getPayment` is called as the
// page does to redraw it. Two figures per refund, from the moment A had the gateway's answer and
// began recording it (the operation's `completed_at`, A's clock; the same machine's):
// - heard: B's stream delivers the event after which B's read shows the refund;
// - shown: that read of B has answered with the refund (what B's open screen would draw).
// One refund at a time (the next once B showed the last), 1.00 SAR each on 20 paid payments, after
// a warm-up. bench/team-live.ts measures the same between two processes at the ledger level.
// Needs the build (node scripts/build.mjs), PostgreSQL's server binaries and the OS keychain: it
// runs itself inside a throwaway keyring (scripts/with-keyring.sh) where one can be made; without
// the binaries or a keychain it says so and exits 0.
// Run: node scripts/run-ts.mjs bench/team-live-previews.ts [--changes 100]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { option, percentile, result, table } from './support';

const now = () => performance.timeOrigin + performance.now();

// The previews keep the team ledger's password in the OS keychain: use a throwaway one, never the user's.
if (!process.env.PAYDESK_IN_KEYRING_SESSION && process.platform === 'linux' && existsSync('/usr/bin/dbus-run-session') && existsSync('/usr/bin/gnome-keyring-daemon')) {
  const run = spawnSync('bash', ['scripts/with-keyring.sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
await main();

async function main() {
  const { postgresMissing } = await import('../test/support/postgres-server');
  const { createKeyVault } = await import('../main/vault/key-vault');
  const { createMemoryLogger } = await import('../main/log/logger');
  const missing = postgresMissing() ?? (await createKeyVault({ logger: createMemoryLogger(), timeoutMs: 10_000 }).problem());
  if (missing) {
    console.log(`team-live-previews: skipped: ${missing}`);
    return;
  }
  if (!existsSync('dist/main/preview.cjs')) throw new Error('build first: node scripts/build.mjs');
  const { startTeamDatabase } = await import('../test/e2e/support/team-database');
  const { startPreview } = await import('../test/e2e/support/preview');
  const { listenToPreview, mustCall } = await import('../test/e2e/support/preview-api');
  const { approveCard, startTestGateway, testCustomer } = await import('../test/support/practice');

  const changes = Number(option('changes') || 100);
  const warmup = 10;
  const load = loadavg()[0]!.toFixed(1);
  const people = [
    { login: 'sue', role: 'support' as const, password: 'bench-password-s-1' },
    { login: 'sid', role: 'support' as const, password: 'bench-password-s-2' },
  ];
  const team = await startTeamDatabase(people);
  const practice = await startTestGateway();
  const dirs = people.map((p) => mkdtempSync(join(tmpdir(), `paydesk-bench-live-${p.login}-`)));
  const previews: Array<Awaited<ReturnType<typeof startPreview>>> = [];
  const reader = await team.server.connect({ database: team.database });
  try {
    for (const [i, dir] of dirs.entries()) {
      await team.prepareLaptop(dir, people[i]!);
      previews.push(await startPreview({ dataDir: dir, env: { PAYDESK_PRACTICE_GATEWAY: practice.conn.baseUrl, PAYDESK_PRACTICE_KEY: practice.conn.apiKey } }));
    }
    const [a, b] = previews as [typeof previews[0], typeof previews[0]];
    type Paid = { payment: { id: string } };
    const payments: string[] = [];
    for (let i = 0; i < 20; i++) {
      const sale = await mustCall<Paid>(a, 'chargeCard', { amount: '1000.00', currency: 'SAR', card: { ...approveCard, number: approveCard.number.replace(/ /g, '') }, customer: testCustomer, authOnly: false });
      payments.push(sale.payment.id);
    }

    // B's page: on each change of the payment on screen, read it again (one read at a time, as the page's store does).
    let watched = '';
    let expected = 0;
    let shown: { heardAt: number; shownAt: number } | undefined;
    let wake: () => void = () => {};
    let reading = false;
    let again: number | undefined;
    const read = async (heardAt: number) => {
      if (reading) {
        again = heardAt;
        return;
      }
      reading = true;
      try {
        const { payment } = await mustCall<{ payment: { id: string; refundedMinor: number } }>(b, 'getPayment', { paymentId: watched });
        if (!shown && payment.id === watched && payment.refundedMinor >= expected) {
          shown = { heardAt, shownAt: now() };
          wake();
        }
      } finally {
        reading = false;
        const next = again;
        again = undefined;
        if (next !== undefined && !shown) void read(next);
      }
    };
    const stream = listenToPreview(b, (event) => {
      if (event.type === 'payments.changed' && event.paymentIds?.includes(watched)) void read(now());
    });
    await stream.opened;

    const refunded = new Map<string, number>();
    const heard: number[] = [];
    const drawn: number[] = [];
    for (let i = 0; i < warmup + changes; i++) {
      watched = payments[i % payments.length]!;
      expected = (refunded.get(watched) ?? 0) + 100;
      refunded.set(watched, expected);
      shown = undefined;
      const seen = new Promise<void>((resolve) => (wake = resolve));
      const after = await mustCall<{ id: string }>(a, 'refundPayment', { paymentId: watched, amount: '1.00', currency: 'SAR', reason: 'live bench' });
      // B may never hear of it: bounded, and said. During the warm-up B's app may still be starting
      // (its first call, the stream's, starts it; it listens once connected): a refund made before
      // B listened is never announced to it, so the warm-up goes on to the next one.
      const limitMs = i < warmup ? 3_000 : 30_000;
      const timedOut = await Promise.race([seen.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), limitMs))]);
      if (timedOut && i < warmup) continue;
      if (timedOut) throw new Error(`laptop B did not show the refund of ${after.id} within 30 s`);
      const done = (await reader.query(`SELECT (extract(epoch FROM completed_at) * 1000)::float8 AS at FROM paydesk.operations WHERE payment_id = $1 AND kind = 'refund' ORDER BY completed_at DESC LIMIT 1`, [watched])).rows[0].at as number;
      if (i >= warmup) {
        heard.push(shown!.heardAt - done);
        drawn.push(shown!.shownAt - done);
      }
    }
    stream.close();

    console.log(`live update between two previews: ${changes} refunds through A's API, one at a time, B's event stream and its re-read (load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end)`);
    const row = (name: string, samples: number[]) => [name, String(samples.length), `${percentile(samples, 50).toFixed(1)} ms`, `${percentile(samples, 95).toFixed(1)} ms`, `${Math.max(...samples).toFixed(1)} ms`];
    table(['from A recording the answer to', 'changes', 'p50', 'p95', 'max'], [row("B's stream hearing it", heard), ["B's re-read showing it", ...row('', drawn).slice(1)]]);
    result('team_previews_live_heard_p50', percentile(heard, 50), 'ms');
    result('team_previews_live_heard_p95', percentile(heard, 95), 'ms');
    result('team_previews_live_shown_p50', percentile(drawn, 50), 'ms');
    result('team_previews_live_shown_p95', percentile(drawn, 95), 'ms');
  } finally {
    await reader.end().catch(() => undefined);
    for (const preview of previews) await preview.stop().catch(() => undefined);
    await practice.gateway.close();
    await team.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
