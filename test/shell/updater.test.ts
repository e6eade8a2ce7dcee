// Updates with the real electron-updater (its deb updater, as on Linux) through the fake
// Electron, against a local static server serving the update metadata: a newer version is
// offered, downloaded and verified; the same version is ignored; a bad checksum is refused;
// installing waits while a refund is in flight; the setting and the environment policy turn
// checks off; a failure keeps its reason for the screen (a connection cut, the server's error, a
// download that failed its check) and electron-updater's words for support.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import fakeElectron, { app, resetFakeElectron } from './fake-electron';
import { startTestLedger, customer, goodCard } from '../ledger/support';
import { createMemoryLogger } from '../../main/log/logger';
import { createMoneyInFlight } from '../../main/maintenance/money-in-flight';
import { createUpdateService } from '../../main/maintenance/update-service';
import { readMaintenanceSettings } from '../../main/maintenance/settings-file';
import { createElectronUpdater } from '../../main/electron/updater';
import { reasonText } from '../../main/core/fail';
import type { Reason } from '../../contract/reasons';

// electron-updater is CommonJS outside vitest's module graph: its require('electron') must find the fake too.
const require = createRequire(import.meta.url);
require.cache[require.resolve('electron')] = { exports: fakeElectron } as NodeJS.Module;
const { DebUpdater } = require('electron-updater') as typeof import('electron-updater');

const installer = randomBytes(64 * 1024);
const sha512 = createHash('sha512').update(installer).digest('base64');
let feed = { version: '1.1.0', sha512 };
const requests: string[] = [];
let server: Server;
let root: string;
/** The feed electron-builder writes into the package (app-update.yml), and ones whose server fails. */
const feeds = { good: '', cut: '', missing: '' };
let port = 0;
let ledger: Awaited<ReturnType<typeof startTestLedger>>;
const installs: string[] = [];

function metadata() {
  return [`version: ${feed.version}`, 'files:', `  - url: Paydesk-${feed.version}.deb`, `    sha512: ${feed.sha512}`, `    size: ${installer.length}`, `path: Paydesk-${feed.version}.deb`, `sha512: ${feed.sha512}`, "releaseDate: '2026-11-20T00:00:00.000Z'", ''].join('\n');
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'paydesk-updates-'));
  process.env.XDG_CACHE_HOME = join(root, 'cache');
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname; // electron-updater adds ?noCache=…
    requests.push(path);
    if (path.startsWith('/cut/')) return void req.socket.destroy(); // the connection drops before any answer
    if (path === '/latest-linux.yml') return void res.end(metadata());
    if (path === `/Paydesk-${feed.version}.deb`) return void res.end(installer);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  // What electron-builder writes into resources/app-update.yml from the `publish` provider.
  for (const [name, base] of [['good', url], ['cut', `${url}cut/`], ['missing', `${url}missing/`]] as const) {
    feeds[name] = join(root, `app-update-${name}.yml`);
    writeFileSync(feeds[name], `provider: generic\nurl: ${base}\nupdaterCacheDirName: paydesk-updater\n`);
  }
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  resetFakeElectron();
  app.version = '1.0.0';
  app.isPackaged = true;
  requests.length = 0;
  installs.length = 0;
  feed = { version: '1.1.0', sha512 };
  ledger = await startTestLedger();
});
afterEach(async () => {
  await ledger.close();
  rmSync(join(root, 'cache'), { recursive: true, force: true });
});

function service(env: NodeJS.ProcessEnv = {}, feed = feeds.good) {
  // A packaged app reads its feed from its resources folder; these tests give their own.
  const updater = createElectronUpdater(createMemoryLogger(), () => {
    const deb = new DebUpdater();
    deb.quitAndInstall = () => void installs.push(deb.currentVersion.version);
    return deb;
  }, feed);
  return createUpdateService({ updater, currentVersion: app.version, dataDir: ledger.dir, logger: createMemoryLogger(), moneyInFlight: createMoneyInFlight(ledger.db), env, deferPollMs: 20 });
}

async function settled(updates: ReturnType<typeof service>) {
  for (let i = 0; i < 200 && updates.status().state === 'downloading'; i++) await new Promise((r) => setTimeout(r, 10));
  return updates.status();
}

