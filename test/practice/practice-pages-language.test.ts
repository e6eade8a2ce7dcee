// The practice gateway's customer pages in the customer's language, over real HTTP: Arabic for a
// browser that asks for it (right to left, the amount as Paydesk shows it, card fields left to
// right), English otherwise, a switch to the other language that keeps the page's state, and the
// test cards, a decline and 3-D Secure carried through to the result page in the chosen language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { pageLanguage } from '../../main/practice/page-words';
import { formatAmount } from '../../renderer/src/i18n/format';
import { challengeCard, newOrderId, redirects, startTestGateway, testCustomer } from '../support/practice';

const client = createGatewayClient({ logger: createMemoryLogger() });
let env: Awaited<ReturnType<typeof startTestGateway>>;
beforeAll(async () => {
  env = await startTestGateway();
});
afterAll(() => env.gateway.close());

const origin = () => new URL(env.gateway.baseUrl).origin;
const get = async (address: string, acceptLanguage?: string) =>
  (await fetch(new URL(address, origin()), { headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} })).text();
const form = (path: string, fields: Record<string, string>, acceptLanguage?: string) =>
  fetch(`${origin()}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual', headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} });
/** The page's own result page, as the app's practice profile sets it when the user gave none. */
const ownResultPages = () => ({ successUrl: `${origin()}/done?result=success`, failureUrl: `${origin()}/done?result=failure` });
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');
const switchHref = (html: string, to: 'en' | 'ar') => attribute(html, new RegExp(`<a href="([^"]+)" lang="${to}" hreflang="${to}">`));
const fillInHref = (html: string, outcome: string) => attribute(html, new RegExp(`<a href="([^"]*testCard=${outcome}[^"]*)">`));

async function link(minor = 15_000, urls: { successUrl: string; failureUrl: string } = ownResultPages()) {
  const orderId = newOrderId('INV');
  const made = await client.createPaymentLink(env.conn, { orderId, amount: { minor, currency: 'SAR' }, description: 'Invoice 12', customer: testCustomer, ...urls });
  if (!made.ok) throw new Error(made.error.message);
  const url = new URL(made.value.url);
  return { orderId, url: url.href, linkId: url.searchParams.get('linkId')! };
}

describe('the page language', () => {
  it.each([
    [null, 'ar', 'ar'],
    [null, 'ar-SA,ar;q=0.9,en-US;q=0.8,en;q=0.7', 'ar'],
    [null, 'fr-FR, ar;q=0.8, en;q=0.5', 'ar'],
    [null, 'en;q=0.4, ar-EG', 'ar'],
    [null, 'en-GB,en;q=0.9,ar;q=0.8', 'en'],
    [null, 'ar;q=0, en;q=0.1', 'en'],
    [null, 'fr', 'en'],
    [null, undefined, 'en'],
    ['en', 'ar', 'en'],
    ['ar', 'en', 'ar'],
    ['xx', 'ar', 'ar'],
  ])('lang=%s with Accept-Language %s reads %s', (lang, accept, expected) => {
    expect(pageLanguage(new URLSearchParams(lang ? { lang } : {}), accept)).toBe(expected);
  });
});

