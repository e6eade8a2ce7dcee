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
