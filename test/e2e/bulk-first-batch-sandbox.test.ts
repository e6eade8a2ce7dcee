// A new sandbox profile's first bulk batch (walk25): the profile added without default addresses,
// a file of links chosen. Every row was refused at send ("Enter the address to send the customer
// to: this profile has no default yet.") and the screen neither asked for the addresses nor kept
// them. Now the preview asks once for the batch (open, "(required)", kept as the profile's defaults
// unless unticked), says what every customer will be sent to, and the batch goes through, each row
// sent once. The CSV has no address columns: the batch's addresses are every row's.
// Real keychain; the preview's practice gateway stands for the sandbox (loopback http is allowed).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSession, type E2eSession } from './support/session';
import { axeViolations } from './support/axe';
import { SettingsPage } from './pages/settings-page';
import { BulkPage } from './pages/get-paid-page';
import { practiceControl, practiceKey } from './support/practice-control';
import { describeWithKeychain, forgetKeysOf } from '../vault/support/keychain';

const profile = 'Souq sandbox';
const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const rows = ['W25-1,120.50,SAR,Oud gift box,Mariam Qasim,mariam@example.com,+966501234567,,', 'W25-2,80,SAR,Incense,Omar Saleh,omar@example.com,+966507771234,,', 'W25-3,45,SAR,Candles,Huda Nasser,huda@example.com,+966509998877,,'];
const csv = header + rows.join('\r\n') + '\r\n';

