// A recording stand-in for the `electron` module (Electron cannot run here). It implements
// just what the shell and preload use, records what they did, and lets tests drive events
// the way Electron would. `resetFakeElectron()` starts each test clean.
import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

type Listener = (...args: unknown[]) => unknown;

export class FakeFrame {
  constructor(public url: string, public parent: FakeFrame | null = null) {}
}

let nextId = 1;
export class FakeWebContents extends EventEmitter {
  id = nextId++;
  mainFrame: FakeFrame;
  sent: Array<{ channel: string; payload: unknown }> = [];
  windowOpenHandler?: (details: { url: string }) => { action: 'allow' | 'deny' };
  destroyed = false;
  constructor(url = 'app://paydesk/index.html') {
    super();
    this.mainFrame = new FakeFrame(url);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    this.emit('destroyed');
  }
  /** What printToPDF and capturePage were asked for (document-pdf.ts); they answer recognisable bytes. */
  printed: unknown[] = [];
  async printToPDF(options: unknown) {
    this.printed.push(options);
    return Buffer.from(`%PDF-fake ${this.mainFrame.url.length}`);
  }
  /** The size the page is drawn at (setZoomFactor), 1 until set. */
  zoomFactor = 1;
  setZoomFactor(factor: number) {
    this.zoomFactor = factor;
  }
  getZoomFactor() {
    return this.zoomFactor;
  }
  async capturePage() {
    return { toPNG: () => Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG-fake')]) };
  }
  /** Emits a cancellable event like Electron does; returns whether the page's action was blocked. */
  attempt(eventName: string, url: string): boolean {
    let prevented = false;
    const event = { url, preventDefault: () => void (prevented = true) };
    this.emit(eventName, event, url);
    return prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static created: BrowserWindow[] = [];
  webContents = new FakeWebContents();
  loadedUrl?: string;
  shown = false;
  constructor(public options: Electron.BrowserWindowConstructorOptions) {
    super();
    BrowserWindow.created.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  show() {
    this.shown = true;
  }
  destroyed = false;
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
  destroy() {
    this.close();
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  userData = '';
  /** What electron-updater reads: the version, and where dev-app-update.yml lives. */
  version = '0.0.0-test';
  appPath = '';
  relaunched = 0;
  /** What the OS says the user prefers (Electron's app.getPreferredSystemLanguages()). */
  preferredLanguages = ['en-US'];
  getPreferredSystemLanguages() {
    return this.preferredLanguages;
  }
  getName() {
    return 'Paydesk';
  }
  getAppPath() {
    return this.appPath;
  }
  relaunch() {
    this.relaunched++;
  }
  getPath(name: string) {
    // Exports go to the user's Downloads folder: inside the test's data folder here.
    if (name === 'downloads') return `${this.userData}/Downloads`;
    if (name !== 'userData') throw new Error(`fake electron: getPath(${name}) not supported`);
    return this.userData;
  }
  getVersion() {
    return this.version;
  }
  whenReady() {
    return Promise.resolve();
  }
  requestSingleInstanceLock() {
    return true;
  }
  enableSandbox() {}
  quit() {}
  exit() {}
}
export const app = new FakeApp();

type FakeMenuItem = Electron.MenuItemConstructorOptions & { submenu?: FakeMenuItem[] };
/** The application menu as set: its template, items found by label and pressed as a click would. */
export const Menu = {
  application: undefined as { items: FakeMenuItem[] } | undefined,
  buildFromTemplate(template: FakeMenuItem[]) {
    return { items: template };
  },
  setApplicationMenu(menu: { items: FakeMenuItem[] } | null) {
    this.application = menu ?? undefined;
  },
};

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  handle(channel: string, listener: Listener) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
};

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  registerSchemesAsPrivileged(schemes: unknown[]) {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response) {
    this.handlers.set(scheme, handler);
  },
};

export class Notification {
  static shown: Array<{ title: string; body: string }> = [];
  static isSupported() {
    return true;
  }
  constructor(private options: { title: string; body: string }) {}
  show() {
    Notification.shown.push(this.options);
  }
}

export const dialog = {
  errors: [] as Array<{ title: string; content: string }>,
  showErrorBox(title: string, content: string) {
    this.errors.push({ title, content });
  },
};

// electron-updater's HTTP goes through `net.request`; Node's http/https request has the same
// shape for what it uses (options, 'response' with a readable IncomingMessage, 'error', end()).
type NetRequestOptions = { protocol?: string; hostname?: string; host?: string; port?: string | number; path?: string; method?: string; headers?: Record<string, string> };
export const net = {
  request(options: NetRequestOptions) {
    const send = options.protocol === 'https:' ? httpsRequest : httpRequest;
    const { protocol, hostname, host, port, path, method, headers } = options;
    return Object.assign(send({ protocol, hostname: hostname ?? host, port, path, method, headers }), { followRedirect() {} });
  },
};
export const autoUpdater = new EventEmitter();
/** The OS's power events: a test emits 'resume' as a laptop waking from sleep would. */
export const powerMonitor = new EventEmitter();
/** The OS's light or dark mode: a test sets shouldUseDarkColors as a dark desktop would. */
export const nativeTheme = { shouldUseDarkColors: false };

export const shell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  async openExternal(url: string) {
    this.opened.push(url);
  },
  async openPath(path: string) {
    this.openedPaths.push(path);
    return '';
  },
};

type PermissionRequest = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
export class FakeSession {
  permissionRequest?: PermissionRequest;
  permissionCheck?: () => boolean;
  userAgent = 'Mozilla/5.0 FakeChrome';
  /** The Accept-Language set with setUserAgent, and how many windows existed then (it reaches only windows made after). */
  acceptLanguages?: string;
  windowsWhenLanguagesSet?: number;
  constructor(public partition: string, public options: unknown) {}
  getUserAgent() {
    return this.userAgent;
  }
  setUserAgent(userAgent: string, acceptLanguages?: string) {
    this.userAgent = userAgent;
    this.acceptLanguages = acceptLanguages;
    this.windowsWhenLanguagesSet = BrowserWindow.created.length;
  }
  setPermissionRequestHandler(handler: PermissionRequest) {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: () => boolean) {
    this.permissionCheck = handler;
  }
}
export const session = {
  partitions: new Map<string, FakeSession>(),
  fromPartition(partition: string, options?: unknown) {
    const existing = this.partitions.get(partition) ?? new FakeSession(partition, options);
    this.partitions.set(partition, existing);
    return existing;
  },
  defaultSession: {
    permissionRequest: undefined as PermissionRequest | undefined,
    permissionCheck: undefined as (() => boolean) | undefined,
    setPermissionRequestHandler(handler: PermissionRequest) {
      this.permissionRequest = handler;
    },
    setPermissionCheckHandler(handler: () => boolean) {
      this.permissionCheck = handler;
    },
    setDevicePermissionHandler() {},
    listeners: new Map<string, (...args: never[]) => void>(),
    on(event: string, listener: (...args: never[]) => void) {
      this.listeners.set(event, listener);
    },
  },
};

// Renderer side, for the preload.
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, value: unknown) {
    this.exposed.set(key, value);
  },
};

