// A payment's detail offers "Copy" beside its order id (the title) and its transaction id: one press
// puts the whole id on the clipboard (support triple-clicked the title, cut with an ellipsis when
// long, and pressed Ctrl+C, unsure all of it was copied). "Copied" is said in place and announced
// once a press, and the button's name follows ("Copied the order reference": it stayed "Copy the order reference",
// so a screen reader on the button heard the old name); a refused clipboard is said, and the id is left selected so Ctrl+C copies it. English and Arabic;
// main is a stub. Chromium's real clipboard: test/e2e/detail-copy-ids.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import type { PaymentView } from '../../contract/methods/payments';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let payment: PaymentView = cardSale();
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { copiedShownMs } = await import('../../renderer/src/ui/copy-button');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const copied: string[] = [];
const clipboard = (allowed: boolean) => Object.defineProperty(navigator, 'clipboard', {
  configurable: true,
  value: { writeText: async (text: string) => (allowed ? void copied.push(text) : Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))) },
});

afterEach(() => {
  cleanup();
  copied.length = 0;
  window.getSelection()?.removeAllRanges();
  act(() => useLanguage.getState().setLanguage('en'));
});

// An id longer than a 600 px window's title (cut there with an ellipsis, test/e2e/detail-copy-ids.test.ts).
const longOrderId = 'SHOPIFY_ORDER_20261129_0000012345_BRANCH_RIYADH_KINGDOM_CENTRE';
const transactionId = 'TRX-8f2c41d0-5b7e-4a9c-9e21-0c6d3b7a9f15';

async function openDetail(language: 'en' | 'ar' = 'en', over: Partial<PaymentView> = {}) {
  act(() => useLanguage.getState().setLanguage(language));
  payment = cardSale({ orderId: longOrderId, transactionId, ...over });
  render(<PaymentDetailPanel paymentId={payment.id} onClose={() => undefined} />);
  return screen.findByTestId('payment-detail');
}

/** Each time words come into the element's live region: what a screen reader announces. */
function announcements(status: HTMLElement): string[] {
  const said: string[] = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) if (node.textContent) said.push(node.textContent);
  }).observe(status, { childList: true, subtree: true, characterData: true });
  return said;
}

describe.each([
  ['en', 'Copy the order reference', 'Copy the transaction id', 'Copy', 'Copied', 'The clipboard was refused: the id is selected, press Ctrl+C to copy it.', 'Copied the order reference', 'Copied the transaction id'],
  ['ar', 'انسخ مرجع الطلب', 'انسخ رقم المعاملة', 'نسخ', 'تم النسخ', 'رُفض النسخ إلى الحافظة: الرقم محدد، اضغط Ctrl+C لنسخه.', 'تم نسخ مرجع الطلب', 'تم نسخ رقم المعاملة'],
] as const)('in %s', (language, copyOrder, copyTransaction, copyWord, copiedWord, refusedWords, copiedOrder, copiedTransaction) => {
  it('one press of the title\'s Copy puts the whole order id on the clipboard, and "Copied" is said and announced', async () => {
    clipboard(true);
    await openDetail(language);
    const button = screen.getByRole('button', { name: copyOrder });
    expect(button.textContent).toBe(copyWord);
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe(copiedWord));
    expect(copied).toEqual([longOrderId]);
    expect(screen.getByTestId('copy-order-id-status').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('copy-order-id-status').textContent).toBe(copiedWord);
  });

  it('the Transaction id row\'s Copy puts the transaction id on the clipboard', async () => {
    clipboard(true);
    await openDetail(language);
    fireEvent.click(screen.getByRole('button', { name: copyTransaction }));
    await waitFor(() => expect(screen.getByTestId('copy-transaction-id-status').textContent).toBe(copiedWord));
    expect(copied).toEqual([transactionId]);
  });

  it('names the button by what it shows: "Copied …" while "Copied" is on it, "Copy …" again after, one announcement a press', async () => {
    clipboard(true);
    await openDetail(language);
    const button = screen.getByTestId('copy-order-id');
    const said = announcements(screen.getByTestId('copy-order-id-status'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(button);
      await act(async () => undefined);
      expect(screen.getByRole('button', { name: copiedOrder }).textContent).toBe(copiedWord);
      expect(screen.getByRole('button', { name: copyTransaction })).toBeTruthy(); // the other id's button is untouched
      expect(said).toEqual([copiedWord]);

      // Pressed again while it says "Copied": said once more, and its name never went back to "Copy …" in between.
      const names: string[] = [];
      new MutationObserver(() => names.push(button.getAttribute('aria-label')!)).observe(button, { attributes: true, attributeFilter: ['aria-label'] });
      fireEvent.click(button);
      await act(async () => undefined);
      expect(said).toEqual([copiedWord, copiedWord]);
      expect(names).toEqual([]);

      await act(async () => void vi.advanceTimersByTime(copiedShownMs));
      expect(screen.getByRole('button', { name: copyOrder }).textContent).toBe(copyWord);
      expect(said).toEqual([copiedWord, copiedWord]); // going back says nothing
    } finally {
      vi.useRealTimers();
    }
    // The one live region of the press is the status: the button itself announces nothing.
    expect(button.closest('.copy-button')!.querySelectorAll('[role="status"], [role="alert"], [aria-live]')).toHaveLength(1);
    expect(button.hasAttribute('aria-live')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: copyTransaction }));
    expect(await screen.findByRole('button', { name: copiedTransaction })).toBeTruthy();
  });

  it('a refused clipboard is said, and the id is left selected so Ctrl+C copies it', async () => {
    clipboard(false);
    await openDetail(language);
    fireEvent.click(screen.getByRole('button', { name: copyOrder }));
    await waitFor(() => expect(screen.getByTestId('copy-order-id-status').textContent).toBe(refusedWords));
    expect(window.getSelection()?.toString()).toBe(longOrderId);
    expect(screen.getByRole('button', { name: copyOrder }).textContent).toBe(copyWord);

    fireEvent.click(screen.getByRole('button', { name: copyTransaction }));
    await waitFor(() => expect(screen.getByTestId('copy-transaction-id-status').textContent).toBe(refusedWords));
    expect(window.getSelection()?.toString()).toBe(transactionId);
  });
});

it('a payment with no transaction id yet offers no Copy for it (nothing to copy but a dash)', async () => {
  await openDetail('en', { transactionId: null, state: 'pending', capturedMinor: 0 });
  expect(screen.getByTestId('copy-order-id')).toBeTruthy();
  expect(screen.queryByTestId('copy-transaction-id')).toBeNull();
});