describeWithKeychain('a new sandbox profile’s first bulk batch', () => {
  let session: E2eSession;
  let settings: SettingsPage;
  let bulk: BulkPage;

  beforeAll(async () => {
    session = await openSession();
    settings = new SettingsPage(session.page);
    bulk = new BulkPage(session.page);
    await settings.open(session.preview.url);
  });
  afterAll(async () => {
    if (session) await forgetKeysOf(session.preview.dataDir);
    await session?.close();
  });

  it('asks for the two addresses once for the batch, sends every row once to them, and keeps them as the profile’s defaults', async () => {
    const page = session.page;
    const port = readFileSync(join(session.preview.dataDir, 'practice-gateway.port'), 'utf8').trim();
    await settings.openSettings();
    expect(await settings.addProfile({ name: profile, environment: 'sandbox', baseUrl: `http://127.0.0.1:${port}/api/v1` })).toBe('saved');
    expect((await settings.setKey(profile, practiceKey(session.preview.dataDir))).outcome).toBe('saved');
    await settings.cardActionNotice(profile, 'Use this profile');
    await page.getByTestId('active-profile-name').filter({ hasText: profile }).waitFor();
    const practice = await practiceControl(page, session.preview.dataDir);

    await bulk.openScreen('bulk');
    await bulk.choose('first.csv', csv);
    const preview = page.getByTestId('bulk-preview');
    // Asked in the preview, open, required, to be kept; nothing said about where customers go yet.
    const keep = preview.getByLabel(`Keep these addresses as the defaults of “\u2068${profile}\u2069”`);
    expect(await keep.isChecked()).toBe(true);
    expect(await preview.getByLabel(/^Success URL/).isVisible()).toBe(true);
    expect(await preview.getByTestId('bulk-urls-used').count()).toBe(0);
    // Create before typing them: said at the fields, nothing stored or sent.
    await page.getByTestId('bulk-start').click();
    await expect.poll(() => preview.locator('.field-error').first().textContent()).toContain('this profile has no default yet');
    expect(await page.getByTestId('bulk-batch').count()).toBe(0);
    await preview.getByLabel(/^Success URL/).fill('https://souq.example/paid');
    await preview.getByLabel(/^Failure URL/).fill('https://souq.example/not-paid');
    expect(await preview.getByTestId('bulk-urls-used').textContent()).toBe('Every customer goes to https://souq.example/paid after paying, or to https://souq.example/not-paid if the payment does not go through.');
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('bulk-first-batch-addresses-en');

    await page.getByTestId('bulk-start').click();
    await bulk.batchState('done');
    expect(await page.getByTestId('bulk-status').textContent()).toContain('3 created, 0 not created, 0 unknown, 0 waiting, of 3');
    const sent = (await practice.records()).filter((r) => r.operation === 'createPaymentLink').map((r) => r.orderId).sort();
    expect(sent).toEqual(['W25-1', 'W25-2', 'W25-3']); // each exactly once
    expect(await page.getByTestId('addresses-not-kept').count()).toBe(0);

    // Kept: the next batch asks nothing and says the profile's addresses.
    await bulk.choose('second.csv', header + 'W25-4,10,SAR,Tea,Sara Ahmed,sara@example.com,+966501112233,,\r\n');
    expect(await page.getByTestId('bulk-preview').getByLabel(/^Success URL/).count()).toBe(0);
    expect(await page.getByTestId('bulk-urls-used').textContent()).toContain('https://souq.example/paid');
    await settings.chooseLanguage('ar');
    await expect.poll(() => page.getByTestId('bulk-urls-used').textContent()).toBe('يذهب كل عميل إلى \u2066https://souq.example/paid\u2069 بعد الدفع، أو إلى \u2066https://souq.example/not-paid\u2069 إذا لم يتم الدفع.');
    await settings.chooseLanguage('en');
  });

  // The batch keeps the addresses it first ran with (walk25 left them unstored: stopped on a
  // profile still without defaults, it asked for them again above Resume, and its later rows could
  // go elsewhere than its first). Here the box is unticked, so the profile keeps none.
  it('a batch stopped half way keeps its addresses: Resume asks nothing, the batch says them, the rest are sent once', async () => {
    const page = session.page;
    const branch = 'Souq branch';
    const port = readFileSync(join(session.preview.dataDir, 'practice-gateway.port'), 'utf8').trim();
    await settings.openSettings();
    expect(await settings.addProfile({ name: branch, environment: 'sandbox', baseUrl: `http://127.0.0.1:${port}/api/v1` })).toBe('saved');
    expect((await settings.setKey(branch, practiceKey(session.preview.dataDir))).outcome).toBe('saved');
    await settings.cardActionNotice(branch, 'Use this profile');
    await page.getByTestId('active-profile-name').filter({ hasText: branch }).waitFor();
    const practice = await practiceControl(page, session.preview.dataDir);

    await bulk.openScreen('bulk');
    await bulk.choose('branch.csv', header + ['W28-1', 'W28-2', 'W28-3'].map((id, i) => rows[i]!.replace(/^W25-\d/, id)).join('\r\n') + '\r\n');
    const preview = page.getByTestId('bulk-preview');
    await preview.getByLabel(/^Success URL/).fill('https://souq.example/paid');
    await preview.getByLabel(/^Failure URL/).fill('https://souq.example/not-paid');
    await preview.getByLabel(`Keep these addresses as the defaults of “\u2068${branch}\u2069”`).uncheck();
    await practice.fault('createPaymentLink', { latencyMs: 2_000 }); // slow enough to press Cancel after the first row
    try {
      await page.getByTestId('bulk-start').click();
      await expect.poll(async () => Number(/(\d+) created/.exec((await page.getByTestId('bulk-status').textContent()) ?? '')?.[1]), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      await page.getByTestId('bulk-cancel').click();
      await bulk.batchState('cancelled');
    } finally {
      await practice.fault('createPaymentLink', null);
    }
    const batch = page.getByTestId('bulk-batch');
    expect(await page.getByTestId('bulk-status').textContent()).toMatch(/[12] waiting/);
    // Nothing asked above Resume: the batch has its addresses, and says them.
    expect(await batch.getByLabel(/^Success URL/).count()).toBe(0);
    expect(await batch.getByTestId('bulk-batch-urls').textContent()).toBe('This batch’s customers go to https://souq.example/paid after paying, or to https://souq.example/not-paid if the payment does not go through.');
    expect(await axeViolations(page)).toEqual([]);
    await session.screenshot('bulk-kept-addresses-cancelled-en');
    await settings.chooseLanguage('ar');
    await expect.poll(() => batch.getByTestId('bulk-batch-urls').textContent()).toBe('يذهب عملاء هذه المجموعة إلى \u2066https://souq.example/paid\u2069 بعد الدفع، أو إلى \u2066https://souq.example/not-paid\u2069 إذا لم يتم الدفع.');
    await session.screenshot('bulk-kept-addresses-cancelled-ar');
    await settings.chooseLanguage('en');

    await page.getByTestId('bulk-resume').click();
    await bulk.batchState('done');
    expect(await page.getByTestId('bulk-status').textContent()).toContain('3 created, 0 not created, 0 unknown, 0 waiting, of 3');
    const sent = (await practice.records()).filter((r) => r.operation === 'createPaymentLink' && r.orderId?.startsWith('W28-')).map((r) => r.orderId).sort();
    expect(sent).toEqual(['W28-1', 'W28-2', 'W28-3']); // each exactly once
    expect(await batch.getByTestId('bulk-batch-urls').textContent()).toContain('https://souq.example/paid');
    // The profile kept none (the box was unticked): the next batch asks again.
    await bulk.choose('next.csv', header + 'W28-4,10,SAR,Tea,Sara Ahmed,sara@example.com,+966501112233,,\r\n');
    expect(await page.getByTestId('bulk-preview').getByLabel(/^Success URL/).count()).toBe(1);
  });
});
