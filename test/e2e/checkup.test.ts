// The gateway check-up end to end in Chromium through the preview, against its embedded
// practice gateway reached by a sandbox profile on loopback: offered once right after the key
// is set, a full run passes, each fault persona makes its step "answered differently" and
// nothing else, the saved reports hold no key, card number or CVV, the ledger has every
// check-up move once and marked, and production is refused.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';
import { CheckupPage } from './pages/checkup-page';
import { axeViolations } from './support/axe';
import { callApi, practiceControl } from './support/practice-control';
import { openSession, type E2eSession } from './support/session';

/**
 * A profile card's picture without the app's sticky header, which a tall element's screenshot
 * catches halfway down (set through the CSSOM: the page's CSP refuses Playwright's injected style).
 */
async function cardShot(page: CheckupPage, name: string, path: string) {
  const header = page.card(name).page().locator('.app-header');
  await header.evaluate((el: HTMLElement) => void (el.style.visibility = 'hidden'));
  await page.card(name).screenshot({ path });
  await header.evaluate((el: HTMLElement) => void (el.style.visibility = ''));
}

const name = 'Checkup sandbox';
const allPassed = {
  sale: 'passed', authorisation: 'passed', partial_capture: 'passed', void: 'passed', partial_refund: 'passed', status_by_order: 'passed',
  status_by_transaction: 'passed', checkout: 'passed', payment_link: 'passed', recurring: 'passed', cleanup: 'passed',
};

