// On the team ledger, a laptop's invoice copied in keeps its number in that laptop's own series
// (the team's series may hold the same number): its panel says so, and so does each of its credit
// notes, in English and Arabic; the team's own invoices say nothing of the kind.
import { afterEach, describe, expect, it } from 'vitest';
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

const invoice = (issuedOnLaptop: string | null): InvoiceView => ({
  id: 'i1', number: 'INV-000001', paymentId: 'p1', orderId: 'A-1', currency: 'SAR', state: 'issued', paymentState: 'partially_refunded', pricesIncludeVat: false, language: 'both',
  netMinor: 10000, vatMinor: 1500, totalMinor: 11500, issuedAt: '2026-11-20T10:00:00.000Z', issuedOnLaptop, lines: [], breakdown: [], zatcaQr: '',
  creditNotes: [{ id: 'c1', number: 'CN-000001', operationId: 'o1', amountMinor: 2300, netMinor: 2000, vatMinor: 300, breakdown: [], reason: null, issuedAt: '2026-11-21T10:00:00.000Z', issuedOnLaptop }],
});

describe('an invoice numbered on a laptop', () => {
  it('says whose series its number is in, in English and Arabic', () => {
    render(<InvoicePanel invoice={invoice('amal-laptop')} />);
    expect(screen.getByTestId('invoice-laptop').textContent).toBe('Numbered on the laptop “amal-laptop”, in its own series, and copied to the team ledger: the team’s own series may have the same number.');
    expect(screen.getByTestId('credit-note-laptop').textContent).toBe(' · numbered on the laptop “amal-laptop”');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('invoice-laptop').textContent).toBe('رُقّمت على الحاسوب «⁦amal-laptop⁩» ضمن سلسلة أرقامه الخاصة ثم نُسخت إلى سجل الفريق: قد يكون للرقم نفسه مثيل في سلسلة الفريق.');
    expect(screen.getByTestId('credit-note-laptop').textContent).toBe(' · رُقّم على الحاسوب «⁦amal-laptop⁩»');
  });

  it('is not said of the team’s own invoices', () => {
    render(<InvoicePanel invoice={invoice(null)} />);
    expect(screen.queryByTestId('invoice-laptop')).toBeNull();
    expect(screen.queryByTestId('credit-note-laptop')).toBeNull();
  });
});
