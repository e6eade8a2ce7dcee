// "Paydesk lost its connection to the team ledger … reconnecting" is over once "connected to the
// team ledger … again" comes: the first is taken away, not left on screen above the second (a
// person read both and could not tell which was true). Other notifications stay.
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain } from '../support/stub-main';

const main = stubMain({}, { otherwise: () => ({ ok: true, value: {} }) });
const { Notifications } = await import('../../renderer/src/app/notifications');

afterEach(cleanup);

const said = (seq: number, level: 'info' | 'warning', key: string, values: Record<string, string | number>) =>
  ({ type: 'notification', seq, level, message: key, reason: { key, values } }) as AppEvent;

it('takes away "reconnecting" when "connected again" comes, and keeps the others', () => {
  render(<Notifications />);
  main.tell(said(1, 'info', 'notify.linkPaid', { orderId: 'WATCH-1', amountMinor: 3300, currency: 'SAR' }));
  main.tell(said(2, 'warning', 'teamLedger.reconnecting', { host: 'db.example' }));
  const shown = () => [...screen.getByTestId('notifications').querySelectorAll('p')].map((p) => p.textContent);
  expect(shown()).toHaveLength(2);
  expect(shown()[1]).toMatch(/lost its connection to the team ledger at db\.example/);
  main.tell(said(3, 'info', 'teamLedger.reconnected', { host: 'db.example' }));
  expect(shown()).toHaveLength(2);
  expect(shown()[0]).toMatch(/WATCH-1 was paid/);
  expect(shown()[1]).toBe('Paydesk is connected to the team ledger at db.example again.');
});

// walk40: "This computer's clock looks wrong" stays until dismissed; once the clock agrees again it
// is untrue, and was left above "agrees again".
it('takes away "the clock looks wrong" when "the clock agrees again" comes', () => {
  render(<Notifications />);
  main.tell(said(4, 'warning', 'clock.looksWrong', { source: 'gateway', host: 'gw.example', clockHere: '2026-12-04 10:00', clockThere: '2026-12-03 10:00' }));
  const shown = () => [...screen.getByTestId('notifications').querySelectorAll('p')].map((p) => p.textContent);
  expect(shown()).toHaveLength(1);
  expect(shown()[0]).toMatch(/^This computer’s clock looks wrong: it says 2026-12-04 10:00, while the gateway at gw\.example says 2026-12-03 10:00/);
  main.tell(said(5, 'info', 'clock.rightAgain', { source: 'gateway', host: 'gw.example' }));
  expect(shown()).toEqual(['This computer’s clock agrees with the gateway at gw.example again. What was recorded while it was wrong keeps the times it showed then.']);
});
