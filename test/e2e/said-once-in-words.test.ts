// What Chromium gives a screen reader for the header's active profile and an environment's badge
// (walk18), read from its own accessibility tree, in both languages: the header read "Paydesk
// Practice Practice" (the badge and the profile's name side by side), and a badge's CSS capitals
// reached the accessible text ("Environment PRACTICE" in the refund dialog's description), which
// some readers spell letter by letter. The badge still looks as it did: in capitals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type E2eSession } from './support/session';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Noura Fahad', email: 'noura@example.com', phone: '+966500000021' };

type Node = { role?: { value?: string }; name?: { value?: string }; description?: { value?: string }; ignored?: boolean };

/** Every node of Chromium's accessibility tree of the page, ignored ones left out. */
async function accessibleNodes(page: Page): Promise<Node[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: Node[] };
  await cdp.detach();
  return nodes.filter((node) => !node.ignored);
}

/** The texts read inside the element (its StaticText nodes, in order). */
async function textsReadIn(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate((s) => ((window as unknown as { __readMe: Element }).__readMe = document.querySelector(s)!), selector);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__readMe' });
  const { node } = await cdp.send('DOM.describeNode', { objectId: result.objectId! });
  const { nodes: all } = (await cdp.send('Accessibility.queryAXTree', { backendNodeId: node.backendNodeId, role: 'StaticText' })) as { nodes: Node[] };
  await cdp.detach();
  // Direction isolates (FSI…PDI around a name) are not read: left out to compare the words.
  return all.filter((n) => !n.ignored).map((n) => String(n.name?.value ?? '').replace(/[\u2066-\u2069]/g, ''));
}

describe('the environment and the active profile, as read', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    tx = new TransactionsPage(session.page);
    await tx.open(session.preview.url);
    await cardSale(session.page, { orderId: 'SAID-ONCE-1', amount: '40.00', currency: 'SAR', holder: 'NOURA FAHAD', customer });
  });
  afterAll(() => session?.close());

  for (const [language, profile, environment] of [['en', 'Active profile: Practice', 'Practice'], ['ar', 'ملف التعريف النشط: التدريب', 'التدريب']] as const) {
    it(`reads the header's profile once, as one phrase (${language})`, async () => {
      await tx.chooseLanguage(language);
      const read = await textsReadIn(session.page, 'header');
      expect(read).toContain(profile);
      expect(read.filter((text) => text.includes(environment))).toHaveLength(1); // not "Practice Practice"
    });

    it(`reads an environment's badge as its word, not in capitals, and still draws it in capitals (${language})`, async () => {
      await tx.chooseLanguage(language);
      await tx.show();
      await tx.openPayment('SAID-ONCE-1');
      await tx.startAction('refund');
      const dialog = (await accessibleNodes(session.page)).find((node) => node.role?.value === 'dialog' || node.role?.value === 'alertdialog');
      expect(dialog?.description?.value).toContain(environment);
      const texts = (await accessibleNodes(session.page)).map((node) => String(node.name?.value ?? ''));
      expect(texts.filter((text) => /PRACTICE/.test(text))).toEqual([]);
      const drawn = await tx.dialog.locator('.env-badge').evaluate((badge) => {
        const before = getComputedStyle(badge, '::before');
        return { content: before.content, transform: before.textTransform };
      });
      expect(drawn.transform).toBe('uppercase');
      expect(drawn.content).toContain(environment);
      await session.page.keyboard.press('Escape');
    });
  }
});
