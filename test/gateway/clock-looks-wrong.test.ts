// A laptop whose clock is wrong is told so (walk40): each gateway answer's Date header is compared
// with this computer's clock. A real HTTP server on loopback sends the Date of a clock the test sets
// (the laptop's own clock is the real one), through the app's gateway client (whatever the answer says: its
// Date is read on every answer, an error too); the notice is worded
// in English and Arabic. A year behind, then right again; a day ahead; a few seconds off is not wrong.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayClient } from '../../main/gateway/client';
import { createClockWatch } from '../../main/core/clock-watch';
import { createMemoryLogger } from '../../main/log/logger';
import { wordReason } from '../../renderer/src/i18n';
import type { Reason } from '../../contract/reasons';

const day = 24 * 60 * 60 * 1000;
let serverOffsetMs = 0; // the gateway's clock against this computer's
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res.sendDate = false; // the test's own Date
    res.setHeader('Date', new Date(Date.now() + serverOffsetMs).toUTCString());
    res.setHeader('Content-Type', 'application/json');
    req.on('end', () => res.end(JSON.stringify({ status: 'success', data: { orderId: 'o-1', transactionId: 't-1', status: 'PAID' } })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('tells once that the clock looks wrong, a year behind the gateway, then that it agrees again; a few seconds are not wrong', async () => {
  const told: Array<{ level: string; why: Reason }> = [];
  const clock = createClockWatch((level, why) => told.push({ level, why }));
  const client = createGatewayClient({ logger: createMemoryLogger(), clock });
  const status = () => client.status({ baseUrl, apiKey: 'sk_test_clock_1234' }, { orderId: 'o-1' }, { retry: false });

  serverOffsetMs = 20_000; // NTP's worst on a bad day: not a wrong clock
  await status();
  expect(told).toEqual([]);

  serverOffsetMs = 365 * day; // this laptop booted a year behind (a dead battery)
  await status();
  await status(); // said once, not at every answer
  expect(told.map((t) => t.level)).toEqual(['warning']);
  const [wrong] = told;
  expect(wrong!.why).toMatchObject({ key: 'clock.looksWrong', values: { source: 'gateway', host: `127.0.0.1:${(server.address() as AddressInfo).port}` } });
  const laptop = String(wrong!.why.values!.clockHere);
  const said = String(wrong!.why.values!.clockThere);
  expect(Number(said.slice(0, 4)) - Number(laptop.slice(0, 4))).toBe(1);
  expect(wordReason('en', wrong!.why)).toBe(`This computer’s clock looks wrong: it says ${laptop}, while the gateway at 127.0.0.1:${(server.address() as AddressInfo).port} says ${said} (both in this computer’s time zone). Home’s “Today”, payment links’ dates and the backup schedule follow this computer’s clock, and so do the times recorded in this computer’s own ledger: set its date and time in the computer’s settings, best to be set automatically. Nothing already recorded is lost.`);
  expect(wordReason('ar', wrong!.why)).toMatch(/^يبدو أن ساعة هذا الحاسوب غير مضبوطة: تشير إلى \u2066\d{4}-\d\d-\d\d \d\d:\d\d\u2069، بينما تشير بوابة الدفع على /);

  serverOffsetMs = 0; // the clock set right
  await status();
  expect(told.map((t) => [t.level, t.why.key])).toEqual([['warning', 'clock.looksWrong'], ['info', 'clock.rightAgain']]);
  expect(wordReason('ar', told[1]!.why)).toMatch(/^عادت ساعة هذا الحاسوب تتفق مع بوابة الدفع على /);
});

it('tells that the clock looks wrong when it is a day ahead of the gateway', async () => {
  const told: Reason[] = [];
  const clock = createClockWatch((_level, why) => told.push(why));
  const client = createGatewayClient({ logger: createMemoryLogger(), clock });
  serverOffsetMs = -day + 3 * 60 * 60 * 1000; // set a day ahead by hand, NTP not yet back: 21 hours
  await client.status({ baseUrl, apiKey: 'sk_test_clock_1234' }, { orderId: 'o-1' }, { retry: false });
  expect(told.map((w) => w.key)).toEqual(['clock.looksWrong']);
  expect(clock.wrong).toBe(true);
});
