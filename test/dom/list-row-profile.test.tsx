// Transactions lists every profile's payments: a row of another profile than the one in use says
// whose under its state, in English and Arabic (the eleventh walk, docs/screens-walks.md: with a new
// sandbox profile in use the list showed the ledger's 100,000 practice payments with nothing to say
// they were not the sandbox's); the active profile's rows say nothing more. main is a stub.
import { expect, it } from 'vitest';
import { act } from 'react';
import { render, screen, within } from '@testing-library/react';
import { paymentView } from '../support/payment-view';
import { practice, sandboxProfile, withProfileInUse } from '../support/two-profiles';
import { stubMain, unchecked } from '../support/stub-main';

const sandbox = sandboxProfile('sandbox-1', 'Shop test');
const rows = [
  paymentView({ id: 'A', orderId: 'BOX-MUNA', profileId: 'sandbox-1', environment: 'sandbox' }),
  paymentView({ id: 'B', orderId: 'PD-OLD-1', profileId: 'practice', environment: 'practice' }),
];
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, sandbox], activeId: 'sandbox-1' }) }),
  searchPayments: () => ({ ok: true, value: unchecked({ total: rows.length, rows }) }),
});
const { PaymentList } = await import('../../renderer/src/features/transactions/payment-list');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');

withProfileInUse(sandbox);

it('says under the state of another profile’s row whose it is, not under the active profile’s', async () => {
  await act(() => useTransactions.getState().reload());
  render(<PaymentList />);
  const other = await screen.findByTestId('tx-row-PD-OLD-1');
  expect(within(other).getByTestId('row-profile').textContent).toBe('Practice'); // the practice profile by its badge alone
  expect(within(screen.getByTestId('tx-row-BOX-MUNA')).queryByTestId('row-profile')).toBeNull();
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(within(other).getByTestId('row-profile').textContent).toBe('التدريب');
});

it('names a sandbox profile with its badge on the practice profile’s list', async () => {
  useSession.setState({ profile: practice as never });
  await act(() => useTransactions.getState().reload());
  render(<PaymentList />);
  const other = await screen.findByTestId('tx-row-BOX-MUNA');
  expect(within(other).getByTestId('row-profile').textContent).toBe('Shop test Sandbox');
  expect(within(screen.getByTestId('tx-row-PD-OLD-1')).queryByTestId('row-profile')).toBeNull();
});
