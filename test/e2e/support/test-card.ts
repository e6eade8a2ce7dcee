// The published test card the practice gateway approves without a 3-D Secure challenge
// (5123 4500 0000 0008, 01/39, CVV 100: docs/practice-gateway.md), in the holder's name.
import type { Page } from 'playwright-core';
import { callApi } from './practice-control';

export const approvedCard = (holder: string) => ({ number: '5123450000000008', holder, expiryMonth: '01', expiryYear: '2039', cvv: '100' });

type Customer = { name: string; email: string; phone: string };
type SaleAnswer = { payment: { id: string; state: string; transactionId: string } };

/** A card sale (or, with authOnly, an authorisation) on that card through main's own call, as Card payment sends it; main's payment. */
export async function cardSale(page: Page, sale: { orderId: string; amount: string; currency: string; holder: string; customer: Customer; authOnly?: boolean }) {
  const { holder, authOnly = false, ...rest } = sale;
  const { payment } = await callApi<SaleAnswer>(page, 'chargeCard', { ...rest, card: approvedCard(holder), authOnly });
  return payment;
}
