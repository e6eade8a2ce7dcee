// What the invoice panel says of an issued invoice as its payment stands: it said "Issued" once
// paid and refunded too. Paid, refunded (its credit notes listed below), a refund made outside
// Paydesk without a credit note, not paid yet, expired: in English and Arabic. The document's title
// is not the panel's business (a simplified tax invoice stays one).
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import type { InvoiceView } from '../../contract/methods/invoices';
import { stubMain } from '../support/stub-main';

stubMain();
const { InvoicePanel } = await import('../../renderer/src/features/invoices/invoice-panel');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const note = { id: 'c1', number: 'CN-000001', operationId: 'o1', amountMinor: 2300, netMinor: 2000, vatMinor: 300, breakdown: [], reason: null, issuedAt: '2026-11-21T10:00:00.000Z' };
const invoice = (paymentState: InvoiceView['paymentState'], creditNotes: InvoiceView['creditNotes'] = [], state: InvoiceView['state'] = 'issued'): InvoiceView => ({
  id: 'i1', number: 'INV-000001', paymentId: 'p1', orderId: 'A-1', currency: 'SAR', state, paymentState, pricesIncludeVat: false, language: 'both',
  netMinor: 10000, vatMinor: 1500, totalMinor: 11500, issuedAt: '2026-11-20T10:00:00.000Z', lines: [], breakdown: [], zatcaQr: '', creditNotes,
});

/** The state's words, before the total that follows them. */
const stateSaid = () => screen.getByTestId('invoice-state').textContent!.split(' · ')[0];

it.each([
  ['paid', [], 'Paid', 'مدفوعة'],
  ['partially_refunded', [note], 'Paid, partly refunded: its credit notes are below', 'مدفوعة ومستردة جزئيًا: إشعاراتها الدائنة أدناه'],
  ['refunded', [note], 'Refunded: its credit notes are below', 'مستردة: إشعاراتها الدائنة أدناه'],
  ['refunded', [], 'Refunded outside Paydesk: no credit note was issued for it', 'مستردة خارج بايدسك: لم يصدر عن ذلك إشعار دائن'],
  ['partially_refunded', [], 'Paid, partly refunded outside Paydesk: no credit note was issued for it', 'مدفوعة ومستردة جزئيًا خارج بايدسك: لم يصدر عن ذلك إشعار دائن'],
  ['pending', [], 'Issued, not paid yet', 'صادرة، لم تُدفع بعد'],
  ['expired', [], 'Issued, not paid: the link has expired', 'صادرة، لم تُدفع: انتهت صلاحية الرابط'],
  ['unknown', [], 'Issued', 'صادرة'],
] as const)('an issued invoice whose payment is %s with %j credit notes says “%s”, and in Arabic “%s”', (paymentState, notes, english, arabic) => {
  render(<InvoicePanel invoice={invoice(paymentState, [...notes])} />);
  expect(stateSaid()).toBe(english);
  expect(screen.queryAllByTestId('credit-note')).toHaveLength(notes.length);
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(stateSaid()).toBe(arabic);
});

it('says a number is held, or not issued, whatever the payment: the invoice\'s own state comes first', () => {
  render(<InvoicePanel invoice={invoice('creating', [], 'reserved')} />);
  expect(stateSaid()).toBe('Number reserved: waiting for the link’s outcome');
  cleanup();
  render(<InvoicePanel invoice={invoice('not_created', [], 'not_issued')} />);
  expect(stateSaid()).toBe('Not issued: the link was not created (the number stays with this order)');
});
