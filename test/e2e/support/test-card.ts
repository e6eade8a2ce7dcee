// The published test cards of the practice gateway (docs/practice-gateway.md), in the holder's name:
// 5123 4500 0000 0008 approved without a 3-D Secure challenge, 4111 1111 1111 1111 challenged.
import type { Page } from 'playwright-core';
import { callApi } from './practice-control';

export const approvedCard = (holder: string) => ({ number: '5123450000000008', holder, expiryMonth: '01', expiryYear: '2039', cvv: '100' });
const challengedCard = (holder: string) => ({ ...approvedCard(holder), number: '4111111111111111', cvv: '123' });

type Customer = { name: string; email: string; phone: string };
type SalePayment = { id: string; orderId: string; state: string; transactionId: string };
export type CardSale = {
  /** Left out, main makes one (PD-…). */
  orderId?: string;
  amount: string;
  currency: string;
  holder: string;
  customer: Customer;
  authOnly?: boolean;
  /** The card saved for repeat charges. */
  recurringInit?: boolean;
  /** 'challenge': the sale waits for 3-D Secure ("Awaiting verification"). */
  card?: 'approve' | 'challenge';
};

/** A card sale (or, with authOnly, an authorisation) on a test card through main's own call, as Card payment sends it; main's payment. */
export async function cardSale<P = SalePayment>(page: Page, sale: CardSale): Promise<P> {
  const { holder, authOnly = false, card = 'approve', ...rest } = sale;
  const { payment } = await callApi<{ payment: P }>(page, 'chargeCard', { ...rest, card: (card === 'approve' ? approvedCard : challengedCard)(holder), authOnly });
  return payment;
}

/** Card payment's form typed as staff type it, on the approved test card (Mariam Qasim's), then sent: the screen's own path, not main's call. */
export async function typeCardPayment(page: Page, sale: { amount: string; orderId?: string; holder?: string }) {
  await page.getByTestId('nav-terminal').click();
  if (sale.orderId) await page.locator('#terminal-orderId').fill(sale.orderId);
  await page.locator('#terminal-amount').fill(sale.amount);
  await page.locator('#terminal-card-number').fill('5123 4500 0000 0008');
  await page.locator('#terminal-card-holder').fill(sale.holder ?? 'Mariam Qasim');
  await page.locator('#terminal-card-expiryMonth').selectOption('01');
  await page.locator('#terminal-card-expiryYear').selectOption('2039');
  await page.locator('#terminal-card-cvv').fill('100');
  await page.getByTestId('terminal-form').getByLabel('Customer name').fill('Mariam Qasim');
  await page.locator('#terminal-customer-email').fill('mariam@example.com');
  await page.locator('#terminal-customer-phone').fill('+966501234567');
  await page.getByTestId('terminal-submit').click();
}
