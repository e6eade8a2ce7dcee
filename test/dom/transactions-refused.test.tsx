// The transactions list when main refuses its filter (an amount without its currency): the count
// no longer says "Loading…" for good (busy to a screen reader) while the field says why; main's
// refusal of another kind is said in its place. English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AppError } from '../../contract/result';
import { stubMain, unchecked } from '../support/stub-main';

let refusal: AppError;
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: null }) }),
  searchPayments: () => ({ ok: false, error: refusal }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

const count = () => screen.getByTestId('tx-count');

describe('the transactions list refused by main', () => {
  afterEach(() => {
    cleanup();
    act(() => useLanguage.getState().setLanguage('en'));
  });

  it('says nothing is listed until the filter is corrected, not "Loading…", in English and Arabic', async () => {
    refusal = { code: 'invalid_input', message: 'Choose a currency to filter by amount.', fieldReasons: { currency: { key: 'ledger.amountNeedsCurrency' } }, fields: { currency: 'Choose a currency to filter by amount.' } };
    render(<TransactionsScreen />);
    await waitFor(() => expect(count().textContent).toBe('Nothing listed until the filter is corrected.'));
    expect(count().getAttribute('aria-busy')).toBe('false');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(count().textContent).toBe('لا يُعرض شيء حتى يُصحَّح عامل التصفية.');
  });

  it('says main’s refusal of another kind in the count’s place', async () => {
    refusal = { code: 'storage', message: 'damaged', reason: { key: 'storage.damaged', values: { file: 'paydesk.sqlite' } } };
    render(<TransactionsScreen />);
    await waitFor(() => expect(count().textContent).toContain('is damaged or is not a database'));
    expect(count().getAttribute('aria-busy')).toBe('false');
  });
});
