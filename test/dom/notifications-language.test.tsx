// An in-app notification (a watched link paid) follows the person's language: one that came while
// the page was in English reads in Arabic once they switch, not in the words it arrived with.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import type { PaydeskApi } from '../../contract/methods';

let hear: (event: AppEvent) => void = () => undefined;
window.paydesk = new Proxy({}, {
  get: (_t, name: string) => (name === 'subscribe' ? (listener: typeof hear) => ((hear = listener), () => undefined) : async () => ({ ok: true, value: {} })),
}) as PaydeskApi;
const { Notifications } = await import('../../renderer/src/app/notifications');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('words a notification again in the language the person switches to', () => {
  render(<Notifications />);
  act(() => hear({ type: 'notification', seq: 1, level: 'info', message: 'Payment link WATCH-1 was paid: 33.00 SAR.', reason: { key: 'notify.linkPaid', values: { orderId: 'WATCH-1', amount: '33.00 SAR' } } } as AppEvent));
  expect(screen.getByTestId('notifications').textContent).toContain('Payment link WATCH-1 was paid: 33.00 SAR.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('notifications').textContent).toContain('دُفع رابط الدفع WATCH-1: 33.00 SAR.');
  expect(screen.getByTestId('notifications').textContent).not.toContain('was paid');
});
