// The language of the customers' messages (the share panel's payment request, the receipt panel's
// receipt, Bulk links' CSV) follows the app's until the person chooses one there, then keeps theirs.
// It was set from the app's when the screen opened: switching the app to Arabic on Bulk links left
// the customers' messages in English. One rule, in the shared box (useMessageLanguage).
import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactElement } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { BulkBatchView } from '../../contract/methods/bulk';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';

// A batch that made links: Recent batches offers their CSV, and the box beside it.
const batch: BulkBatchView = {
  id: 'b1', fileName: 'b1.csv', profileId: 'practice', state: 'done', total: 2, created: 2, failed: 0, unknown: 0, pending: 0,
  createdAt: '2026-11-24T10:00:00.000Z', updatedAt: '2026-11-24T10:05:00.000Z', runner: null, rows: [],
};
stubMain({ listBulkBatches: () => ({ ok: true, value: [batch] }) });
const { BulkScreen } = await import('../../renderer/src/features/get-paid/bulk-screen');
const { SharePanel } = await import('../../renderer/src/features/get-paid/share-panel');
const { ReceiptPanel } = await import('../../renderer/src/features/get-paid/receipt-panel');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const customer = { name: 'Sara', email: 'sara@example.com', phone: '+966501234567' };
const paidSale = paymentView({ id: 'SALE-1', orderId: 'PD-1', amountMinor: 15_000, capturedMinor: 15_000, cardMasked: '411111******1111', customer });
const link = { url: 'https://pay.example/l/1', orderId: 'PD-2', amountMinor: 15_000, currency: 'SAR' as const, description: null, customer };
const appIn = (language: 'en' | 'ar') => act(() => useLanguage.getState().setLanguage(language));

describe.each<[string, () => ReactElement, string]>([
  ['Bulk links', () => <BulkScreen />, 'bulk-message-language'],
  ['the share panel', () => <SharePanel item={link} />, 'share-language'],
  ['the receipt panel', () => <ReceiptPanel payment={paidSale} />, 'receipt-language'],
])("%s: the customers' messages' language", (_where, draw, testId) => {
  it("follows the app's language until the person chooses one, then keeps their choice", async () => {
    render(draw());
    const box = async () => (await screen.findByTestId(testId)) as HTMLSelectElement;
    expect((await box()).value).toBe('en');
    appIn('ar');
    expect((await box()).value).toBe('ar');
    appIn('en');
    expect((await box()).value).toBe('en');
    // Chosen: the app's language no longer moves it, either way.
    fireEvent.change(await box(), { target: { value: 'ar' } });
    appIn('ar');
    appIn('en');
    expect((await box()).value).toBe('ar');
  });
});
