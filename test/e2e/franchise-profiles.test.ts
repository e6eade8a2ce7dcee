// A franchise (walk37): one gateway profile per branch, names in English and Arabic, some long,
// several starting alike. What twenty profiles broke that one to three never showed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { callApi, practiceKey } from './support/practice-control';
import { SettingsPage } from './pages/settings-page';
import { TransactionsPage } from './pages/transactions-page';
import { approvedCard } from './support/test-card';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const branches = [
  { name: 'Qahwa House – Riyadh – Olaya', environment: 'sandbox' },
  { name: 'Qahwa House – Riyadh – Malaz', environment: 'sandbox' },
  { name: 'تبوك', environment: 'sandbox' },
  { name: 'Online shop', environment: 'production' },
  { name: 'مطار الملك خالد الدولي - الصالة الخامسة - كشك المغادرة', environment: 'production' },
  { name: 'King Abdullah Financial District kiosk, tower 3, level 2', environment: 'production' },
] as const;

let session: E2eSession;
let settings: SettingsPage;
let cdp: CDPSession;
const ids = new Map<string, string>();

beforeAll(async () => {
  session = await openSession();
  settings = new SettingsPage(session.page);
  await settings.open(session.preview.url);
  for (const b of branches) {
    const host = b.environment === 'production' ? 'gateway.example' : 'sandbox.gateway.example';
    const made = await callApi<{ id: string }>(session.page, 'createProfile', { name: b.name, environment: b.environment, baseUrl: `https://${host}/api/v1`, defaultCurrency: 'SAR', successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/not-paid' });
    ids.set(b.name, made.id);
  }
  await settings.page.getByTestId('profile-switch').locator('option').nth(branches.length).waitFor({ state: 'attached' });
  cdp = await session.context.newCDPSession(session.page);
});
afterAll(async () => {
  if (session) await forgetKeysOf(session.preview.dataDir);
  await session?.close();
});

/** A key typed as a keyboard of that script sends it (Playwright types Arabic letters as inserted text, no key press). */
async function typeKeys(text: string) {
  for (const key of text) {
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key });
  }
}

describe('the header’s profile switcher with many branches', () => {
  const switcher = () => session.page.getByTestId('profile-switch');
  const chosen = () => switcher().evaluate((s) => (s as HTMLSelectElement).value);

  it('finds a branch by the first letters of its name, in English and in Arabic', async () => {
    for (const [language, typed, name] of [['en', 'onl', 'Online shop'], ['en', 'king', 'King Abdullah Financial District kiosk, tower 3, level 2'], ['ar', 'تب', 'تبوك'], ['ar', 'مطا', 'مطار الملك خالد الدولي - الصالة الخامسة - كشك المغادرة']] as const) {
      await settings.chooseLanguage(language);
      await switcher().focus();
      await session.page.keyboard.press('Home');
      await session.page.waitForTimeout(1100); // the select's type-ahead forgets what was typed after a second
      await typeKeys(typed);
      expect(await chosen(), `${typed} → ${name}`).toBe(ids.get(name));
    }
    await settings.chooseLanguage('en');
  });

  it('never shows two branches alike, and keeps each name’s start', async () => {
    const labels = (await switcher().locator('option').allTextContents()).map((l) => l.replace(/[\u200e\u200f\u2068\u2069]/g, ''));
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('Qahwa Ho…– Olaya (Sandbox)');
    expect(labels).toContain('Qahwa Ho…– Malaz (Sandbox)');
    expect(labels).toContain('مطار الملك خالد… (Production)');
  });

  // A guard (main's isolated labels drew so too): the labels without an isolate at their start still do.
  it('draws each name before its environment, its “…” at its own end, in either direction', async () => {
    const labels = await switcher().locator('option').allTextContents();
    // Drawn on a page of its own: the bidi algorithm alone, not the app's styles.
    const blank = await session.context.newPage();
    await blank.setContent('<!doctype html><meta charset="utf-8"><body></body>');
    for (const dir of ['ltr', 'rtl'] as const) {
      for (const label of labels.filter((l) => l.includes('('))) {
        // The option's text drawn in a line of the page's direction: where the name's first letter,
        // its "…" and the bracket are.
        const [first, dots, bracket] = await blank.evaluate(([label, dir]) => {
          const p = document.body.appendChild(document.createElement('p'));
          p.dir = dir;
          p.style.cssText = 'position: absolute; white-space: nowrap; font: 16px sans-serif';
          p.textContent = label;
          const node = p.firstChild as Text;
          const at = (i: number) => {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return range.getBoundingClientRect().x;
          };
          const start = [...label].findIndex((c) => /\p{L}/u.test(c));
          const result = [at(label.indexOf([...label][start]!)), label.includes('…') ? at(label.indexOf('…')) : NaN, at(label.indexOf('('))];
          p.remove();
          return result;
        }, [label, dir] as const);
        const rtlName = /[\u0600-\u06ff]/.test([...label].find((c) => /\p{L}/u.test(c))!);
        // The environment after the name in the line's reading order.
        if (dir === 'ltr') expect(bracket, label).toBeGreaterThan(first!);
        else expect(bracket, label).toBeLessThan(first!);
        // The "…" at the end of the name in the name's own direction.
        if (!Number.isNaN(dots)) {
          if (rtlName) expect(dots, label).toBeLessThan(first!);
          else expect(dots, label).toBeGreaterThan(first!);
        }
      }
    }
    await blank.close();
  });
});

