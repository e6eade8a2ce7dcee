// Needs attention keeps its place: a payment opened from far down the list (to settle it by hand,
// or read it) and the way back by Alt+6 or the menu found the list's top, 17,000 px above, the
// keyboard on the title (the screen walk of 2026-12-01, 200 rows down on the 100,000 seed). Now
// the row left is brought into view with the keyboard on its Open, or, once it left the list, on
// the row that took its place.
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { stubMain } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

let queue = Array.from({ length: 30 }, (_, day) => {
  const orderId = `WAIT-${String(day).padStart(3, '0')}`;
  return paymentView({ id: orderId, orderId, state: 'unknown', needsAttention: true, attentionReason: 'unsettled', createdAt: new Date(Date.UTC(2025, 0, 1 + day)).toISOString() });
});
const main = stubMain({
  listNeedsAttention: attentionQueue(() => queue),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');

afterEach(cleanup);

const scrolled: string[] = [];
const scrollIntoView = vi.fn(function (this: HTMLElement) { scrolled.push(this.getAttribute('data-testid') ?? ''); });
const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollIntoView');
Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true, writable: true });
afterAll(() => {
  if (own) Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', own);
  else delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
});

async function openRow(orderId: string) {
  const view = render(<AttentionScreen />);
  const row = await screen.findByTestId(`attention-${orderId}`);
  await main.settled();
  fireEvent.click(within(row).getByRole('button', { name: 'Open' }));
  await main.settled();
  view.unmount();
}

it('back from a payment opened far down, the list shows that row with the keyboard on its Open', async () => {
  await openRow('WAIT-020');
  scrolled.length = 0;
  render(<AttentionScreen />);
  const row = await screen.findByTestId('attention-WAIT-020');
  await main.settled();
  expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Open' }));
  expect(scrolled).toEqual(['attention-WAIT-020']);
});

it('once the opened payment left the list, the keyboard is on the row that took its place; a later visit opens at the start', async () => {
  await openRow('WAIT-020');
  queue = queue.filter((p) => p.orderId !== 'WAIT-020'); // settled by hand in its detail
  scrolled.length = 0;
  const view = render(<AttentionScreen />);
  const next = await screen.findByTestId('attention-WAIT-021');
  await main.settled();
  expect(document.activeElement).toBe(within(next).getAllByRole('button')[0]);
  expect(scrolled).toEqual(['attention-WAIT-021']);
  view.unmount();

  scrolled.length = 0;
  render(<AttentionScreen />);
  await screen.findByTestId('attention-WAIT-021');
  await main.settled();
  expect(scrolled).toEqual([]);
  expect(document.activeElement?.closest('tr')).toBeNull();
});
