// The leak test: run the profile and key flows through the preview in Chromium with
// recognisable keys, then search everything the renderer could reach (DOM and input values,
// global objects and React's props on DOM nodes, every bridge response and event, console
// output, localStorage, sessionStorage, IndexedDB, Cache Storage, cookies) and everything
// written to disk (the data folder: log, profiles, database, exports) for the keys, in
// several encodings. Zero hits is the pass. Positive controls prove the search can see.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { eachAnswer, filesUnder, pageSurfaces, recordEvents, surfacesAt } from './support/leak-surfaces';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const canary = (label: string) => `sk_live_LEAKCANARY${label}_${randomBytes(12).toString('hex')}`;
const keys = { first: canary('A'), replacement: canary('B'), sandbox: canary('C'), refused: canary('D') };

/** The forms a key could take if something mishandled it. */
function needles(key: string): string[] {
  const core = key.slice(key.lastIndexOf('_') + 1);
  return [...new Set([key, core.slice(0, 16), core.slice(-16), key.toUpperCase(), [...key].reverse().join(''), Buffer.from(key).toString('base64').slice(0, 24), encodeURIComponent(key)])];
}
const allNeedles = Object.values(keys).flatMap(needles);
const hitsIn = (where: string, text: string) => allNeedles.filter((n) => text.includes(n)).map((n) => `${where}: ${n}`);

