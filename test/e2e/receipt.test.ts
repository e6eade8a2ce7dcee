// A receipt for the customer, in Chromium through the preview and the practice gateway: a KWD card
// sale approved at the terminal, its detail in Transactions offers "Send a receipt", whose e-mail
// and WhatsApp buttons carry the message (three decimals, the card's last four only); refunded in
// part, the same place offers "Send a refund confirmation". Presses counted from the sale's result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { GetPaidPage } from './pages/get-paid-page';
import { TransactionsPage } from './pages/transactions-page';

const customer = { name: 'Omar Saleh', email: 'omar@example.com', phone: '+965 5000 0002' };
const LRI = '\u2066';
const PDI = '\u2069';
/** What a mail program reads from the button's mailto: address (Intl's no-break space and bidi marks made plain). */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').replace(/[\u200e\u200f]/g, '');

describe('send a receipt', () => {
  let session: E2eSession;
  let tx: TransactionsPage;

  beforeAll(async () => {
    session = await openSession();
    await new GetPaidPage(session.page).open(session.preview.url);
    tx = new TransactionsPage(session.page);
  });
  afterAll(() => session?.close());

  it('is two presses from an approved sale to the e-mail with its receipt, and a refund confirmation after a refund', async () => {
    const page = session.page;
    await page.keyboard.press('Alt+4');
    await page.locator('#terminal-card-number').waitFor();
    await page.locator('#terminal-amount').fill('12.345');
    await page.locator('#terminal-currency').selectOption('KWD');
    await page.locator('#terminal-card-number').fill('5123 4500 0000 0008');
    await page.locator('#terminal-card-holder').fill('OMAR SALEH');
    await page.locator('#terminal-card-expiryMonth').selectOption('01');
    await page.locator('#terminal-card-expiryYear').selectOption('2039');
    await page.locator('#terminal-card-cvv').fill('100');
    await page.locator('#terminal-customer-name').fill(customer.name);
    await page.locator('#terminal-customer-email').fill(customer.email);
    await page.locator('#terminal-customer-phone').fill(customer.phone);
    await page.locator('#terminal-orderId').fill('RECEIPT-KWD-1');
    await page.getByTestId('terminal-submit').click();
    const result = page.getByTestId('sale-result');
    await result.locator('[data-testid="payment-state"][data-state="paid"]').waitFor();

    let presses = 0;
    await result.getByTestId('open-in-transactions').click(); presses++;
    await tx.detailState('paid');
    await tx.detail.getByRole('button', { name: 'Send a receipt' }).click(); presses++;
    const panel = tx.detail.getByTestId('receipt-panel');
    const email = new URL((await panel.getByTestId('receipt-email').getAttribute('href'))!);
    expect(email.protocol + email.pathname).toBe('mailto:omar%40example.com');
    expect(plain(email.searchParams.get('subject'))).toBe('Payment received: order RECEIPT-KWD-1');
    const body = 'Hello Omar Saleh, we have received your payment of KWD 12.345 for order RECEIPT-KWD-1, made with the card ending 0008. Thank you.';
    expect(plain(email.searchParams.get('body'))).toBe(body);
    const whatsapp = new URL((await panel.getByTestId('receipt-whatsapp').getAttribute('href'))!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/96550000002');
    expect(plain(whatsapp.searchParams.get('text'))).toBe(body);
    expect(decodeURIComponent(email.href + whatsapp.href)).not.toContain('512345'); // the card's first six stay in Paydesk
    expect(presses).toBe(2); // then "Send by e-mail" opens the mail program with it
    await session.screenshot('receipt-detail-en');

    await panel.getByTestId('receipt-language').selectOption('ar');
    const arabic = new URL((await panel.getByTestId('receipt-email').getAttribute('href'))!);
    expect(plain(arabic.searchParams.get('subject'))).toBe(`تم استلام الدفعة: الطلب ${LRI}RECEIPT-KWD-1${PDI}`);
    expect(plain(arabic.searchParams.get('body'))).toContain(`${LRI}12.345 KWD${PDI} عن الطلب ${LRI}RECEIPT-KWD-1${PDI}`);

    await tx.startAction('refund');
    await tx.fillAmount('2.345');
    await tx.dialog.getByLabel(/^Reason/).fill('One item returned');
    await tx.send();
    await tx.detailState('partially_refunded');
    // The open panel now words the refund, in the language chosen for the message.
    await tx.detail.getByRole('button', { name: 'Send a refund confirmation' }).waitFor();
    await panel.getByTestId('receipt-language').selectOption('en');
    const refund = new URL((await panel.getByTestId('receipt-email').getAttribute('href'))!);
    expect(plain(refund.searchParams.get('subject'))).toBe('Refund for order RECEIPT-KWD-1');
    expect(plain(refund.searchParams.get('body'))).toBe('Hello Omar Saleh, a refund of KWD 2.345 for order RECEIPT-KWD-1 has been sent to your card ending 0008. The remaining KWD 10.000 stays paid. Your bank may take a few days to show it.');
  });
});