describe('a payment link page', () => {
  it('is in Arabic, right to left, for a browser that asks for Arabic, its amount as Paydesk shows it and its card fields left to right', async () => {
    const { url, orderId } = await link(15_000);
    const html = await get(url, 'ar-SA,ar;q=0.9');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain(`<bdi dir="ltr">${formatAmount(15_000, 'SAR', 'ar')}</bdi>`);
    expect(formatAmount(15_000, 'SAR', 'ar')).toContain('150.00'); // Latin digits, two decimals
    expect(html).toContain(`الطلب <bdi dir="ltr">${orderId}</bdi>`);
    for (const words of ['رقم البطاقة', 'الاسم على البطاقة', 'رمز الأمان', 'بطاقات الاختبار', 'بوابة التدريب', '>ادفع</button>']) expect(html).toContain(words);
    for (const field of ['cardNumber', 'expiry', 'cvv']) expect(html).toMatch(new RegExp(`<input id="${field}" name="${field}" dir="ltr"`));
    expect(html).not.toMatch(/Card number|Pay<|Test cards/);
  });

  it('is in English for a browser that asks for English or nothing, with the amount as Paydesk shows it', async () => {
    const { url } = await link(15_000);
    for (const accept of ['en-GB,en;q=0.9', undefined]) {
      const html = await get(url, accept);
      expect(html).toMatch(/<html lang="en" dir="ltr">/);
      expect(html).toContain(formatAmount(15_000, 'SAR', 'en'));
      expect(html).toContain('>Pay</button>');
    }
  });

  it('switches language by a visible link that keeps the page and its filled-in test card', async () => {
    const { url, linkId } = await link();
    const english = await get(url, 'en');
    expect(english).toContain('<span lang="en" aria-current="true">English</span> / <a ');
    const filled = await get(fillInHref(english, 'approve')!.replace(/^\?/, `/link?`), 'en');
    expect(filled).toContain('value="5123 4500 0000 0008"');
    const toArabic = switchHref(filled, 'ar')!;
    expect(Object.fromEntries(new URLSearchParams(toArabic))).toEqual({ linkId, lang: 'ar', testCard: 'approve' });
    const arabic = await get(`/link${toArabic}`, 'en'); // the choice wins over the browser's
    expect(arabic).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic).toContain('value="5123 4500 0000 0008"');
    expect(arabic).toContain('<input type="hidden" name="lang" value="ar">'); // the next page stays Arabic
    expect(Object.fromEntries(new URLSearchParams(switchHref(arabic, 'en')!))).toEqual({ linkId, lang: 'en', testCard: 'approve' });
  });

  it('pays with the approved test card in Arabic and ends on the Arabic result page', async () => {
    const { url, orderId, linkId } = await link();
    const filled = await get(`/link${fillInHref(await get(url, 'ar'), 'approve')}`, 'ar');
    const field = (name: string) => attribute(filled, new RegExp(`id="${name}"[^>]* value="([^"]+)"`))!;
    const paid = await form('/link', { linkId, lang: 'ar', cardNumber: field('cardNumber'), cardHolder: field('cardHolder'), expiry: field('expiry'), cvv: field('cvv') }, 'en');
    const done = new URL(paid.headers.get('location')!);
    expect(done.pathname).toBe('/done');
    expect(done.searchParams.get('lang')).toBe('ar');
    const result = await get(done.href, 'en');
    expect(result).toMatch(/<html lang="ar" dir="rtl">/);
    expect(result).toContain('<h1>تم الدفع</h1>');
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
    expect(await get(url, 'ar')).toContain('تم هذا الدفع من قبل.');
    // Paid again: the refused page's switch keeps the link, never a card field.
    const again = await (await form('/link', { linkId, lang: 'ar', cardNumber: '5123450000000008', cardHolder: 'X', expiry: '01/39', cvv: '100' })).text();
    expect(again).toContain('تم هذا الدفع من قبل.');
    expect(Object.fromEntries(new URLSearchParams(switchHref(again, 'en')!))).toEqual({ linkId, lang: 'en' });
    expect(again).not.toContain('5123450000000008');
  });

  it('declines the decline card in Arabic, to the Arabic result page', async () => {
    const { url, linkId, orderId } = await link();
    await get(url, 'ar');
    const declined = await form('/link', { linkId, lang: 'ar', cardNumber: '4000 0000 0000 0002', cardHolder: 'TEST CARD', expiry: '01/39', cvv: '123' });
    const done = new URL(declined.headers.get('location')!);
    expect(done.searchParams.get('result')).toBe('failure');
    expect(await get(done.href)).toContain('<h1>لم يكتمل الدفع</h1>');
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'declined' } });
  });

  it('runs 3-D Secure in Arabic: the challenge page and its result stay in the chosen language', async () => {
    const { linkId, orderId } = await link();
    const toChallenge = await form('/link', { linkId, lang: 'ar', cardNumber: '4111 1111 1111 1111', cardHolder: 'TEST CARD', expiry: '01/39', cvv: '123' }, 'en');
    const challengeAddress = toChallenge.headers.get('location')!;
    expect(challengeAddress).toMatch(/^\/challenge\?id=[^&]+&lang=ar$/);
    const challenge = await get(challengeAddress, 'en');
    expect(challenge).toMatch(/<html lang="ar" dir="rtl">/);
    expect(challenge).toContain('رمز التحقق لمرة واحدة');
    expect(challenge).toContain('للتدريب: 123456');
    expect(challenge).toMatch(/<input id="otp" name="otp" dir="ltr"/);
    const challengeId = attribute(challenge, /name="challengeId" value="([^"]+)"/)!;
    const done = await form('/challenge', { challengeId, otp: '123456', lang: 'ar' }, 'en');
    expect(await get(done.headers.get('location')!, 'en')).toContain('<h1>تم الدفع</h1>');
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
  });

  it('adds no language to a merchant\'s own success URL (the interface names no such field)', async () => {
    const { linkId } = await link(500, redirects);
    const paid = await form('/link', { linkId, lang: 'ar', cardNumber: '5123 4500 0000 0008', cardHolder: 'TEST CARD', expiry: '01/39', cvv: '100' });
    const landed = new URL(paid.headers.get('location')!);
    expect(landed.origin + landed.pathname).toBe(redirects.successUrl);
    expect(landed.searchParams.has('lang')).toBe(false);
  });

  it('answers an unknown page in Arabic too', async () => {
    const html = await get('/link?linkId=nope', 'ar');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('لا توجد صفحة دفع بهذا العنوان');
  });
});