describeWithKeychain('no key leaks to the renderer or to disk', () => {
  let session: E2eSession;
  let settings: SettingsPage;
  let events: ReturnType<typeof recordEvents>;
  const responses: Array<Promise<string>> = [];
  const requests: string[] = [];
  // What the page held while main had each key (the key field just emptied, Save key waiting).
  const whileSent: Array<{ key: string; surfaces: Record<string, string> }> = [];

  /** Sets a key, keeping what the page held the moment it was sent. */
  async function setKey(profile: string, key: string, options: { test?: boolean } = {}) {
    const sent = await surfacesAt(session.page, { selector: 'form.key-form:has(button[type="submit"]:disabled) [data-testid="key-input"]', value: '' });
    const result = await settings.setKey(profile, key, options);
    whileSent.push({ key, surfaces: await sent.read() });
    return result;
  }

  beforeAll(async () => {
    session = await openSession();
    settings = new SettingsPage(session.page);
    events = recordEvents(session.preview.origin, session.preview.token);
    session.page.on('request', (req) => void requests.push(req.postData() ?? ''));
    // A call's answer, alone (/api/call/<name>) or with its turn's others (/api/calls).
    session.page.on('response', (res) => {
      if (/^\/api\/calls?(\/|$)/.test(new URL(res.url()).pathname)) responses.push(res.text().catch(() => ''));
    });
    await settings.open(session.preview.url);
  });
  afterAll(async () => {
    events?.stop();
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  it('runs the profile and key flows', async () => {
    const page = session.page;
    await settings.openSettings();
    expect(await settings.addProfile({ name: 'Live shop', environment: 'production', baseUrl: 'https://gateway.example/api/v1' })).toBe('saved');
    expect(await settings.addProfile({ name: 'Test shop', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1' })).toBe('saved');
    expect((await setKey('Live shop', keys.first, { test: true })).outcome).toBe('saved');
    expect((await setKey('Live shop', keys.replacement)).outcome).toBe('saved');
    expect((await setKey('Test shop', keys.sandbox)).outcome).toBe('saved');
    // A key of the wrong shape is refused, and the refusal does not repeat it.
    expect((await setKey('Test shop', `${keys.refused} extra`)).outcome).toBe('error');
    await settings.card('Test shop').getByRole('button', { name: 'Cancel' }).click();

    await settings.useProduction('Live shop');
    await settings.cardActionNotice('Live shop', 'Test connection'); // unreachable here: no network
    await settings.cardActionNotice('Test shop', 'Test connection');
    for (const nav of await page.locator('nav.app-nav button').all()) {
      await nav.click();
      await settings.ready();
    }
    await page.reload();
    await settings.ready();
    await settings.chooseLanguage('ar');
    await settings.chooseLanguage('en');
    await settings.openSettings();
    await settings.cardAction('Test shop', 'Edit');
    await settings.fillProfileForm({ name: 'Test shop 2' });
    expect(await settings.saveProfileForm()).toBe('saved');
    await settings.switchInHeader('Test shop 2');
    await settings.cardActionNotice('Test shop 2', 'Remove key');
    await settings.cardAction('Test shop 2', 'Remove');
    await settings.cardAction('Test shop 2', 'Yes, remove it');
    await settings.card('Test shop 2').waitFor({ state: 'detached' });
    expect(await settings.keyStatus('Live shop').textContent()).toBe(`Configured, ends in \u2066${keys.replacement.slice(-4)}\u2069`);
  });

  it('positive controls: the keys were really sent once and stored in the keychain', async () => {
    const sent = requests.join('\n');
    for (const key of [keys.first, keys.replacement, keys.sandbox]) expect(sent).toContain(key);
    // The last list of profiles (a removal's own answer also names the active profile, and may come last).
    const list = JSON.parse(eachAnswer(await Promise.all(responses)).filter((r) => r.includes('"activeId"') && r.includes('"profiles"')).at(-1)!) as { value: { profiles: Array<{ id: string; name: string }> } };
    const live = list.value.profiles.find((p) => p.name === 'Live shop')!;
    expect(await keytar.getPassword('Paydesk', live.id)).toBe(keys.replacement);
    expect(hitsIn('control', `xx${keys.first}xx`)).not.toEqual([]);
    await keytar.deletePassword('Paydesk', live.id);
  });

  it('finds no key anywhere the renderer can reach', async () => {
    const hits: string[] = [];
    const surfaces = await pageSurfaces(session.page);
    expect(surfaces.dom).toContain('Live shop'); // the search reads the real page
    for (const [where, text] of Object.entries(surfaces)) hits.push(...hitsIn(where, text));
    // Each key while main had it: its field emptied and Save key waiting (the search saw that form).
    expect(whileSent.map((w) => (w.surfaces.dom ?? '').includes('Working…'))).toEqual([true, true, true, true]);
    whileSent.forEach(({ surfaces }, n) => Object.entries(surfaces).forEach(([where, text]) => hits.push(...hitsIn(`while key ${n + 1} was sent, ${where}`, text))));
    const bodies = await Promise.all(responses);
    expect(bodies.length).toBeGreaterThan(10);
    bodies.forEach((body, i) => hits.push(...hitsIn(`bridge response ${i}`, body)));
    expect(events.text()).toContain('profiles.changed');
    hits.push(...hitsIn('bridge events', events.text()));
    hits.push(...hitsIn('console', session.consoleLines.join('\n')));
    hits.push(...hitsIn('cookies', JSON.stringify(await session.context.cookies())));
    // Where each was found, in full: the report cuts a long array to its length ("[ …(2) ]").
    expect(hits, `found at:\n${hits.join("\n")}`).toEqual([]);
  });

  it('finds no key in anything written to disk or printed by main', async () => {
    const hits: string[] = [];
    const files = filesUnder(session.preview.dataDir);
    expect(files.map((f) => f.slice(session.preview.dataDir.length + 1))).toEqual(expect.arrayContaining(['profiles.json', 'paydesk.log']));
    expect(readFileSync(join(session.preview.dataDir, 'profiles.json'), 'utf8')).toContain(keys.replacement.slice(-4));
    for (const file of files) {
      const bytes = readFileSync(file);
      hits.push(...hitsIn(file, bytes.toString('latin1')), ...hitsIn(file, bytes.toString('utf16le')));
    }
    hits.push(...hitsIn('preview output', session.preview.output()));
    // Where each was found, in full: the report cuts a long array to its length ("[ …(2) ]").
    expect(hits, `found at:\n${hits.join("\n")}`).toEqual([]);
  });
});
