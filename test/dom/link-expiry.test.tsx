// An unpaid link's expiry on the links list (links walk, 2026-11-29: the list could not say when a
// link stops being payable). Under the state: "Expires 3 Dec" up to and on its day; after it the
// State stays Unpaid, as the gateway last said, and the line says "Past its expiry date, 28 Nov" (it
// said "Expired" under "Unpaid", a word the gateway had not said); nothing on a paid link or one
// whose date is not known. English and Arabic (Latin digits, the month named). main is a stub; the clock's date is fixed (Date only: the test's waits still run).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

const link = (orderId: string, state: PaymentView['state'], expiresOn: string | null) =>
  paymentView({ id: orderId, kind: 'link', orderId, amountMinor: 10_000, currency: 'SAR', state, capturedMinor: state === 'paid' ? 10_000 : 0, url: `http://127.0.0.1:9/link?linkId=${orderId}`, expiresOn });
const links = [
  link('INV-1', 'pending', '2026-12-03'), link('INV-2', 'pending', '2026-11-28'), link('INV-3', 'pending', '2026-11-29'),
  link('INV-4', 'paid', '2026-12-03'), link('INV-5', 'pending', null), link('INV-6', 'expired', '2026-11-20'),
  link('INV-7', 'pending', '2026-11-20'), link('INV-8', 'pending', '2026-11-30'),
];
const main = stubMain({
  listPaymentLinks: () => ({ ok: true, value: unchecked({ total: links.length, rows: links }) }),
  invoiceNumbers: () => ({ ok: true, value: {} }),
});
const { LinksList } = await import('../../renderer/src/features/get-paid/links-list');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: { defaultCurrency: 'SAR' } as never });

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 29, 23, 30)); // 29 Nov, late evening in the computer's own zone
});
afterAll(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const stateOf = (orderId: string) => document.querySelector(`[data-testid="link-row"][data-order-id="${orderId}"] [data-testid="payment-state"]`)?.textContent ?? null;
const expiryOf = (orderId: string) => document.querySelector(`[data-testid="link-row"][data-order-id="${orderId}"] [data-testid="link-expiry"]`)?.textContent ?? null;

// The days next to today in words (walk of 2026-12-01): a link payable for one more hour read
// "Expires 29 Nov", one whose last day was yesterday "Past its expiry date, 28 Nov".
describe.each([
  ['en', 'Expires 3 Dec', 'Unpaid', 'Its expiry date was yesterday, 28 Nov', 'Expires today, 29 Nov', 'Past its expiry date, 20 Nov', 'Expires tomorrow, 30 Nov'],
  ['ar', 'تنتهي في 3 ديسمبر', 'غير مدفوعة', 'كان تاريخ انتهائها أمس، 28 نوفمبر', 'تنتهي اليوم، 29 نوفمبر', 'تجاوزت تاريخ انتهائها، 20 نوفمبر', 'تنتهي غدًا، 30 نوفمبر'],
] as const)('a link\'s expiry in %s', (language, expires, unpaid, yesterday, expiresToday, pastExpiry, tomorrow) => {
  it('says when an unpaid link expires, that it has, and nothing otherwise', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<LinksList />);
    await waitFor(() => expect(expiryOf('INV-1')).toBe(expires));
    expect(expiryOf('INV-2')).toBe(yesterday); // past its day, the gateway's last answer unpaid
    expect(expiryOf('INV-7')).toBe(pastExpiry);
    expect(expiryOf('INV-8')).toBe(tomorrow);
    expect(stateOf('INV-2')).toBe(unpaid); // the state the gateway said, not one made up from the date
    expect(expiryOf('INV-3')).toBe(expiresToday); // payable through its day
    expect(expiryOf('INV-4')).toBeNull(); // paid
    expect(expiryOf('INV-5')).toBeNull(); // made without a date
    expect(expiryOf('INV-6')).toBeNull(); // its state already says Expired
  });
});

// The list open over midnight: "Expires 29 Nov" stayed until main's check redrew it (up to 5 minutes).
describe('a link whose expiry date ends while the list is open', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2026, 10, 29, 23, 59, 30)); // 30 seconds before midnight, the computer's own zone
  });
  afterEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 29, 23, 30));
  });

  it('says it is past its expiry date at midnight, with nothing asked of main, and leaves no timer once closed', async () => {
    const { unmount } = render(<LinksList />);
    await act(() => vi.advanceTimersByTimeAsync(0)); // the list's answer
    expect(expiryOf('INV-3')).toBe('Expires today, 29 Nov');
    const asked = main.calls.filter((c) => c.name === 'listPaymentLinks').length;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(expiryOf('INV-3')).toBe('Expires today, 29 Nov'); // still its day
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(expiryOf('INV-3')).toBe('Its expiry date was yesterday, 29 Nov');
    expect(expiryOf('INV-1')).toBe('Expires 3 Dec');
    expect(main.calls.filter((c) => c.name === 'listPaymentLinks')).toHaveLength(asked); // the clock's doing, not a reload
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
