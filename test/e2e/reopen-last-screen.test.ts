// Paydesk reopens on the screen last used, as a mature desktop app does: a support agent who
// closed it on Transactions gets Transactions at the next start; someone new gets Home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { AppPage } from './pages/app-page';

describe('reopening on the last screen', () => {
  let session: E2eSession;
  let app: AppPage;
  const current = (page = session.page) => page.locator('nav.app-nav button[aria-current="page"]').getAttribute('data-testid');

  beforeAll(async () => {
    session = await openSession();
    app = new AppPage(session.page);
    await app.open(session.preview.url);
  });
  afterAll(() => session?.close());

  it('opens on Home the first time', async () => {
    expect(await current()).toBe('nav-home');
    await session.page.getByTestId('home-tasks').waitFor();
  });

  it('opens on Transactions after it was closed there, with the list asked for at once', async () => {
    await session.page.getByTestId('nav-transactions').click();
    await session.page.getByTestId('transactions-screen').waitFor();
    // Alone, or with the start's other calls of its turn (/api/calls).
    const listAsked = session.page.waitForRequest((request) => request.url().endsWith('/api/call/searchPayments') || (request.url().endsWith('/api/calls') && (request.postData() ?? '').includes('"method":"searchPayments"')));
    await session.page.reload();
    await listAsked;
    await app.ready();
    await session.page.getByTestId('transactions-screen').waitFor();
    expect(await current()).toBe('nav-transactions');
    expect(await session.page.getByTestId('home-tasks').count()).toBe(0);
  });

  it('opens on Home again once Home was the last screen, and another person gets Home', async () => {
    await session.page.getByTestId('nav-settings').click();
    await session.page.getByTestId('nav-home').click();
    await session.page.reload();
    await app.ready();
    expect(await current()).toBe('nav-home');

    await session.page.getByTestId('nav-transactions').click();
    const other = await session.context.browser()!.newContext();
    try {
      const page = await other.newPage();
      await page.goto(session.preview.url);
      await page.locator('main[data-ready="true"]').waitFor();
      expect(await current(page)).toBe('nav-home');
    } finally {
      await other.close();
    }
  });

  it('a screen it does not know (from another version) opens Home', async () => {
    await session.page.evaluate(() => localStorage.setItem('paydesk.lastScreen', 'no-such-screen'));
    await session.page.reload();
    await app.ready();
    expect(await current()).toBe('nav-home');
  });
});
