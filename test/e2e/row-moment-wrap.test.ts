// A list's moment in a narrow column, in Chromium with the page's real CSS: the day and the time may
// go to two lines, but each stays whole. In Arabic the audit log's and the links list's time lost
// its "ص" / "م" to a line of its own at 900 px ("5:45 2026/11/29" over "ص").
// And what a screen reader reads of it, from Chromium's own accessibility tree (walk18): the space
// between the day's span and the time's was left out in Arabic, and in English once the two went to
// two lines ("2‏/12‏/20262:10 م", "02/12/202614:10": the year and the hour one number).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { callApi } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';

const customer = { name: 'Noura Fahad', email: 'noura@example.com', phone: '+966500000021' };

/**
 * How many lines each part of a moment (day, time) takes on screen, in a column just too narrow for
 * both on one line (a crowded table gives it that: the whole day and most of the time fit).
 */
async function linesOfEachPart(moment: Locator): Promise<number[]> {
  return moment.evaluate((element) => {
    const [day, time] = [...element.querySelectorAll(":scope > span")] as HTMLElement[]; // the two parts, not the <wbr> between them
    const space = element.getBoundingClientRect().width - day!.getBoundingClientRect().width - time!.getBoundingClientRect().width;
    Object.assign((element as HTMLElement).style, { display: 'inline-block', width: `${day!.getBoundingClientRect().width + space + 0.85 * time!.getBoundingClientRect().width}px` });
    const lines = [day!, time!].map((part) => new Set([...part.getClientRects()].map((r) => Math.round(r.top))).size);
    (element as HTMLElement).removeAttribute('style');
    return lines;
  });
}

/** The name Chromium gives the element's accessible node (a cell's is read from its text). */
async function readName(page: Page, element: Locator): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await element.evaluate((e) => ((window as unknown as { __readMe: Element }).__readMe = e));
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__readMe' });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId!, fetchRelatives: false });
  await cdp.detach();
  return String(nodes.find((node) => !node.ignored)?.name?.value ?? '');
}

describe('a moment in a narrow list', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await callApi(session.page, 'createPaymentLink', { orderId: 'PD-20261129-MOMENT01', amount: '30.00', currency: 'SAR', description: 'Invoice', customer });
  });
  afterAll(async () => {
    await session?.page.setViewportSize({ width: 1280, height: 800 });
    await session?.close();
  });

  for (const language of ['ar', 'en'] as const) {
    it(`keeps the day and the time each whole in the audit log and the links list, in ${language}, at 700 and 900 px`, async () => {
      await tx.chooseLanguage(language);
      for (const width of [700, 900]) {
        await session.page.setViewportSize({ width, height: 800 });
        await session.page.getByTestId('nav-audit').click();
        const audit = session.page.getByTestId('audit-table').locator('.row-moment').first();
        await audit.waitFor();
        expect(await linesOfEachPart(audit), `audit ${language} ${width}`).toEqual([1, 1]);
        await session.page.getByTestId('nav-links').click();
        const link = session.page.locator('.gp-links .row-moment').first();
        await link.waitFor();
        expect(await linesOfEachPart(link), `links ${language} ${width}`).toEqual([1, 1]);
      }
    });

    it(`keeps the day over the time inside their row in a narrow transactions list, in ${language}, at 800 px`, async () => {
      await tx.chooseLanguage(language);
      await session.page.setViewportSize({ width: 800, height: 800 });
      try {
        await session.page.getByTestId('nav-transactions').click();
        const cell = session.page.locator('.date-cell').first();
        await cell.waitFor();
        // Two lines (the day's block, then the time's) inside the row: a <wbr> drawn between the two
        // blocks made a third line and pushed the day above the row's top edge.
        const place = await cell.evaluate((element) => {
          const row = element.closest('[role="row"]')!.getBoundingClientRect();
          const [day, time] = [...element.querySelectorAll(':scope > span')].map((part) => part.getBoundingClientRect());
          return { dayInside: day!.top >= row.top - 0.5, timeInside: time!.bottom <= row.bottom + 0.5, dayFirst: day!.bottom <= time!.top + 0.5 };
        });
        expect(place).toEqual({ dayInside: true, timeInside: true, dayFirst: true });
      } finally {
        await session.page.setViewportSize({ width: 1280, height: 800 });
      }
    });

    it(`reads a space between the day and the time in the links list and the transactions list, in ${language}`, async () => {
      await tx.chooseLanguage(language);
      const page = session.page;
      await page.getByTestId('nav-links').click();
      const link = page.locator('.gp-links .row-moment').first();
      await link.waitFor();
      // The year, a space, then the hour: never "20261:57".
      expect(await readName(page, link.locator('xpath=ancestor::td[1]'))).toMatch(/\d{4} \d{1,2}:\d{2}/);
      await page.getByTestId('nav-transactions').click();
      const cell = page.locator('.date-cell').first();
      await cell.waitFor();
      expect(await readName(page, cell)).toMatch(/\d{4} \d{1,2}:\d{2}/);
    });
  }
});
