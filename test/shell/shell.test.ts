// The Electron shell, driven through a fake `electron`: the real app behind it, the window's
// security options, the IPC binding's sender check, and default-deny for everything else.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { app, BrowserWindow, FakeFrame, FakeWebContents, ipcMain, resetFakeElectron, session, shell } from './fake-electron';
import { startShell } from '../../main/electron/shell';
import { windowOptions } from '../../main/electron/window';
import { channelOf, eventChannel, methodNames } from '../../contract/methods';
import type { PaydeskApp } from '../../main/composition';
import { openLedgerDb } from '../../main/ledger/database';
import { migrateNow } from '../../main/ledger/migrate';
import { formatAmount } from '../../renderer/src/i18n/format';

let dataDir: string;
let paydesk: PaydeskApp;

beforeEach(async () => {
  resetFakeElectron();
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-shell-'));
  app.userData = dataDir;
  paydesk = await startShell(join(dataDir, 'dist'));
});
afterEach(async () => {
  await paydesk.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const window = () => BrowserWindow.created[0]!;
function call(name: string, input: unknown, sender: FakeWebContents, frame: FakeFrame | null = sender.mainFrame) {
  const handler = ipcMain.handlers.get(`paydesk:${name}`);
  if (!handler) throw new Error(`no handler for ${name}`);
  return handler({ sender, senderFrame: frame }, input) as Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
}

describe('the window', () => {
  it('opens one sandboxed, context-isolated window on the app origin, with its preload', () => {
    expect(BrowserWindow.created).toHaveLength(1);
    const prefs = window().options.webPreferences!;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(prefs.preload).toBe(join(dataDir, 'dist', 'preload', 'preload.cjs'));
    expect(window().loadedUrl).toBe('app://paydesk/index.html');
  });

  it('allows devtools only in development', () => {
    expect(windowOptions('p.cjs', true).webPreferences!.devTools).toBe(true);
    expect(windowOptions('p.cjs', false).webPreferences!.devTools).toBe(false);
  });

  it("paints the window's ground as the page's, dark when the system is dark (no light flash before the page)", () => {
    expect(window().options.backgroundColor).toBe('#f7f7f8');
    expect(windowOptions('p.cjs', false, 1, true).backgroundColor).toBe('#0d1117');
  });
});

describe('the IPC binding', () => {
  it('binds every contract method on its own channel, and nothing else', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(methodNames.map(channelOf).sort());
  });

  it('answers the app window with the real handler result', async () => {
    const result = await call('getAppInfo', {}, window().webContents);
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ name: 'Paydesk', runtime: 'electron' }) });
  });

  it('validates input from the app window like every transport does', async () => {
    const result = await call('getAppInfo', { extra: 1 }, window().webContents);
    expect(result.error?.code).toBe('invalid_input');
  });

  it('refuses __proto__ and constructor keys sent over IPC (structured clone keeps them as own keys)', async () => {
    for (const input of [JSON.parse('{"__proto__":{"polluted":true}}'), { batchId: 'b1', wording: JSON.parse('{"__proto__":{"2":"x"}}') }, { batchId: 'b1', wording: { constructor: 'x' } }]) {
      const method = 'batchId' in input ? 'bulkErrorReport' : 'getAppInfo';
      const result = (await call(method, structuredClone(input), window().webContents)) as { error?: { code: string; reason?: { key: string } } };
      expect(result.error, JSON.stringify(Object.keys(input))).toMatchObject({ code: 'invalid_input', reason: { key: 'input.forbiddenKey' } });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a webContents the app did not create', async () => {
    const stranger = new FakeWebContents('app://paydesk/index.html');
    expect((await call('getAppInfo', {}, stranger)).error?.code).toBe('forbidden');
  });

  it('refuses a sub-frame of the app window', async () => {
    const contents = window().webContents;
    const iframe = new FakeFrame('app://paydesk/index.html', contents.mainFrame);
    expect((await call('getAppInfo', {}, contents, iframe)).error?.code).toBe('forbidden');
  });

  it('refuses the app window once it shows a page of another origin', async () => {
    const contents = window().webContents;
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://other/index.html', 'http://127.0.0.1/']) {
      contents.mainFrame.url = url;
      expect((await call('getAppInfo', {}, contents)).error?.code, url).toBe('forbidden');
    }
  });

  it('refuses a destroyed window and a missing frame', async () => {
    const contents = window().webContents;
    expect((await call('getAppInfo', {}, contents, null)).error?.code).toBe('forbidden');
    contents.destroy();
    expect((await call('getAppInfo', {}, contents)).error?.code).toBe('forbidden');
  });

  it("forwards main's events to the app window only", () => {
    const stranger = new FakeWebContents();
    // Numbered by main, so a renderer can tell it missed events.
    paydesk.events.emit({ type: 'profiles.changed' });
    expect(window().webContents.sent).toEqual([{ channel: eventChannel, payload: { type: 'profiles.changed', seq: 1 } }]);
    expect(stranger.sent).toEqual([]);
  });
});