describeWithKeychain('gateway check-up through the preview', () => {
  let session: E2eSession;
  let page: CheckupPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    page = new CheckupPage(session.page);
    await page.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
    await page.openSettings();
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  it('offers the check-up once right after a sandbox key is set, and a full run passes', async () => {
    expect(await page.addProfile({ name, environment: 'sandbox', baseUrl: practice.baseUrl })).toBe('saved');
    expect(await page.setKey(name, practice.apiKey)).toMatchObject({ outcome: 'saved' });
    const offer = page.section(name).getByTestId('checkup-offer');
    await offer.waitFor();
    const states = await page.runWith(name, () => offer.getByRole('button', { name: 'Run the check-up now' }).click());
    expect(states).toEqual(allPassed);
    expect(await offer.count()).toBe(0);
    expect(await page.section(name).getByTestId('checkup-status').textContent()).toContain('11 passed, 0 answered differently, 0 failed, 0 skipped');
    expect(await page.findings(name, 'checkout')).toEqual(['No transaction id in the checkout session answer: Paydesk will wait for a status check once it is paid (as expected).']);

    await page.step(name, 'sale').locator('summary').click();
    const fields = page.step(name, 'sale').locator('table.checkup-fields');
    expect(await fields.textContent()).toContain('data.transactionId');
    expect(await page.step(name, 'sale').textContent()).toContain('transaction id: read from data.transactionId');
    await page.section(name).scrollIntoViewIfNeeded();
    const shot = join('test-results', 'screenshots', 'checkup-en.png');
    mkdirSync(join('test-results', 'screenshots'), { recursive: true });
    // The card is taller than the window: the sticky header, drawn over it as the picture scrolls, is left out.
    await cardShot(page, name, shot);
    expect(await axeViolations(session.page)).toEqual([]);
  });

  it('saves a readable and a JSON report without the key, a card number or the CVV', async () => {
    const [textDownload] = await Promise.all([session.page.waitForEvent('download'), page.section(name).getByTestId('checkup-save-text').click()]);
    const text = readFileSync((await textDownload.path())!, 'utf8');
    const [jsonDownload] = await Promise.all([session.page.waitForEvent('download'), page.section(name).getByTestId('checkup-save-json').click()]);
    const json = readFileSync((await jsonDownload.path())!, 'utf8');
    expect(textDownload.suggestedFilename()).toMatch(/^paydesk-checkup-sandbox-.*\.txt$/);
    expect(text).toContain('Paydesk gateway check-up report');
    expect(text).toContain('1. Sale: Passed');
    expect(JSON.parse(json)).toMatchObject({ profile: { environment: 'sandbox' }, run: { summary: { passed: 11 } } });
    for (const saved of [text, json]) {
      expect(saved).not.toContain(practice.apiKey);
      expect(saved).not.toMatch(/5123[ -]?4500[ -]?0000[ -]?0008/);
      expect(saved.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')).not.toMatch(/\d(?:[ -]?\d){11,18}/); // UUIDs aside
      expect(saved).not.toMatch(/(cvv|cvc)[^\n]{0,30}\d{3,4}/i); // no security code, under any field name
      expect(saved).not.toMatch(/cardCvv|"100"/);
    }
    expect(await page.section(name).getByTestId('checkup-saved').textContent()).toContain('It holds no key, card number or CVV.');
  });

  it('shows every check-up move in the ledger exactly once, marked as a check-up', async () => {
    const db = new Database(join(session.preview.dataDir, 'paydesk.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const payments = db.prepare("SELECT order_id, checkup_run FROM payments WHERE order_id LIKE 'CHK-%'").all() as Array<{ order_id: string; checkup_run: string | null }>;
      expect(payments).toHaveLength(7);
      expect(payments.every((p) => p.checkup_run !== null)).toBe(true);
      const ops = db.prepare("SELECT o.kind, count(*) AS n FROM operations o JOIN payments p ON p.id = o.payment_id WHERE p.checkup_run IS NOT NULL GROUP BY o.kind ORDER BY o.kind").all();
      expect(ops).toEqual([{ kind: 'capture', n: 1 }, { kind: 'create', n: 7 }, { kind: 'refund', n: 5 }, { kind: 'void', n: 1 }]);
      const audit = db.prepare("SELECT action FROM audit_log WHERE order_id LIKE 'CHK-%'").all() as Array<{ action: string }>;
      expect(audit.length).toBeGreaterThan(0);
      expect(audit.every((row) => row.action.startsWith('checkup_'))).toBe(true);
    } finally {
      db.close();
    }
    const records = await practice.records();
    const sent = records.filter((r) => r.orderId?.startsWith('CHK-')).map((r) => `${r.operation} ${r.orderId} ${r.amountMinor ?? ''}`);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(14); // 7 creates, a capture, a void, 5 refunds
  });

  it.each([
    ['renamed-fields', 'checkout', 'No payment page address in the checkout session answer (looked for redirectUrl, url, paymentUrl, link)'],
    ['unknown-status', 'status_by_order', 'a status word Paydesk does not know'],
    ['missing-id', 'sale', 'No transaction id in the card sale answer (looked for transactionId, id): Paydesk will wait for a status check'],
  ])('against the %s persona, the %s step answers differently and nothing else breaks', async (persona, step, explanation) => {
    await practice.persona(persona);
    try {
      const states = await page.runAgain(name);
      expect(states[step]).toBe('different');
      expect((await page.findings(name, step)).join(' ')).toContain(explanation);
      const others = Object.entries(states).filter(([key]) => key !== step && !(persona === 'unknown-status' && key === 'status_by_transaction') && !(persona === 'missing-id' && key === 'recurring'));
      expect(others.every(([, state]) => state === 'passed')).toBe(true);
    } finally {
      await practice.persona(null);
    }
  });

  it('keeps the keyboard user on Run check-up while the run goes on and after it (a disabled button dropped the focus to the page)', async () => {
    const run = page.section(name).getByTestId('checkup-run');
    const focused = () => session.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
    let whileRunning: string | undefined;
    await page.runWith(name, async () => {
      await run.focus();
      await session.page.keyboard.press('Enter');
      await page.section(name).getByTestId('checkup-cancel').waitFor();
      whileRunning = await focused();
    });
    expect(whileRunning).toBe('checkup-run');
    expect(await focused()).toBe('checkup-run');
  });

  it('is not offered on a production profile, and main refuses it there', async () => {
    expect(await page.addProfile({ name: 'Live shop', environment: 'production', baseUrl: 'https://gateway.example/api/v1' })).toBe('saved');
    expect(await page.card('Live shop').getByTestId('checkup-section').count()).toBe(0);
    const { profiles } = await callApi<{ profiles: Array<{ id: string; name: string }> }>(session.page, 'listProfiles', {});
    const live = profiles.find((p) => p.name === 'Live shop')!;
    await expect(callApi(session.page, 'startCheckup', { profileId: live.id })).rejects.toThrow(/rule_violation.*only on sandbox and practice/);
    // With its key set too: still refused, and nothing reaches the ledger.
    expect(await page.setKey('Live shop', 'sk_live_NotForCheckups_1234')).toMatchObject({ outcome: 'saved' });
    await expect(callApi(session.page, 'startCheckup', { profileId: live.id })).rejects.toThrow(/rule_violation/);
    const db = new Database(join(session.preview.dataDir, 'paydesk.sqlite'), { readonly: true, fileMustExist: true });
    expect(db.prepare("SELECT count(*) AS n FROM payments WHERE environment = 'production'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('speaks Arabic', async () => {
    await page.chooseLanguage('ar');
    expect(await page.section(name).locator('h4').textContent()).toBe('الفحص');
    expect(await page.step(name, 'sale').getByTestId('checkup-step-state').textContent()).toMatch(/نجح|أجاب بشكل مختلف/);
    await cardShot(page, name, join('test-results', 'screenshots', 'checkup-ar.png'));
    await page.chooseLanguage('en');
  });

  it('logs no errors in the browser console', () => {
    expect(session.consoleLines.filter((line) => line.startsWith('error') || line.startsWith('pageerror'))).toEqual([]);
  });
});