// A card payment's challenge (the S2S sale's `html`, framed unmodified by the app) was English only.
// The sale names no language, so its document goes to the challenge page by address, whose GET
// carries the browser's Accept-Language and whose switch keeps the challenge (docs/practice-gateway.md).
describe('a card payment\'s 3-D Secure challenge', () => {
  async function challengeSale() {
    const orderId = newOrderId('TERM');
    const sale = await client.sale(env.conn, { orderId, amount: { minor: 9_900, currency: 'SAR' }, authOnly: false, card: challengeCard, customer: testCustomer, ...redirects });
    if (!sale.ok || !sale.value.html) throw new Error('expected a challenge');
    const html = sale.value.html;
    const action = attribute(html, /<form method="get" action="([^"]+)">/)!;
    const id = attribute(html, /<input type="hidden" name="id" value="([^"]+)">/)!;
    return { orderId, html, address: `${action}?${new URLSearchParams({ id })}` };
  }

  it('opens in Arabic, right to left, for a browser that asks for Arabic, with a switch to English that keeps the challenge', async () => {
    const { html, address } = await challengeSale();
    expect(html).toContain('<script>document.forms[0].submit()</script>'); // at once, without a click
    expect(html).toContain('<span lang="ar" dir="rtl">متابعة إلى التحقق</span>'); // the button without scripts, in both languages
    expect(html).toContain('<span lang="en" dir="ltr">Continue to the verification</span>');
    expect(html).not.toContain('Verify your payment');
    const arabic = await get(address, 'ar-SA,ar;q=0.9,en;q=0.8');
    expect(arabic).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic).toContain('<h1>تحقق من عملية الدفع</h1>');
    expect(arabic).toContain('<label for="otp">رمز التحقق لمرة واحدة</label>');
    expect(arabic).toMatch(/<input id="otp" name="otp" dir="ltr"/);
    const english = await get(new URL(switchHref(arabic, 'en')!, address).href, 'ar');
    expect(english).toMatch(/<html lang="en" dir="ltr">/);
    expect(english).toContain('<label for="otp">One-time code</label>');
    expect(attribute(english, /name="challengeId" value="([^"]+)"/)).toBe(attribute(arabic, /name="challengeId" value="([^"]+)"/));
  });

  it('opens in English for a browser that asks for English, and the code typed in Arabic pays', async () => {
    const { orderId, address } = await challengeSale();
    expect(await get(address, 'en-GB,en;q=0.9')).toContain('<h1>Verify your payment</h1>');
    const arabic = await get(address, 'ar');
    const challengeId = attribute(arabic, /name="challengeId" value="([^"]+)"/)!;
    const done = await form('/challenge', { challengeId, otp: '123456', lang: 'ar' }, 'ar');
    const landed = new URL(done.headers.get('location')!);
    expect(landed.origin + landed.pathname).toBe(redirects.successUrl); // the merchant's own page, no language added
    expect(landed.searchParams.has('lang')).toBe(false);
    expect(await client.status(env.conn, { orderId })).toMatchObject({ ok: true, value: { state: 'paid' } });
  });
});

