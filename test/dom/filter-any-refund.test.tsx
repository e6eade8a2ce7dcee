// "Was I refunded?": the State field finds every payment with something refunded, in full or in
// part, in one choice ("Refunded" alone leaves out the partly refunded): both states, which both
// ledgers filter by (test/ledger/list-at-scale.test.ts). main is a recording stub here; the e2e
// test test/e2e/support-walk.test.ts finds them in the real ledger.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { translate, type Language } from '../../renderer/src/i18n';
import type { PaymentFilter } from '../../contract/methods/payments';

let sent: PaymentFilter[] = [];
const main = stubMain({
  searchPayments: (input) => {
    sent.push(input.filter ?? {});
    return { ok: true, value: { total: 0, rows: [] } };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useLanguage } = await import('../../renderer/src/i18n');
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useTransactions.getState().clearFilter());
  sent = [];
});

const stateField = () => screen.getByLabelText(translate('en', 'tx.filter.state')) as HTMLSelectElement;
const lastSent = () => sent[sent.length - 1];

describe.each(['en', 'ar'] as Language[])('the State filter in %s', (language) => {
  const word = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const field = () => screen.getByLabelText(word('tx.filter.state')) as HTMLSelectElement;
  const choose = (label: string) => {
    const option = [...field().options].find((o) => o.text === label);
    expect(option, `an option reading "${label}"`).toBeDefined();
    fireEvent.change(field(), { target: { value: option!.value } });
  };

  it('offers "any refund" beside the refunded states, and it finds partly and fully refunded payments', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<FilterBar />);
    const labels = [...field().options].map((o) => o.text);
    const at = labels.indexOf(word('tx.filter.anyRefund'));
    expect(at).toBeGreaterThan(0);
    expect(labels.slice(at + 1, at + 3)).toEqual([word('state.partially_refunded'), word('state.refunded')]);
    choose(word('tx.filter.anyRefund'));
    expect(lastSent()).toEqual({ states: ['partially_refunded', 'refunded'] });
    expect(field().selectedOptions[0]!.text).toBe(word('tx.filter.anyRefund'));
    choose(word('state.paid'));
    expect(lastSent()).toEqual({ states: ['paid'] });
    await main.settled();
  });
});

it('shows "Any refund" for a list asked for both refunded states (a list shown again)', async () => {
  act(() => useTransactions.getState().replaceFilter({ states: ['refunded', 'partially_refunded'] }));
  render(<FilterBar />);
  expect(stateField().selectedOptions[0]!.text).toBe('Any refund');
  await main.settled();
});
