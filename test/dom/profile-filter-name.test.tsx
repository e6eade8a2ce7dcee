// Transactions' Profile filter names the built-in practice profile as the header and Settings do,
// in the reader's language ("التدريب" in Arabic); a profile the user named keeps its name. Found by
// the day's walk (2026-11-29, support in Arabic at 800 px): the filter read "Practice" in English.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { translate } from '../../renderer/src/i18n';

const profile = (id: string, name: string, environment: 'practice' | 'sandbox') => ({ id, name, environment, baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null });
stubMain({
  searchPayments: () => ({ ok: true, value: { total: 0, rows: [] } }),
  listProfiles: () => ({ ok: true, value: { profiles: [profile('practice', 'Practice', 'practice'), profile('p-2', 'Riyadh shop', 'sandbox')], activeId: 'practice' } }),
});
const { useLanguage } = await import('../../renderer/src/i18n');
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('the Profile filter in Arabic', () => {
  it('names the practice profile in Arabic, a named profile as named', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<FilterBar />);
    fireEvent.click(screen.getByTestId('more-filters'));
    const field = screen.getByLabelText(translate('ar', 'tx.filter.profile')) as HTMLSelectElement;
    await waitFor(() => expect(field.options.length).toBe(3));
    // With its environment since walk37 (a branch's sandbox and production profiles may be named alike), as the header's list.
    expect([...field.options].map((o) => o.text.replace(/[\u200e\u200f\u2068\u2069]/g, ''))).toEqual([translate('ar', 'tx.filter.any'), translate('ar', 'profile.practiceName'), 'Riyadh shop (الاختبار)']);
  });
});