describe('updates', () => {
  it('offers a newer version, downloads and verifies it, and installs when asked, after the refund in flight', async () => {
    const updates = service();
    expect((await updates.check()).state).toBe('downloading');
    expect(await settled(updates)).toMatchObject({ state: 'ready', version: '1.1.0', currentVersion: '1.0.0' });
    expect(requests).toEqual(['/latest-linux.yml', '/Paydesk-1.1.0.deb']);

    // A refund is on its way to the gateway: the install waits for it.
    const sale = await ledger.handlers.chargeCard({ amount: '30.00', currency: 'SAR', card: goodCard, customer, authOnly: false }, ledger.ctx);
    const paymentId = (sale as { ok: true; value: { payment: { id: string } } }).value.payment.id;
    ledger.practice.gateway.faults.set('refund', { latencyMs: 400, times: 1 });
    const refund = ledger.handlers.refundPayment({ paymentId, amount: '5.00', currency: 'SAR', reason: 'customer asked' }, ledger.ctx);
    for (let i = 0; i < 100 && !createMoneyInFlight(ledger.db)(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(updates.install()).toMatchObject({ state: 'ready', deferred: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(installs).toEqual([]);
    expect((await refund).ok).toBe(true);
    for (let i = 0; i < 100 && installs.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(installs).toEqual(['1.0.0']);
    expect(updates.status().deferred).toBe(false);
  });

  it('ignores the same version', async () => {
    app.version = '1.1.0';
    const updates = service();
    expect(await updates.check()).toMatchObject({ state: 'none', version: null });
    expect(requests).toEqual(['/latest-linux.yml']);
    expect(() => updates.install()).toThrow(/No update has been downloaded/);
  });

  it('refuses a download whose checksum does not match', async () => {
    feed = { version: '1.2.0', sha512: createHash('sha512').update('something else').digest('base64') };
    const updates = service();
    await updates.check();
    const status = await settled(updates);
    expect(status).toMatchObject({ state: 'error', version: '1.2.0', reason: { key: 'update.checkFailed', values: { version: '1.2.0' } } });
    expect(status.detail).toMatch(/sha512 checksum mismatch/); // electron-updater's words, for support
    expect(() => updates.install()).toThrow(/No update has been downloaded and verified/);
    expect(installs).toEqual([]);
  });

  it('says why a check failed in its own words: the connection to the update server cut, the server answering with an error', async () => {
    // Before: the status had only electron-updater's words ("socket hang up", "Cannot find channel …"), shown as they were.
    const cut = await service({}, feeds.cut).check();
    expect(cut).toMatchObject({ state: 'error', detail: 'socket hang up' });
    expect(cut.reason).toEqual({ key: 'update.unreachable', values: { cause: 'reset', serverName: '127.0.0.1', server: `127.0.0.1:${port}`, code: 'ECONNRESET' } });
    expect(reasonText('en', cut.reason as Reason)).toBe(`The connection to 127.0.0.1:${port} was cut off. Try again; if it keeps happening, check your network, proxy or VPN.`);

    const missing = await service({}, feeds.missing).check();
    expect(missing.state).toBe('error');
    expect(missing.detail).toMatch(/^Cannot find channel "latest-linux.yml" update info: HttpError: 404/);
    expect(missing.reason).toEqual({ key: 'update.serverError', values: { answer: 'http', code: 'HTTP 404' } });
    expect(reasonText('ar', missing.reason as Reason)).toBe('أجاب خادم التحديثات بخطأ (\u2066HTTP 404\u2069). حاول مرة أخرى لاحقًا؛ وإن تكرر ذلك فأخبر الدعم.');
    expect(installs).toEqual([]);
  });

  it('is turned off by the setting and by the environment policy', async () => {
    const updates = service();
    expect(updates.setEnabled(false)).toMatchObject({ enabled: false, state: 'off' });
    expect(readMaintenanceSettings(ledger.dir).updatesEnabled).toBe(false);
    expect((await updates.check()).state).toBe('off');

    const byPolicy = service({ PAYDESK_UPDATES: 'off' });
    expect(byPolicy.setEnabled(true)).toMatchObject({ enabled: false, offByPolicy: true, state: 'off' });
    expect((await byPolicy.check()).state).toBe('off');
    expect(requests).toEqual([]);
  });

  it('a development run (not packaged) has no updater', () => {
    app.isPackaged = false;
    expect(createElectronUpdater(createMemoryLogger())).toBeUndefined();
  });
});