export const ipcRenderer = Object.assign(new EventEmitter(), {
  invoked: [] as Array<{ channel: string; input: unknown }>,
  invokeImpl: (async () => undefined) as (channel: string, input: unknown) => Promise<unknown>,
  invoke(channel: string, input: unknown) {
    this.invoked.push({ channel, input });
    return this.invokeImpl(channel, input);
  },
});

export function resetFakeElectron(): void {
  BrowserWindow.created = [];
  app.removeAllListeners();
  app.isPackaged = false;
  app.version = '0.0.0-test';
  app.appPath = '';
  app.relaunched = 0;
  app.preferredLanguages = ['en-US'];
  ipcMain.handlers.clear();
  Menu.application = undefined;
  protocol.privileged = [];
  protocol.handlers.clear();
  shell.opened = [];
  shell.openedPaths = [];
  dialog.errors = [];
  Notification.shown = [];
  session.defaultSession.permissionRequest = undefined;
  session.defaultSession.permissionCheck = undefined;
  session.defaultSession.listeners.clear();
  session.partitions.clear();
  contextBridge.exposed.clear();
  ipcRenderer.removeAllListeners();
  ipcRenderer.invoked = [];
  powerMonitor.removeAllListeners();
  nativeTheme.shouldUseDarkColors = false;
}

export default { app, BrowserWindow, Menu, Notification, dialog, ipcMain, protocol, shell, session, contextBridge, ipcRenderer, net, autoUpdater, powerMonitor, nativeTheme };
