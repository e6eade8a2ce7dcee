// A refund the gateway refuses, in Arabic, in Chromium through the preview and the real practice
// gateway: the dialog says what happened and what to do in Arabic, and gives the gateway's own
// English words only after it, labelled «رد البوابة (بالإنجليزية): …» in an English, left-to-right
// element, so the Arabic line keeps its order and support still has the gateway's words
// (docs/decisions.md, "The gateway's words"; every other surface: test/dom/gateway-words-arabic.test.tsx).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { refuseNextRefund } from './support/practice-control';
import { TransactionsPage } from './pages/transactions-page';
import { cardSale } from './support/test-card';

const customer = { name: 'Noura Al-Shehri', email: 'noura@example.com', phone: '+966500000071' };
let session: E2eSession;
let tx: TransactionsPage;

beforeAll(async () => {
  session = await openSession();
  tx = new TransactionsPage(session.page);
  await tx.open(session.preview.url);
  await cardSale(session.page, { orderId: 'WORDS-REFUSED-1', amount: '40.00', currency: 'SAR', holder: 'NOURA AL-SHEHRI', customer });
  await refuseNextRefund(session.page, session.preview.dataDir);
  await tx.chooseLanguage('ar');
});
afterAll(() => session?.close());

it('says in Arabic that the gateway refused the refund, the gateway’s English words quoted and labelled beside it', async () => {
  await tx.pressRefund('WORDS-REFUSED-1', '10', 'مرتجع');
  const alert = tx.dialog.getByRole('alert');
  await alert.waitFor();
  const text = (await alert.textContent()) ?? '';
  expect(text).toMatch(/^رفضت البوابة عملية استرداد: /);
  expect(text).toContain('افحص حالتها الآن');
  expect(text).toContain('رد البوابة (بالإنجليزية): «');
  const quote = alert.locator('bdi[dir="ltr"][lang="en"]');
  expect(await quote.textContent()).toBe('\u2068Practice fault: error envelope\u2069');
  // The English is only in the quotation: our sentence before it is Arabic.
  expect(text.slice(0, text.indexOf('رد البوابة'))).not.toMatch(/[A-Za-z]/);
  // Drawn as one unit on the line, its «» around it.
  expect(await alert.locator('.quoted-words').textContent()).toBe('«\u2068Practice fault: error envelope\u2069».');
});