// Two branches whose sandbox is the practice gateway on this computer (its key set as theirs), each
// with a sale; the list read on the practice profile, where each row names its branch.
describeWithKeychain('a row of another branch’s payment', () => {
  const longBranches = ['فرع الخبر - شارع الأمير تركي - الكاونتر المسائي والسيارات', 'Khobar – Prince Turki Street, evening counter and drive-thru'];
  let tx: TransactionsPage;

  beforeAll(async () => {
    const page = session.page;
    const practice = await callApi<{ baseUrl: string }>(page, 'getActiveProfile', {});
    for (const [i, name] of longBranches.entries()) {
      const { id } = await callApi<{ id: string }>(page, 'createProfile', { name, environment: 'sandbox', baseUrl: practice.baseUrl, defaultCurrency: 'SAR', successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/not-paid' });
      ids.set(name, id);
      await callApi(page, 'setProfileKey', { id, key: practiceKey(session.preview.dataDir), testConnection: false });
      await callApi(page, 'switchProfile', { id });
      await callApi(page, 'chargeCard', { orderId: `KHOBAR-${i + 1}`, amount: '12.00', currency: 'SAR', card: approvedCard('Mariam Qasim'), customer: { name: 'Mariam Qasim', email: 'mariam@example.com', phone: '+966501234567' }, authOnly: false });
    }
    await callApi(page, 'switchProfile', { id: 'practice' });
    tx = new TransactionsPage(page);
  });

  it('names each payment’s branch in the payments CSV, not only its id', async () => {
    const { csv } = await callApi<{ csv: string }>(session.page, 'exportPayments', { filter: { query: 'KHOBAR' }, sort: { by: 'orderId', direction: 'asc' }, offset: 0, limit: 100 });
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header!.split(',').at(-4)).toBe('profile_name'); // before the minor units (walk38)
    // Each name as typed (the Latin one quoted: it holds a comma).
    expect(lines).toHaveLength(2);
    expect(lines[0]!.endsWith(`,${longBranches[0]},1200,1200,0`)).toBe(true);
    expect(lines[1]!.endsWith(`,"${longBranches[1]}",1200,1200,0`)).toBe(true);
  });

  for (const language of ['en', 'ar'] as const) {
    it(`keeps the environment's badge whole and the branch name's start in view (${language})`, async () => {
      await settings.chooseLanguage(language);
      await tx.show();
      for (const [i, name] of longBranches.entries()) {
        const note = tx.row(`KHOBAR-${i + 1}`).getByTestId('row-profile');
        await note.waitFor();
        const drawn = await note.evaluate((box) => {
          const within = (r: DOMRect, b: DOMRect) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
          const outer = box.getBoundingClientRect();
          const badge = box.querySelector('.env-badge')!.getBoundingClientRect();
          const text = box.querySelector('bdi')!.firstChild as Text;
          const range = document.createRange();
          range.setStart(text, 0);
          range.setEnd(text, 1);
          // The first letter inside the name's own box, where the cut does not hide it.
          const clip = box.querySelector('bdi')!.getBoundingClientRect();
          return { badge: within(badge, outer), firstLetter: within(range.getBoundingClientRect(), clip) && within(clip, outer) };
        });
        expect(drawn, name).toEqual({ badge: true, firstLetter: true });
      }
    });
  }
});
