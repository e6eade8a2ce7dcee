// Bulk payment links in Chromium through the preview against the practice gateway: a file with
// good and bad rows is checked before anything is sent, the run is cancelled half way and
// resumed, and the practice gateway's records show every good row created exactly once. The
// template and the error report download. Both languages, axe-core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { openSession, type E2eSession } from './support/session';
import { axeViolations } from './support/axe';
import { practiceControl } from './support/practice-control';
import { BulkPage } from './pages/get-paid-page';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate\r\n';
const good = Array.from({ length: 8 }, (_, i) => `BULK-${i + 1},${i + 1}0.50,SAR,"Invoice ${i + 1}, March",Customer ${i + 1},c${i + 1}@example.com,+96650000${1000 + i},,`);
const bad = ['BULK-X1,10.505,SAR,Too many decimals,Bad One,bad@example.com,+966500009991,,', 'BULK-X2,10,SAR,No phone,Bad Two,bad2@example.com,0500,,', 'BULK-1,5,SAR,Duplicate id,Bad Three,bad3@example.com,+966500009993,,'];
const csv = '\uFEFF' + header + [...good.slice(0, 4), ...bad, ...good.slice(4)].join('\r\n') + '\r\n';

describe('bulk payment links', () => {
  let session: E2eSession;
  let app: BulkPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;

  beforeAll(async () => {
    session = await openSession();
    app = new BulkPage(session.page);
    await app.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(() => session?.close());

  it('downloads a template that the preview accepts', async () => {
    await app.openScreen('bulk');
    const [download] = await Promise.all([session.page.waitForEvent('download'), session.page.getByTestId('bulk-template').click()]);
    const template = readFileSync((await download.path())!, 'utf8');
    expect(template.startsWith('\uFEFForderId,amount,currency')).toBe(true);
    await app.choose('template.csv', template);
    expect(await app.previewRows(true).count()).toBe(1);
    expect(await axeViolations(session.page)).toEqual([]);
  });

  it('shows every bad row before sending, cancels half way, resumes, and creates no link twice', async () => {
    await app.choose('march.csv', csv);
    expect(await session.page.getByTestId('bulk-summary').textContent()).toBe('8 rows can be sent; 3 have problems and will not be sent.');
    expect(await app.previewRows(false).count()).toBe(3);
    const badText = await app.previewRows(false).allTextContents();
    expect(badText[0]).toMatch(/Amount \(amount\): SAR allows at most 2 decimals/);
    expect(badText[1]).toMatch(/Customer phone \(customerPhone\): .*international format/);
    expect(badText[2]).toMatch(/Order or invoice reference \(orderId\): This order reference is also on line 2/);
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-bulk-preview-en');

    await practice.fault('createPaymentLink', { latencyMs: 400 }); // slow enough to press Cancel half way
    await session.page.getByTestId('bulk-start').click();
    expect((await app.progress()).max).toBe(11); // the bad rows are in the batch too (never sent)
    await expect.poll(async () => Number(/(\d+) created/.exec((await session.page.getByTestId('bulk-status').textContent()) ?? '')?.[1]), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await session.page.getByTestId('bulk-cancel').click();
    await app.batchState('cancelled');
    const half = (await practice.records()).filter((r) => r.operation === 'createPaymentLink').length;
    expect(half).toBeGreaterThanOrEqual(3);
    expect(half).toBeLessThan(8);
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-bulk-cancelled-en');

    await practice.fault('createPaymentLink', null);
    await session.page.getByTestId('bulk-resume').click();
    await app.batchState('done');
    expect(await session.page.getByTestId('bulk-status').textContent()).toContain('8 created, 3 not created, 0 unknown, 0 waiting, of 11');
    const created = (await practice.records()).filter((r) => r.operation === 'createPaymentLink').map((r) => r.orderId).sort();
    expect(created).toEqual(good.map((_, i) => `BULK-${i + 1}`).sort()); // each exactly once

    const [download] = await Promise.all([session.page.waitForEvent('download'), session.page.getByTestId('bulk-report').click()]);
    const report = readFileSync((await download.path())!, 'utf8');
    expect(report.split('\r\n').filter(Boolean)).toHaveLength(4); // header and the three bad rows
    expect(report).toContain('BULK-X1');
    expect(report).toContain('Amount (amount): SAR allows at most 2 decimals.'); // worded by the page, in its language
    expect(await session.page.getByTestId('bulk-row-problems').locator('li').allTextContents()).toEqual([
      'Line 6: Amount (amount): SAR allows at most 2 decimals.',
      'Line 7: Customer phone (customerPhone): Enter the phone number in international format, starting with + and the country code.',
      'Line 8: Order or invoice reference (orderId): This order reference is also on line 2.',
    ]);
    await session.screenshot('get-paid-bulk-done-en');

    // Where the links are, one click away (the batch said only "Done · 8 created").
    expect(await session.page.getByTestId('bulk-created-next').textContent()).toMatch(/^The 8 links created are in Payment links/);
    await session.page.getByRole('button', { name: 'Open Payment links' }).click();
    await app.linkRow('BULK-8').waitFor();
    // Alt+8 means "new" there too: nothing chosen, the keyboard on the file field (Space opens the chooser).
    await session.page.keyboard.press('Alt+8');
    await expect.poll(() => session.page.evaluate(() => document.activeElement?.id)).toBe('bulk-file');
    expect(await session.page.getByTestId('bulk-batch').count()).toBe(0);
  });

  it('works in Arabic, right to left', async () => {
    await app.chooseLanguage('ar');
    await app.choose('march.csv', csv);
    expect(await session.page.getByTestId('bulk-summary').textContent()).toContain('فيها مشكلات');
    expect((await app.previewRows(false).allTextContents())[0]).toContain('مرجع الطلب هذا موجود في السجل من قبل.'); // created by the batch above
    expect(await axeViolations(session.page)).toEqual([]);
    await session.screenshot('get-paid-bulk-preview-ar');
    await app.chooseLanguage('en');
  });
});
