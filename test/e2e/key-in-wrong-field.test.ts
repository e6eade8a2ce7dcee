// A merchant's sandbox key pasted into the wrong field (walk22): the customer's name of a payment
// link, the name on a card. Refused next to the field, in both languages, before anything is
// recorded or sent; the key never reaches the ledger's file, the log or any answer. Real keychain,
// the preview's practice gateway standing for the sandbox (a sandbox profile on loopback http).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSession, type E2eSession } from './support/session';
import { SettingsPage } from './pages/settings-page';
import { practiceKey } from './support/practice-control';
import { typeCardPayment } from './support/test-card';
import { eachAnswer, filesUnder, recordAnswers } from './support/leak-surfaces';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

describeWithKeychain('a key pasted into the wrong field', () => {
  let session: E2eSession;
  let settings: SettingsPage;
  let key: string;
  const answers: Array<Promise<string>> = [];

  beforeAll(async () => {
    session = await openSession();
    settings = new SettingsPage(session.page);
    recordAnswers(session.page, answers);
    await settings.open(session.preview.url);
    key = practiceKey(session.preview.dataDir);
    const port = readFileSync(join(session.preview.dataDir, 'practice-gateway.port'), 'utf8').trim();
    await settings.openSettings();
    expect(await settings.addProfile({ name: 'Souq sandbox', environment: 'sandbox', baseUrl: `http://127.0.0.1:${port}/api/v1` })).toBe('saved');
    expect((await settings.setKey('Souq sandbox', key, { test: true })).outcome).toBe('saved');
    await settings.cardActionNotice('Souq sandbox', 'Use this profile');
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  it('refuses the key as a payment link customer’s name, next to the field, and records nothing', async () => {
    const page = session.page;
    await page.getByTestId('nav-links').click();
    const form = page.getByTestId('link-form');
    await form.getByLabel('Amount').fill('120.50');
    await form.getByLabel('Description').fill('Oud gift box');
    await form.getByLabel('Customer name').fill(` ${key}\n`);
    await form.getByLabel('Customer e-mail').fill('mariam@example.com');
    await form.getByLabel('Customer phone').fill('+966501234567');
    // Open from the start: the profile has no default addresses yet (walk23).
    await form.getByLabel('Success URL').fill('https://souq.example/paid');
    await form.getByLabel('Failure URL').fill('https://souq.example/failed');
    await page.getByTestId('link-submit').click();
    await expect.poll(() => form.innerText()).toContain('This looks like an API key');
    expect(await form.getByLabel('Customer name').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('links-count').filter({ hasText: '0 links' }).waitFor();
    await settings.chooseLanguage('ar');
    await page.getByTestId('link-submit').click();
    await expect.poll(() => form.innerText()).toContain('يبدو أن هذا مفتاح API');
    await settings.chooseLanguage('en');
  });

  it('refuses the key as the name on a card', async () => {
    const page = session.page;
    await typeCardPayment(page, { amount: '75.00', holder: key });
    await expect.poll(() => page.getByTestId('terminal-form').innerText()).toContain('This looks like an API key');
  });

  it('keeps the key out of the ledger, the log, main’s output and every answer', async () => {
    const hits: string[] = [];
    // The practice gateway's own store stands for the bank's side, and holds its key by design.
    const files = filesUnder(session.preview.dataDir).filter((f) => !f.endsWith('practice-gateway.json') && !f.includes('code-cache'));
    expect(files.some((f) => f.endsWith('paydesk.sqlite'))).toBe(true);
    for (const file of files) if (readFileSync(file).toString('latin1').includes(key)) hits.push(file);
    if (session.preview.output().includes(key)) hits.push('preview output');
    eachAnswer(await Promise.all(answers)).forEach((body, i) => body.includes(key) && hits.push(`answer ${i}`));
    expect(hits).toEqual([]);
  });
});