describe('notifications', () => {
  it('shows main notification events as OS notifications, and nothing else', async () => {
    const { Notification } = await import('./fake-electron');
    paydesk.events.emit({ type: 'payments.changed', paymentIds: ['x'] });
    paydesk.events.emit({ type: 'notification', level: 'error', message: 'A refund on ORD-1 failed.' });
    expect(Notification.shown).toEqual([{ title: 'Paydesk: needs attention', body: 'A refund on ORD-1 failed.' }]);
  });

  it('words them in the language chosen in the window, and remembers it for the next start', async () => {
    const { Notification } = await import('./fake-electron');
    expect((await call('setLanguage', { language: 'ar' }, window().webContents)).ok).toBe(true);
    const refundFailed = { key: 'notify.refundFailed', values: { orderId: 'ORD-1', said: 'Insufficient funds' } };
    paydesk.events.emit({ type: 'notification', level: 'error', message: 'A refund on ORD-1 failed.', reason: refundFailed });
    expect(Notification.shown).toEqual([{ title: 'Paydesk: يحتاج إلى متابعتك', body: 'فشل استرداد على \u2066ORD-1\u2069. رد البوابة (بالإنجليزية): «\u2068Insufficient funds\u2069».' }]); // the English quote isolated in its own direction

    await paydesk.close();
    resetFakeElectron();
    app.userData = dataDir;
    paydesk = await startShell(join(dataDir, 'dist'));
    paydesk.events.emit({ type: 'notification', level: 'info', message: 'Payment link L-1 was paid: SAR 10.00.', reason: { key: 'notify.linkPaid', values: { orderId: 'L-1', amountMinor: 1_000, currency: 'SAR' } } });
    // The amount as the Arabic page words it (its own formatter), kept left to right as the page keeps it.
    expect(Notification.shown).toEqual([{ title: 'Paydesk', body: `دُفع رابط الدفع \u2066L-1\u2069: \u2066${formatAmount(1_000, 'SAR', 'ar')}\u2069.` }]); // the sentence's full stop after the code (a symbol such as «ر.س.» once carried its own)
  });

  it('words a notification from an earlier Paydesk, its amount already worded, as before', async () => {
    const { Notification } = await import('./fake-electron');
    expect((await call('setLanguage', { language: 'ar' }, window().webContents)).ok).toBe(true);
    paydesk.events.emit({ type: 'notification', level: 'info', message: 'Payment link L-1 was paid: 10.00 SAR.', reason: { key: 'notify.linkPaid', values: { orderId: 'L-1', amount: '10.00 SAR' } } });
    expect(Notification.shown).toEqual([{ title: 'Paydesk', body: 'دُفع رابط الدفع \u2066L-1\u2069: \u206610.00 SAR\u2069.' }]); // the worded amount kept, left to right
  });

  it('words an amount in English as the English page does', async () => {
    const { Notification } = await import('./fake-electron');
    paydesk.events.emit({ type: 'notification', level: 'info', message: 'Payment link L-2 was paid: BHD 1.250.', reason: { key: 'notify.linkPaid', values: { orderId: 'L-2', amountMinor: 1_250, currency: 'BHD' } } });
    expect(Notification.shown).toEqual([{ title: 'Paydesk', body: `Payment link L-2 was paid: ${formatAmount(1_250, 'BHD', 'en')}.` }]);
  });

  it('refuses a language it does not have', async () => {
    expect((await call('setLanguage', { language: 'fr' }, window().webContents)).error?.code).toBe('invalid_input');
  });
});

describe('after the laptop slept', () => {
  it('tells the window to read every payment again (a send may have turned "left open" while timers stood still)', async () => {
    const { powerMonitor } = await import('./fake-electron');
    const before = window().webContents.sent.length;
    powerMonitor.emit('resume');
    expect(window().webContents.sent.slice(before)).toEqual([{ channel: eventChannel, payload: expect.objectContaining({ type: 'payments.changed', paymentIds: [] }) }]);
  });

  it("tells main, which checks the team ledger's connections at once (a Wi-Fi or NAT that changed dropped them without a word)", async () => {
    const { powerMonitor } = await import('./fake-electron');
    const woke: string[] = [];
    const wake = paydesk.wake;
    paydesk.wake = () => void woke.push('woke');
    try {
      powerMonitor.emit('resume');
    } finally {
      paydesk.wake = wake;
    }
    expect(woke).toEqual(['woke']);
  });
});

