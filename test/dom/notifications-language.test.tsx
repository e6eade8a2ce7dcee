// An in-app notification (a watched link paid) follows the person's language: one that came while
// the page was in English reads in Arabic once they switch, not in the words it arrived with; its
// amount reads as every other amount in the app in that language (the page's money formatter).
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain } from '../support/stub-main';

const main = stubMain({}, { otherwise: () => ({ ok: true, value: {} }) });
const { Notifications } = await import('../../renderer/src/app/notifications');
const { useLanguage } = await import('../../renderer/src/i18n');
const { formatAmount } = await import('../../renderer/src/i18n/format');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('words a notification again in the language the person switches to, its amount as the app words amounts', () => {
  render(<Notifications />);
  main.tell({ type: 'notification', seq: 1, level: 'info', message: 'Payment link WATCH-1 was paid: SAR 33.00.', reason: { key: 'notify.linkPaid', values: { orderId: 'WATCH-1', amountMinor: 3300, currency: 'SAR' } } } as AppEvent);
  const shown = () => screen.getByTestId('notifications').textContent;
  expect(shown()).toContain(`Payment link WATCH-1 was paid: ${formatAmount(3300, 'SAR', 'en')}.`);
  act(() => useLanguage.getState().setLanguage('ar'));
  // The Arabic app's amount (its currency's code after the digits, Latin digits), kept left to right as <Ltr> keeps amounts.
  expect(shown()).toContain(`دُفع رابط الدفع \u2066WATCH-1\u2069: \u2066${formatAmount(3300, 'SAR', 'ar')}\u2069.`);
  expect(formatAmount(3300, 'SAR', 'ar')).toBe('\u200f33.00\u00a0SAR');
  expect(shown()).not.toContain('was paid');
});

it('words a notification from an earlier Paydesk, its amount already worded, as before', () => {
  render(<Notifications />);
  main.tell({ type: 'notification', seq: 1, level: 'info', message: 'Payment link WATCH-1 was paid: 33.00 SAR.', reason: { key: 'notify.linkPaid', values: { orderId: 'WATCH-1', amount: '33.00 SAR' } } } as AppEvent);
  expect(screen.getByTestId('notifications').textContent).toContain('Payment link WATCH-1 was paid: 33.00 SAR.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('notifications').textContent).toContain('دُفع رابط الدفع \u2066WATCH-1\u2069: \u206633.00 SAR\u2069.'); // the worded amount kept, left to right
  expect(screen.getByTestId('notifications').textContent).not.toContain('was paid');
});

it('keeps an order id left to right inside the Arabic sentence: "#1001" is not read "1001#"', () => {
  render(<Notifications />);
  main.tell({ type: 'notification', seq: 1, level: 'warning', message: 'A refund on #1001 failed.', reason: { key: 'notify.refundFailed', values: { orderId: '#1001' } } } as AppEvent);
  act(() => useLanguage.getState().setLanguage('ar'));
  // Isolated left to right (LRI…PDI, as <Ltr> does on screens): the browser keeps "#" before the digits.
  expect(screen.getByTestId('notifications').querySelector('p')?.textContent).toBe('فشل استرداد على \u2066#1001\u2069.');
});
