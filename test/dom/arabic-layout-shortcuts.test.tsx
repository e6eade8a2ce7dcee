// The keyboard shortcuts work with an Arabic keyboard layout: there the R key types "ق", the C
// key "ؤ", / types "ظ" and Alt with a digit may give an Arabic-Indic digit, and the shortcuts
// (r refund, c capture, v void, s status, j/k rows, / search, Alt+digit screens, Alt+L language) did nothing.
// The events carry what Chromium sends for that layout: the typed character and the physical key.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let payment = cardSale();
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { Navigation } = await import('../../renderer/src/app/navigation');
const { Header } = await import('../../renderer/src/app/header');
const { languagePickerName } = await import('../../renderer/src/app/language-picker');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(cleanup);

/** A key pressed on an Arabic (101) layout: the character it types and the physical key. */
const arabicKey = (key: string, code: string, extra: KeyboardEventInit = {}) => fireEvent.keyDown(window, { key, code, ...extra });

describe('shortcuts on an Arabic keyboard layout', () => {
  it('opens the refund dialog with the R key ("ق") and the capture dialog with the C key ("ؤ")', async () => {
    payment = cardSale();
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    await screen.findByTestId('action-refund');
    arabicKey('ق', 'KeyR');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByTestId('action-send').textContent).toMatch(/^Refund/);
    cleanup();
    payment = cardSale({ state: 'authorised', authOnly: true, capturedMinor: 0 });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    await screen.findByTestId('action-capture');
    arabicKey('ؤ', 'KeyC');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByTestId('action-send').textContent).toMatch(/^Capture/);
  });

  it('takes the keyboard to the search with the / key ("ظ")', () => {
    render(<FilterBar />);
    arabicKey('ظ', 'Slash');
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
  });

  it('opens Transactions with Alt and the 5 key, an Arabic-Indic "٥"', () => {
    act(() => useNavigation.getState().go('home'));
    render(<Navigation />);
    arabicKey('٥', 'Digit5', { altKey: true });
    expect(useNavigation.getState().screen).toBe('transactions');
  });

  it('takes the keyboard to the language with Alt and the L key ("م"), its shortcut named on the picker', () => {
    render(<Header />);
    const picker = screen.getByRole('combobox', { name: languagePickerName });
    arabicKey('م', 'KeyL', { altKey: true });
    expect(document.activeElement).toBe(picker);
    expect(picker.getAttribute('aria-keyshortcuts')).toBe('Alt+L');
  });

  it('still reads a typed ASCII key as typed: Shift with the / key types "?", not a search', () => {
    payment = cardSale();
    render(<FilterBar />);
    arabicKey('?', 'Slash', { shiftKey: true });
    expect(document.activeElement).not.toBe(screen.getByRole('searchbox'));
  });
});
