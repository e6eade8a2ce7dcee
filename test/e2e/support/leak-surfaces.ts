// What a leak test searches: everything the renderer could reach (the DOM and input values,
// global objects and React's props on DOM nodes, storage, IndexedDB, Cache Storage, cookies), the
// bridge's event stream read from outside the page, each bridge call's answer, and the files of
// the data folder, and a PostgreSQL server's log and activity. Used by the key, card and team
// password leak tests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { PostgresServer } from '../../support/postgres-server';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Reads the bridge's event stream from outside the page, as any other subscriber would. */
export function recordEvents(origin: string, token: string): { text: () => string; stop(): void } {
  let text = '';
  const url = new URL('/api/events', origin);
  const req = request(url, { method: 'POST', headers: { host: url.host, origin, authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
    res.on('data', (d: Buffer) => (text += d.toString()));
  });
  req.on('error', () => undefined);
  req.end('{}');
  return { text: () => text, stop: () => req.destroy() };
}

/** Everything a script in the page can read, as text. */
export function pageSurfaces(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const seen = new WeakSet<object>();
    const strings: string[] = [];
    let budget = 200_000;
    const walk = (value: unknown, depth: number) => {
      if (budget-- <= 0) return;
      if (typeof value === 'string') return void strings.push(value);
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null || depth > 6 || seen.has(value)) return;
      seen.add(value);
      if (value instanceof Node && depth > 0) return; // the DOM is read as HTML below
      let names: string[] = [];
      try {
        names = Object.getOwnPropertyNames(value);
      } catch {
        return;
      }
      for (const name of names) {
        let child: unknown;
        try {
          child = (value as Record<string, unknown>)[name];
        } catch {
          continue;
        }
        walk(child, depth + 1);
      }
    };
    walk(window, 0);
    // React keeps props and state on expando properties of DOM nodes.
    for (const el of document.querySelectorAll('*')) for (const name of Object.keys(el)) walk((el as unknown as Record<string, unknown>)[name], 1);
    const values = [...document.querySelectorAll('input, textarea, select')].map((el) => (el as HTMLInputElement).value);
    const storage = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`).join('\n');
    const idb: string[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
        });
        idb.push(JSON.stringify(all));
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) cached.push(req.url, (await (await cache.match(req))?.text()) ?? '');
    }
    return {
      dom: document.documentElement.outerHTML,
      inputValues: values.join('\n'),
      globals: strings.join('\n'),
      location: `${location.href}\n${JSON.stringify(history.state)}\n${window.name}`,
      localStorage: storage(localStorage),
      sessionStorage: storage(sessionStorage),
      indexedDB: idb.join('\n'),
      cacheStorage: cached.join('\n'),
      cookies: document.cookie,
    };
  });
}

/** Each call's answer in the responses: a body alone, or one line each for calls sent together (`{"i":…,"result":…}`). */
export function eachAnswer(bodies: string[]): string[] {
  return bodies.flatMap((body) => body.startsWith('{"i":')
    ? body.split('\n').filter((line) => line.trim()).map((line) => JSON.stringify((JSON.parse(line) as { result: unknown }).result))
    : [body]);
}

/** Every answer the page's bridge calls receive (/api/call/<name> alone, /api/calls for a turn's together). */
export function recordAnswers(page: Page, into: Array<Promise<string>>): void {
  page.on('response', (res) => {
    if (/^\/api\/calls?(\/|$)/.test(new URL(res.url()).pathname)) into.push(res.text().catch(() => ''));
  });
}

/** A file's bytes read the ways a secret could have been written: UTF-8, Latin-1 (any bytes), UTF-16. */
export function fileTexts(path: string): string[] {
  const bytes = readFileSync(path);
  return [bytes.toString('utf8'), bytes.toString('latin1'), bytes.toString('utf16le')];
}

/** What a PostgreSQL server kept of its clients: its log, and every session's current or last statement. */
export async function postgresSurfaces(server: PostgresServer): Promise<Record<string, string>> {
  const activity = await server.sql('postgres', 'SELECT * FROM pg_stat_activity');
  return { 'PostgreSQL log': readFileSync(server.logFile, 'utf8'), pg_stat_activity: JSON.stringify(activity.rows) };
}