describe('before the user chose a language', () => {
  it("uses the OS's: Arabic when it is the first preferred language", async () => {
    const { Notification } = await import('./fake-electron');
    await paydesk.close();
    resetFakeElectron();
    app.userData = mkdtempSync(join(tmpdir(), 'paydesk-shell-ar-'));
    app.preferredLanguages = ['ar-SA', 'en-US'];
    try {
      paydesk = await startShell(join(dataDir, 'dist'));
      paydesk.events.emit({ type: 'notification', level: 'error', message: 'A refund on ORD-2 failed.', reason: { key: 'notify.refundFailed', values: { orderId: 'ORD-2' } } });
      expect(Notification.shown).toEqual([{ title: 'Paydesk: يحتاج إلى متابعتك', body: 'فشل استرداد على \u2066ORD-2\u2069.' }]);
    } finally {
      rmSync(app.userData, { recursive: true, force: true });
    }
  });
});

describe('a ledger from an older Paydesk', () => {
  it('opens the window at once, shows it how far the update got, and answers its calls once the app is up', async () => {
    await paydesk.close();
    resetFakeElectron();
    app.userData = mkdtempSync(join(tmpdir(), 'paydesk-shell-old-'));
    const old = openLedgerDb(app.userData, { migrate: false });
    migrateNow(old, { to: 10 });
    old.close();
    try {
      const starting = startShell(join(dataDir, 'dist'));
      // The window is there before the ledger is updated, and its first call waits for the app.
      expect(BrowserWindow.created).toHaveLength(1);
      const info = call('getAppInfo', {}, window().webContents);
      paydesk = await starting;
      expect(await info).toEqual({ ok: true, value: expect.objectContaining({ name: 'Paydesk' }) });
      const progress = window().webContents.sent.filter((m) => m.channel === eventChannel).map((m) => m.payload as { type: string; percent?: number; done?: boolean });
      expect(progress.filter((e) => e.type === 'ledger.migrate').at(-1)).toMatchObject({ percent: 100, done: true });
    } finally {
      rmSync(app.userData, { recursive: true, force: true });
    }
  });
});

