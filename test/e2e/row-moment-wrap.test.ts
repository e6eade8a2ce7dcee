// A list's moment in a narrow column, in Chromium with the page's real CSS: the day and the time may
// go to two lines, but each stays whole. In Arabic the audit log's and the links list's time lost
// its "ص" / "م" to a line of its own at 900 px ("5:45 2026/11/29" over "ص").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
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
    const [day, time] = [...element.children] as HTMLElement[];
    const space = element.getBoundingClientRect().width - day!.getBoundingClientRect().width - time!.getBoundingClientRect().width;
    Object.assign((element as HTMLElement).style, { display: 'inline-block', width: `${day!.getBoundingClientRect().width + space + 0.85 * time!.getBoundingClientRect().width}px` });
    const lines = [day!, time!].map((part) => new Set([...part.getClientRects()].map((r) => Math.round(r.top))).size);
    (element as HTMLElement).removeAttribute('style');
    return lines;
  });
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
  }
});
