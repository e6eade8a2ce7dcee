// An earlier customer with a long name, in Chromium with the page's real CSS: the "Earlier
// customer" list once made every field of every new form as wide as that name (about 1140 px),
// past the form and the window, and in Arabic pushed the navigation off screen. Fields stay
// inside their form, the page never scrolls sideways, and the name is whole in the option.
// The customer's phone is typed in Arabic-Indic digits: the real main records it in ASCII. And
// the Earlier customer list gone through with the arrow keys, as a keyboard user does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { BulkPage, GetPaidPage } from './pages/get-paid-page';

const longName = 'Layla Abdulrahman Mohammed Al-Haddad for General Trading, Contracting and Maintenance Services Company Ltd';
const customer = { name: longName, email: 'accounts@haddad-trading.example', phone: '+٩٦٦٥٠١٢٣٤٥٦٧' };
// A company's name in both scripts, each way round (and without its spaces, as the test compares what is seen).
const twoScripts = ['مؤسسة Al-Qahtani Trading and Contracting Company W.L.L. للتجارة والمقاولات', 'Al-Qahtani Trading Company W.L.L. مؤسسة عبدالرحمن القحطاني للتجارة والمقاولات'];

describe('a new form after a customer with a long name', () => {
  let session: E2eSession;
  let app: GetPaidPage;

  beforeAll(async () => {
    session = await openSession();
    app = new GetPaidPage(session.page);
    await app.open(session.preview.url);
    await app.openScreen('links');
    await app.createLink({ orderId: 'PD-LONG-NAME-1', amount: '150.75', description: 'Invoice', customer });
    await session.page.getByTestId('new-link').click();
    await app.createLink({ orderId: 'PD-ARABIC-NAME-1', amount: '20.00', description: 'Invoice', customer: { name: 'ليلى حداد', email: 'layla@example.com', phone: '+966501234567' } });
  });
  afterAll(() => session?.close());

  /** Whether the page scrolls sideways, and every field of the form that is not inside it (with how far out). */
  const overflow = (form: string) => session.page.evaluate((id) => {
    const box = document.querySelector(`[data-testid="${id}-form"]`)!.getBoundingClientRect();
    const outside = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[data-testid="${id}-form"] input, [data-testid="${id}-form"] select`)]
      .filter((field) => field.getClientRects().length > 0 && field.type !== 'checkbox')
      .map((field) => ({ field: field.id, left: field.getBoundingClientRect().left, right: field.getBoundingClientRect().right }))
      .filter((f) => f.left < box.left - 0.5 || f.right > box.right + 0.5)
      .map((f) => `${f.field}: ${Math.round(f.left)}–${Math.round(f.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`);
    return { pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth, formInWindow: box.left >= 0 && box.right <= window.innerWidth, outside };
  }, form);

  it('records the customer with the phone in ASCII, offered whole in the list', async () => {
    await app.openScreen('checkout');
    const earlier = session.page.getByTestId('checkout-earlier-customer');
    await earlier.locator('option', { hasText: longName }).waitFor({ state: 'attached' });
    expect(await earlier.locator('option', { hasText: longName }).getAttribute('title')).toBe(`${longName} — ${customer.email}`);
    await earlier.selectOption({ label: `${longName} — ${customer.email}` });
    expect(await session.page.locator('#checkout-customer-phone').inputValue()).toBe('+966501234567');
    expect((await overflow('checkout')).outside).toEqual([]); // the long name in its field, too
    await session.screenshot('get-paid-long-customer-filled-en');
    await app.chooseLanguage('ar');
    expect(await overflow('checkout')).toEqual({ pageScrollsSideways: false, formInWindow: true, outside: [] });
    await session.screenshot('get-paid-long-customer-filled-ar');
    await app.chooseLanguage('en');
  });

  it('keeps the links list\'s other columns readable: the name in two lines at most, whole in its title, the state on one', async () => {
    for (const language of ['en', 'ar'] as const) {
      await app.chooseLanguage(language);
      await app.openScreen('links');
      const row = session.page.locator('[data-testid="link-row"][data-order-id="PD-LONG-NAME-1"]');
      await row.waitFor();
      const cells = await row.evaluate((tr) => {
        const name = tr.querySelector<HTMLElement>('.customer-name')!;
        const lines = (el: Element) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
        return { nameLines: lines(name), title: name.title, stateLines: lines(tr.querySelector('[data-testid="payment-state"]')!) };
      });
      expect({ language, ...cells }).toEqual({ language, nameLines: 2, title: longName, stateLines: 1 });
      // Each name's box starts where its column's heading does, whatever its own script; inside it
      // the name reads, and is cut ("…" at its end), in its own direction: the Latin name ltr on the
      // Arabic page too, the Arabic one rtl on the English page too.
      const boxes = await session.page.evaluate(() => [...document.querySelectorAll('[data-testid="link-row"]')].map((tr) => {
        const cell = tr.querySelectorAll('td')[1]!.getBoundingClientRect();
        const name = tr.querySelector<HTMLElement>('.customer-name')!;
        const box = name.getBoundingClientRect();
        return { offset: Math.round(document.dir === 'rtl' ? cell.right - box.right : box.left - cell.left), direction: getComputedStyle(name).direction, arabic: /[\u0600-\u06ff]/.test(name.title) };
      }));
      const offsets = boxes.map((b) => b.offset);
      expect(new Set(offsets).size, `${language}: ${offsets.join(', ')}`).toBe(1);
      expect(boxes.map((b) => b.direction)).toEqual(boxes.map((b) => (b.arabic ? 'rtl' : 'ltr')));
      // Wrapped, a name written the other way from the page keeps each of its lines on the column's
      // side (the long Latin name's lines were flush left inside the Arabic list's right-hand column):
      // every line shown ends as far from the column's side as the others, and at most the room kept for its "…".
      const lines = await row.evaluate((tr) => {
        const name = tr.querySelector<HTMLElement>('.customer-name')!;
        const td = tr.querySelectorAll('td')[1]!;
        const cell = td.getBoundingClientRect();
        const pad = parseFloat(getComputedStyle(td).paddingInlineStart);
        const box = name.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(name);
        const shown = [...range.getClientRects()].filter((r) => r.width > 0 && r.top < box.bottom - 1);
        const byLine = new Map<number, number>();
        for (const r of shown) {
          const top = Math.round(r.top);
          const gap = (document.dir === 'rtl' ? cell.right - r.right : r.left - cell.left) - pad;
          byLine.set(top, Math.min(byLine.get(top) ?? Infinity, gap));
        }
        return { gaps: [...byLine.values()].map(Math.round), em: parseFloat(getComputedStyle(name).fontSize) };
      });
      expect(lines.gaps.length, language).toBe(2);
      expect(Math.max(...lines.gaps) - Math.min(...lines.gaps), `${language}: ${lines.gaps.join(', ')}`).toBeLessThanOrEqual(1);
      expect(Math.max(...lines.gaps), language).toBeLessThanOrEqual(lines.em + 1);
    }
    await app.chooseLanguage('en');
  });

  it('keeps every field inside its form and the page from scrolling sideways, at 1280 and 900 px, in English and Arabic', async () => {
    for (const language of ['en', 'ar'] as const) {
      await app.chooseLanguage(language);
      for (const width of [1280, 900]) {
        await session.page.setViewportSize({ width, height: 800 });
        for (const [key, form] of [['2', 'link'], ['3', 'checkout'], ['4', 'terminal']] as const) {
          await session.page.keyboard.press(`Alt+${key}`); // the form (checkout's with the customer chosen above: kept-drafts.ts)
          await session.page.getByTestId(`${form}-earlier-customer`).locator('option', { hasText: longName }).waitFor({ state: 'attached' });
          expect({ language, width, form, ...(await overflow(form)) }).toEqual({ language, width, form, pageScrollsSideways: false, formInWindow: true, outside: [] });
        }
        await session.page.keyboard.press('Alt+2');
        await session.page.getByTestId('link-earlier-customer').locator('option', { hasText: longName }).waitFor({ state: 'attached' });
        await session.page.getByTestId('link-form').screenshot({ path: `test-results/screenshots/get-paid-long-customer-${language}-${width}.png` });
      }
    }
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await app.chooseLanguage('en');
  });

  // The list went back to "Choose…" after each choice, so on the closed list every Down arrow
  // filled in the first customer again: the keyboard could reach no other (found walking it, 2026-11-29).
  it('goes down the earlier customers with the arrow keys, the list showing the one filled in until a field is edited', async () => {
    await session.page.keyboard.press('Alt+3');
    const earlier = session.page.getByTestId('checkout-earlier-customer');
    await earlier.locator('option', { hasText: longName }).waitFor({ state: 'attached' });
    const name = session.page.locator('#checkout-customer-name');
    // The first press brings back the customer chosen above (kept-drafts.ts); pressed on the screen, a new, empty form.
    expect(await name.inputValue()).toBe(longName);
    await session.page.keyboard.press('Alt+3');
    await expect.poll(() => name.inputValue()).toBe('');
    await earlier.locator('option', { hasText: longName }).waitFor({ state: 'attached' });
    const shown = () => earlier.evaluate((list: HTMLSelectElement) => list.selectedOptions[0]?.textContent);
    await earlier.focus();
    await session.page.keyboard.press('ArrowDown');
    expect([await name.inputValue(), await shown()]).toEqual(['ليلى حداد', 'ليلى حداد — layla@example.com']); // the newest first
    await session.page.keyboard.press('ArrowDown');
    expect([await name.inputValue(), await shown()]).toEqual([longName, `${longName} — ${customer.email}`]);
    // Shown in the closed list now, a Latin name on an Arabic page keeps its own direction: its start
    // in view and its end cut, not the other way round.
    await app.chooseLanguage('ar');
    expect(await earlier.evaluate((list: HTMLSelectElement) => getComputedStyle(list.selectedOptions[0]!).direction)).toBe('ltr');
    await app.chooseLanguage('en');
    await name.fill('Layla Al-Haddad');
    expect(await shown()).toBe('Choose to fill in name, e-mail and phone');
  });

  // Chromium's "…" cuts at the line's far edge by position on screen: the transactions list showed
  // "مؤسسة …ng Company W.L.L", the start of the Latin part lost (ui/reading-cut.ts).
  it('cuts a name written in both scripts keeping its beginning in reading order, in the links list and the transactions list, in English and Arabic', async () => {
    /** The name's characters drawn inside its box, in the name's order, without the "…" and marks. */
    const seen = (name: Element) => {
      const box = name.getBoundingClientRect();
      const range = document.createRange();
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
      let shown = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.nodeValue ?? '';
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          const middle = (r.top + r.bottom) / 2; // a glyph's box is taller than its line
          if (r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && middle >= box.top && middle <= box.bottom) shown += text[i];
        }
      }
      // Spaces left out: one where a line wraps is drawn past the line's end.
      return shown.replace(/[…\u200e\u200f\s]/g, '').replace(/\u2011/g, '-');
    };
    const unspaced = (n: number) => twoScripts[n]!.replace(/\s/g, '');
    const page = session.page;
    // Made last: the tests above read every link row and the earlier customers.
    for (const [n, name] of twoScripts.entries()) {
      await page.keyboard.press('Alt+2'); // a new, empty form
      await app.createLink({ orderId: `PD-TWO-SCRIPTS-${n}`, amount: '30.00', description: 'Invoice', customer: { name, email: `two${n}@example.com`, phone: '+966501234568' } });
    }
    for (const language of ['en', 'ar'] as const) {
      await app.chooseLanguage(language);
      for (const width of [1280, 800]) {
        await page.setViewportSize({ width, height: 800 });
        await app.openScreen('links');
        await app.linkRow('PD-TWO-SCRIPTS-1').waitFor();
        await page.keyboard.press('Alt+5');
        await page.locator('[data-testid="tx-row-PD-TWO-SCRIPTS-1"]').waitFor();
        for (const n of [0, 1]) {
          const txName = page.locator(`[data-testid="tx-row-PD-TWO-SCRIPTS-${n}"] .customer-name`);
          const shown = await txName.evaluate(seen);
          expect({ language, width, n, list: 'transactions', begins: unspaced(n).startsWith(shown), shown }).toEqual({ language, width, n, list: 'transactions', begins: true, shown });
          expect(shown.length, `${language} ${width} ${shown}`).toBeGreaterThan(10);
          expect(shown.length, `${language} ${width}: the test's name is cut`).toBeLessThan(unspaced(n).length);
          // A screen reader still reads it whole, as it read a name CSS cut.
          expect(await page.getByTestId(`tx-row-PD-TWO-SCRIPTS-${n}`).getByRole('gridcell', { name: twoScripts[n], exact: true }).count()).toBe(1);
        }
        await app.openScreen('links');
        for (const n of [0, 1]) {
          const shown = await app.linkRow(`PD-TWO-SCRIPTS-${n}`).locator('.customer-name').evaluate(seen);
          expect({ language, width, n, list: 'links', begins: unspaced(n).startsWith(shown), shown }).toEqual({ language, width, n, list: 'links', begins: true, shown });
          expect(shown.length).toBeLessThan(unspaced(n).length);
          expect(await app.linkRow(`PD-TWO-SCRIPTS-${n}`).getByRole('cell', { name: twoScripts[n], exact: true }).count()).toBe(1);
        }
        if (width === 800) await session.screenshot(`two-scripts-links-800-${language}`, page.locator('.gp-table').first());
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await app.chooseLanguage('en');
  });

  // The cut is made again at every size: a window narrowed then widened (or a column widened) shows
  // what a fresh screen at that width shows, the whole name where it fits. In the links list's and
  // bulk check's tables a column is as wide as its names, so a cut name narrowed its own box: the
  // cut, found for the wider box, took a third line in two and its "…" was hidden ("مؤسسة /
  // Al-Qahtani" read as a whole name in English at 1280 px; ui/reading-cut.ts).
  it('draws a cut name with its "…" in its lines, and the same again once the window is widened, in the three lists, English and Arabic', async () => {
    const page = session.page;
    const medium = 'مؤسسة Al-Qahtani Trading للتجارة';
    await page.keyboard.press('Alt+2');
    await app.createLink({ orderId: 'PD-TWO-SCRIPTS-2', amount: '30.00', description: 'Invoice', customer: { name: medium, email: 'two2@example.com', phone: '+966501234568' } });
    const csv = ['orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate', ...[...twoScripts, medium].map((name, n) => `B-${n},10.00,SAR,Two scripts,${name},b${n}@example.com,+96650000002${n},,`)].join('\r\n') + '\r\n';
    const bulk = new BulkPage(page);
    /** Each two-script name's box in the list: its drawn text, and whether its text runs past its box (its "…" not seen). */
    const drawn = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid^="tx-row-PD-TWO-SCRIPTS"] .customer-name, [data-testid="link-row"][data-order-id^="PD-TWO-SCRIPTS"] .customer-name, [data-testid="bulk-preview-row"] .customer-name')]
      .map((box) => ({ row: box.closest('[data-testid^="tx-row"]')?.getAttribute('data-testid') ?? box.closest('tr')!.getAttribute('data-order-id') ?? box.closest('tr')!.querySelectorAll('td')[1]!.textContent, text: box.textContent, runsPast: box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1 }))
      .sort((a, b) => (a.row! < b.row! ? -1 : 1)));
    const lists = [
      ['transactions', async () => { await page.keyboard.press('Alt+5'); await page.locator('[data-testid="tx-row-PD-TWO-SCRIPTS-2"] .customer-name').waitFor(); }],
      // Searched for, so their column is as wide as these names make it (the long one-script name above held it wide).
      ['links', async () => { await app.openScreen('links'); await page.getByTestId('links-search').fill('PD-TWO-SCRIPTS'); await expect.poll(() => page.getByTestId('link-row').count()).toBe(3); }],
      ['bulk', async () => { await bulk.openScreen('bulk'); await bulk.choose('two-scripts.csv', csv); }],
    ] as const;
    for (const language of ['en', 'ar'] as const) {
      await app.chooseLanguage(language);
      for (const [list, show] of lists) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await show();
        /** The names once every one is drawn and none runs past its box (each cut settled). */
        const settled = async (when: string) => {
          await expect.poll(async () => { const all = await drawn(); return { count: all.length, runningPast: all.filter((x) => x.runsPast) }; }, { message: `${language} ${list} ${when}` }).toEqual({ count: 3, runningPast: [] });
          return drawn();
        };
        const fresh = await settled('at 1280 px');
        await page.setViewportSize({ width: 600, height: 800 });
        await expect.poll(drawn).not.toEqual(fresh); // cut shorter
        await settled('at 600 px');
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect.poll(drawn, { message: `${language} ${list} widened` }).toEqual(fresh);
      }
    }
    await app.openScreen('links');
    await page.getByTestId('links-search').fill('');
    await app.chooseLanguage('en');
  });
});
