// A send left open past two minutes (staleSendMinutes), as the screens show it over time
// (docs/screens-after-sale.md, "A send left open"):
// - the Transactions row says "refund left open" (since when in its hover text), where it said
//   "refund being sent" for hours;
// - a detail and a row drawn before the two minutes pass turn when they do, with nothing asked of
//   main again: the detail said "sue is doing a refund on this payment right now" until the payment changed;
// - in Arabic the person's name and the laptop's are isolated left to right and the moment as one
//   unit: "_omar.2" was drawn "omar.2_" and "2-front (old)" as "front (old)-2" in Chromium.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentDetail, paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

// The computer's clock in the tests below; the refund was sent `sentAgo` ms before it.
const now = new Date(2026, 10, 30, 10, 5, 0);
let sentAgo = 3 * 60_000;
let sentBy = 'sue';
let laptop = 'front-desk-2';
const sentAt = () => new Date(now.getTime() - sentAgo).toISOString();
const payment = (): PaymentView => paymentView({
  id: 'pay-open', orderId: 'OPEN-1', state: 'paid', amountMinor: 10_000, capturedMinor: 10_000, operationInFlight: true,
  openOperation: { kind: 'refund', outcome: 'sending', amountMinor: 5_000, sentAt: sentAt() },
});
const refund = () => ({
  id: 'op-1', kind: 'refund', amountMinor: 5_000, reason: 'Returned', osUser: 'sue-os', person: sentBy, laptop, outcome: 'sending', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: sentAt(), completedAt: null,
});
const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 1, totalExact: true, rows: [payment()] }) }),
  getPayment: () => ({ ok: true, value: unchecked({ ...paymentDetail(payment()), operations: [refund()] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo({ role: 'support' }) });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(now);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sentAgo = 3 * 60_000;
  sentBy = 'sue';
  laptop = 'front-desk-2';
  main.calls.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u200E\u200F\u2066-\u2069]/g, '').replace(/\u00A0/g, ' ').replace(/\s+/g, ' ').trim();
/** The row's state cell as read, and its hover text. */
const stateCell = () => {
  const cell = within(screen.getByTestId('tx-row-OPEN-1')).getAllByRole('gridcell')[4]!;
  return { read: plain(cell.textContent), hover: plain(cell.querySelector('.in-flight')?.getAttribute('title')) };
};
/** Main's answers drawn (the fake clock's timers run; its time does not move). */
const answered = () => act(() => vi.advanceTimersByTimeAsync(0));
const moment = (language: 'en' | 'ar') => (language === 'en' ? '30/11/2026 10:02' : '30/11/2026 10:02 ص');

describe.each([
  ['en', {
    leftOpen: 'Paid refund left open', sending: 'Paid refund being sent',
    hover: `Refund of SAR 50.00 sent at ${moment('en')}, no answer recorded since: the Paydesk that sent it may have stopped. Open the payment for who sent it and what settles it.`,
    rightNow: 'sue is doing a refund on this payment right now (team ledger). Wait for it to finish, then look again.',
    detail: /^Refund of SAR 50\.00 sent by sue at 30\/11\/2026 10:04 from laptop front-desk-2, no answer recorded since/,
  }],
  ['ar', {
    leftOpen: 'مدفوعة استرداد معلَّق بلا رد', sending: 'مدفوعة جارٍ إرسال الاسترداد',
    hover: `استرداد 50.00 SAR: أُرسل في ${moment('ar')}، ولم يُسجَّل أي رد منذ ذلك: ربما توقف بايدسك الذي أرسله. افتح الدفعة لمعرفة من أرسله وما الذي يحسمه.`,
    rightNow: /^sue .*الآن/,
    detail: /^استرداد 50\.00 SAR: أرسله sue في 30\/11\/2026 10:04 ص من الحاسوب front-desk-2، ولم يُسجَّل أي رد منذ ذلك/,
  }],
] as const)('in %s', (language, said) => {
  it('the list\'s row says a send is left open, since when on hover, not that it is being sent', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    await answered();
    expect(stateCell()).toEqual({ read: said.leftOpen, hover: said.hover });
  });

  it('the row turns when the two minutes pass while it is on screen, with nothing asked of main again', async () => {
    sentAgo = 60_000;
    act(() => useLanguage.getState().setLanguage(language));
    const { unmount } = render(<TransactionsScreen />);
    await answered();
    expect(stateCell()).toEqual({ read: said.sending, hover: '' });
    const asked = main.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(60_000)); // exactly two minutes: not past them yet
    expect(stateCell().read).toBe(said.sending);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(stateCell().read).toBe(said.leftOpen);
    expect(main.calls).toHaveLength(asked);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a payment\'s detail opened before the two minutes pass turns into the left-open sentence when they do', async () => {
    sentAgo = 60_000;
    act(() => useLanguage.getState().setLanguage(language));
    const { unmount } = render(<PaymentDetailPanel paymentId="pay-open" onClose={() => undefined} />);
    await answered();
    const line = () => plain(screen.getByTestId('detail-in-flight').textContent);
    const badge = () => plain(screen.getByTestId('payment-detail').querySelector('.in-flight')?.textContent);
    expect(line()).toMatch(said.rightNow);
    expect(badge()).toBe(said.sending.split(' ').slice(1).join(' '));
    const asked = main.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(60_001));
    expect(line()).toMatch(said.detail);
    expect(badge()).toBe(said.leftOpen.split(' ').slice(1).join(' '));
    expect(main.calls).toHaveLength(asked); // the clock's doing: getPayment was not asked again
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('in Arabic, the names and the moment inside the left-open sentence', () => {
  it('isolates the person and the laptop left to right and the moment as one unit of its own direction', async () => {
    sentBy = '_omar.2';
    laptop = '2-front (old)';
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<PaymentDetailPanel paymentId="pay-open" onClose={() => undefined} />);
    await answered();
    const text = screen.getByTestId('detail-in-flight').textContent!;
    const when = text.match(/في (\u2068[^\u2069]*\u2069) من/)?.[1];
    expect(plain(when)).toBe('30/11/2026 10:02 ص');
    expect(text).toContain('أرسله \u2066_omar.2\u2069 في');
    expect(text).toContain('من الحاسوب \u20662-front (old)\u2069،');
    expect(text).toContain('(اطلب ذلك من \u2066_omar.2\u2069)');
  });

  it('isolates them in the words Needs attention\'s row says too, and marks nothing in English', async () => {
    sentBy = '_omar.2';
    const { leftOpenWords } = await import('../../renderer/src/features/transactions/left-open');
    const { translate } = await import('../../renderer/src/i18n');
    const send = { kind: 'refund' as const, amountMinor: 5_000, sentAt: sentAt(), sentBy, laptop };
    const words = (language: 'en' | 'ar') => leftOpenWords((key, values) => translate(language, key, values), language, send, { amountMinor: 10_000, currency: 'SAR' });
    expect(words('ar')).toContain('أرسله \u2066_omar.2\u2069 في \u2068');
    expect(words('en')).not.toMatch(/[\u2066-\u2069]/);
  });
});
