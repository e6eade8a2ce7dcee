// A send that failed says what happened and what to do once. main's worded reasons for a gateway
// that could not be reached already say "Nothing was sent. Check … and your network connection";
// the form's own advice under them ("could not be reached and nothing was created. Check the
// connection, then send again") said it a second time. The advice stays where it adds something:
// fields to correct, another order reference, or an error main sent without a reason. And an error
// about one profile's gateway is not left under the form after a switch to another profile.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import type { AppError } from '../../contract/result';
import { stubMain } from '../support/stub-main';
import { paymentView } from '../support/payment-view';

const main = stubMain({
  searchPayments: () => ({ ok: true, value: { rows: [paymentView({ id: 'pay-77', orderId: 'INV-77' })], total: 1 } }),
});
const { SendError } = await import('../../renderer/src/features/get-paid/form-kit');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage, wordReason, translate } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const unreachable = { key: 'gateway.unreachable', values: { cause: 'dns', serverName: 'sandbox.example', server: 'sandbox.example', code: 'ENOTFOUND' } } as const;
const shown = () => screen.getByTestId('send-error').textContent;

it.each(['en', 'ar'] as const)('says once, in %s, that an unreachable gateway got nothing', (language) => {
  act(() => useLanguage.getState().setLanguage(language));
  const error = { code: 'network', message: 'English', reason: unreachable } as unknown as AppError;
  render(<SendError error={error} />);
  expect(shown()).toBe(wordReason(language, unreachable));
  expect(shown()).not.toContain(translate(language, 'gp.error.network'));
});

it('gives the advice when main sent no words of its own (the code\'s plain words say only what happened)', () => {
  render(<SendError error={{ code: 'network', message: 'The connection to the gateway failed.' }} />);
  expect(shown()).toBe(`${translate('en', 'error.code.network')}${translate('en', 'gp.error.network')}`);
});

it.each(['en', 'ar'] as const)('offers, in %s, to open the payment whose order reference is taken, instead of saying again where to find it', async (language) => {
  // The staff walk: "Order INV-77 already exists… or open the existing payment." and under it
  // "…or find the existing payment in Transactions.", with nothing to press (docs/screens-walks.md).
  act(() => useLanguage.getState().setLanguage(language));
  const reason = { key: 'rule.orderExists', values: { orderId: 'INV-77' } } as const;
  render(<SendError error={{ code: 'conflict', message: 'English', reason }} />);
  const open = screen.getByRole('button', { name: translate(language, 'gp.error.openExisting') });
  expect(shown()).toBe(`${wordReason(language, reason)}${translate(language, 'gp.error.openExisting')}`);
  await act(async () => open.click());
  await main.settled();
  expect(main.asked('searchPayments').at(-1)).toMatchObject({ filter: { query: 'INV-77' } });
  expect(useNavigation.getState().screen).toBe('transactions');
  expect(useTransactions.getState().openId).toBe('pay-77');
  expect(useTransactions.getState().filter).toEqual({ query: 'INV-77' });
});

it('keeps the advice for a conflict main sent no words for', () => {
  render(<SendError error={{ code: 'conflict', message: 'The order reference is already used.' }} />);
  expect(shown()).toContain(translate('en', 'gp.error.conflict'));
  expect(screen.queryByTestId('send-error-open-existing')).toBeNull();
});

it('is no longer shown after a switch to another profile, whose gateway it is not about', async () => {
  const { useSession } = await import('../../renderer/src/app/session-store');
  const profile = (id: string) => ({ id, name: id, environment: id === 'practice' ? 'practice' : 'sandbox', baseUrl: 'https://sandbox.example/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: '1234' }, pathOverrides: {}, successUrl: null, failureUrl: null }) as never;
  act(() => useSession.setState({ profile: profile('shop') }));
  const error = { code: 'network', message: 'English', reason: unreachable } as unknown as AppError;
  const { rerender } = render(<SendError error={error} />);
  expect(shown()).toBe(wordReason('en', unreachable));
  act(() => useSession.setState({ profile: profile('practice') }));
  rerender(<SendError error={error} />);
  expect(screen.queryByTestId('send-error')).toBeNull();
  // A new failure under the profile of the moment is shown.
  const again = { ...error };
  rerender(<SendError error={again} />);
  expect(shown()).toBe(wordReason('en', unreachable));
});