describe('default deny', () => {
  it('blocks navigation and redirects away from the app, but not within it', () => {
    const contents = window().webContents;
    expect(contents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.attempt('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.attempt('will-navigate', 'app://paydesk/index.html')).toBe(false);
  });

  it('blocks webviews', () => {
    expect(window().webContents.attempt('will-attach-webview', 'https://evil.example/')).toBe(true);
  });

  it('hardens every webContents Electron creates, not only the window', () => {
    const other = new FakeWebContents();
    app.emit('web-contents-created', {}, other);
    expect(other.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(other.windowOpenHandler?.({ url: 'https://wa.me/1' })).toEqual({ action: 'deny' });
  });

  it('never opens a window, and opens only allow-listed links in the OS', () => {
    const open = window().webContents.windowOpenHandler!;
    const refused = [
      'http://wa.me/123',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'paydesk://x',
      'app://paydesk/index.html',
      'https://evil.example/',
      'https://user:pw@wa.me/1',
      'https://wa.me.evil.example/',
      'mailto:',
      'not a url',
    ];
    for (const url of refused) expect(open({ url }), url).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual([]);

    expect(open({ url: 'https://wa.me/966500000000?text=Pay%20here' })).toEqual({ action: 'deny' });
    expect(open({ url: 'mailto:someone@example.com?subject=Invoice' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://wa.me/966500000000?text=Pay%20here', 'mailto:someone@example.com?subject=Invoice']);
  });

  it("opens the configured gateway's own pages, the practice gateway's by its exact loopback origin", () => {
    const open = window().webContents.windowOpenHandler!;
    const practiceOrigin = paydesk.gatewayOrigins()[0]!;
    expect(practiceOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    open({ url: `${practiceOrigin}/pay?sessionId=1` });
    open({ url: 'http://127.0.0.1:1/pay' });
    expect(shell.opened).toEqual([`${practiceOrigin}/pay?sessionId=1`]);
  });

  // walk32 left, walk34: a real gateway hosts its payment pages on another host than its API. "Open"
  // on such a page refused it without a word. A page the gateway gave (held in the ledger) opens on
  // https; on plain http at another host it never does, nor does an address the ledger does not hold,
  // and a press in the window that opened nothing is said there, in words.
  it("opens a payment page the gateway gave on another host than its API; says in the window why it opened nothing", async () => {
    const pages = { link: 'https://pay.gateway-pages.example/l/W34-LINK?lang=en', session: 'http://pay.gateway-pages.example/s?sessionId=W34' };
    const gateway = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        if (req.url?.endsWith('/payment-links')) return void res.end(JSON.stringify({ code: 200, message: 'Success', errorCode: null, data: { url: pages.link, id: 'lnk_w34' } }));
        if (req.url?.endsWith('/payment-gateway/initiate')) return void res.end(JSON.stringify({ code: 200, message: 'Success', errorCode: null, data: { redirectUrl: pages.session } }));
        res.end(JSON.stringify({ code: 200, message: 'Success', errorCode: null, data: { status: 'PENDING' } }));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const app$ = async <T,>(name: string, input: unknown) => {
      const answer = await call(name, input, window().webContents);
      if (!answer.ok) throw new Error(`${name}: ${JSON.stringify(answer.error)}`);
      return answer.value as T;
    };
    const base = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/api/v1`;
    const profile = await app$<{ id: string }>('createProfile', { name: 'Pages elsewhere', environment: 'sandbox', baseUrl: base, defaultCurrency: 'SAR', successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' });
    try {
      await app$('setProfileKey', { id: profile.id, key: 'sk_test_walk34_pages' });
      await app$('switchProfile', { id: profile.id });
      const customer = { name: 'Sara Al-Harbi', email: 'sara@example.com', phone: '+966500000001' };
      expect(await app$('createPaymentLink', { amount: '10.00', currency: 'SAR', description: 'Order', customer })).toMatchObject({ url: pages.link });
      expect(await app$('createCheckoutSession', { amount: '10.00', currency: 'SAR', customer, authOnly: false, recurringInit: false })).toMatchObject({ url: pages.session });

      const open = window().webContents.windowOpenHandler!;
      const said = () => window().webContents.sent.filter((m) => m.channel === eventChannel).map((m) => m.payload as { type: string; reason?: { key: string; values?: Record<string, unknown> } })
        .filter((e) => e.type === 'notification' && e.reason?.key === 'links.notOpened').map((e) => e.reason!.values!.host);
      // The link's page, as the page asks for it and as Chromium hands it over: opened.
      expect(open({ url: pages.link })).toEqual({ action: 'deny' });
      await expect.poll(() => shell.opened).toEqual([pages.link]);
      // The session's page on plain http at another host, an https page the ledger does not hold, another scheme: never, each said.
      for (const url of [pages.session, 'https://pay.gateway-pages.example/l/NOT-OURS', 'file:///etc/passwd']) open({ url });
      await expect.poll(() => said().sort()).toEqual(['file:', 'pay.gateway-pages.example', 'pay.gateway-pages.example']);
      // A page of the 3-D Secure window (not the app's) asking to open one: refused, logged, not said in
      // the window, and not asked of the ledger (a page not held is a scan: a hostile page asking in a
      // loop would hold main's thread), even for a page the ledger holds.
      const challenge = new FakeWebContents();
      app.emit('web-contents-created', {}, challenge);
      challenge.windowOpenHandler!({ url: 'https://phish.example/' });
      challenge.windowOpenHandler!({ url: pages.link });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(shell.opened).toEqual([pages.link]);
      expect(said()).toHaveLength(3);
    } finally {
      await app$('removeProfileKey', { id: profile.id }).catch(() => undefined);
      gateway.close();
    }
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      session.defaultSession.permissionRequest!(window().webContents, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false]);
    expect(session.defaultSession.permissionCheck!()).toBe(false);
  });

  it('has the save dialog ask before a saved PDF or export replaces a file of the same name (Linux did not)', () => {
    let options: { defaultPath?: string; properties?: string[] } = { defaultPath: '/home/u/Downloads/INV-000001.pdf' };
    const item = { getSaveDialogOptions: () => options, setSaveDialogOptions: (next: typeof options) => void (options = next) };
    const willDownload = session.defaultSession.listeners.get('will-download') as ((event: unknown, item: unknown) => void) | undefined;
    willDownload?.({}, item);
    expect(options).toEqual({ defaultPath: '/home/u/Downloads/INV-000001.pdf', properties: ['showOverwriteConfirmation', 'createDirectory'] });
  });
});

describe('starting', () => {
  it('explains in a dialog why Paydesk cannot start, when the ledger is damaged', async () => {
    const { writeFileSync } = await import('node:fs');
    const { dialog } = await import('./fake-electron');
    const broken = mkdtempSync(join(tmpdir(), 'paydesk-broken-'));
    writeFileSync(join(broken, 'paydesk.sqlite'), 'not a database at all '.repeat(100));
    await paydesk.close();
    resetFakeElectron(); // main.ts starts a shell of its own
    app.userData = broken;
    const exits: number[] = [];
    app.exit = (code?: number) => void exits.push(code ?? 0);
    await import('../../main/electron/main');
    await expect.poll(() => exits).toEqual([1]);
    expect(dialog.errors).toEqual([{ title: 'Paydesk could not start', content: expect.stringMatching(/damaged or is not a database/) }]);
    rmSync(broken, { recursive: true, force: true });
  });
});