// Run by Paydesk, the gateway's 3-D Secure page is shown in Paydesk's own frame (the preview) or
// window (Electron), never in a customer's browser: it follows Paydesk's language, which the preview's
// browser may not ask for (an Arabic Paydesk in an English Chromium framed the challenge in English).
// The sale still names no language and its `html` is the same; the switch still wins; the pay pages a
// customer opens still follow their browser (docs/practice-gateway.md).
describe('the 3-D Secure page of a practice gateway Paydesk runs', () => {
  let hosted: Awaited<ReturnType<typeof startTestGateway>>;
  let paydeskLanguage: 'en' | 'ar' = 'ar';
  beforeAll(async () => {
    hosted = await startTestGateway({ hostLanguage: () => paydeskLanguage });
  });
  afterAll(() => hosted.gateway.close());
  const hostedGet = async (address: string, acceptLanguage: string) => (await fetch(new URL(address, new URL(hosted.gateway.baseUrl).origin), { headers: { 'Accept-Language': acceptLanguage } })).text();

  it('reads in Paydesk’s language, not the browser’s, unless the page’s switch chose one; the sale’s html names none', async () => {
    const sale = await client.sale(hosted.conn, { orderId: newOrderId('TERM'), amount: { minor: 9_900, currency: 'SAR' }, authOnly: false, card: challengeCard, customer: testCustomer, ...redirects });
    if (!sale.ok || !sale.value.html) throw new Error('expected a challenge');
    const html = sale.value.html;
    expect(html).not.toMatch(/name="lang"|lang=(en|ar)&|[?&]lang=/); // the interface's html carries no language
    const id = attribute(html, /<input type="hidden" name="id" value="([^"]+)">/)!;
    const address = `/challenge?${new URLSearchParams({ id })}`;
    paydeskLanguage = 'ar';
    const arabic = await hostedGet(address, 'en-US,en;q=0.9');
    expect(arabic).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic).toContain('<h1>تحقق من عملية الدفع</h1>');
    expect(arabic).toContain('<input type="hidden" name="lang" value="ar">'); // its result follows it
    paydeskLanguage = 'en';
    expect(await hostedGet(address, 'ar-SA,ar')).toContain('<h1>Verify your payment</h1>');
    expect(await hostedGet(`${address}&lang=ar`, 'en')).toContain('<h1>تحقق من عملية الدفع</h1>'); // the switch
  });

  it('leaves a customer’s pay page to the customer’s browser', async () => {
    paydeskLanguage = 'ar';
    const made = await client.createPaymentLink(hosted.conn, { orderId: newOrderId('INV'), amount: { minor: 15_000, currency: 'SAR' }, description: 'Invoice 12', customer: testCustomer, ...redirects });
    if (!made.ok) throw new Error(made.error.message);
    expect(await hostedGet(made.value.url, 'en-GB,en')).toMatch(/<html lang="en" dir="ltr">/);
  });
});
