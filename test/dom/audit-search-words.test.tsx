// The audit log is searched by the words on screen, in the language shown: the screen sends main
// the action and result codes whose label holds the typed text ("Card sale", "Done", "استرداد"
// found nothing, the entries store `create_sale`, `succeeded`, `refund`). A search that finds
// nothing says so, as Transactions does (an empty table said nothing). main is a stub here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MethodInput } from '../../contract/methods';
import { stubMain } from '../support/stub-main';

const asked: Array<MethodInput<'listAuditLog'>> = [];
const entry = { seq: 1, at: '2026-11-23T10:00:00.000Z', osUser: 'layla', profileId: null, environment: null, action: 'refund', paymentId: null, orderId: 'PD-1', amountMinor: 10_030, currency: 'SAR', reason: 'Rest of it', result: 'succeeded' };
stubMain({
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  listAuditLog: (input) => {
    asked.push(input);
    // As main answers: an entry only when the search names its action, or no search.
    const found = !input.query || input.actions?.includes('refund');
    return { ok: true, value: { total: found ? 1 : 0, totalExact: true, chainIntact: true, rows: found ? [entry] : [] } };
  },
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

async function search(text: string) {
  render(<AuditScreen />);
  await screen.findByTestId('audit-table');
  asked.length = 0;
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
  await waitFor(() => expect(asked.length).toBeGreaterThan(0));
  return asked.at(-1)!;
}

beforeEach(() => {
  asked.length = 0;
});
afterEach(() => {
  // The log keeps its search while Paydesk runs (audit-screen.tsx): each test starts from none, as a person clearing it.
  const field = screen.queryByRole('searchbox');
  if (field) fireEvent.change(field, { target: { value: '' } });
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('the audit search, by the words on screen', () => {
  it.each([
    ['en', 'Card sale', { actions: ['create_sale', 'checkup_create_sale'] }],
    ['en', 'status checked', { actions: ['status_check', 'checkup_status_check'] }],
    ['en', 'Payment link', { actions: ['create_link', 'checkup_create_link'] }],
    ['en', 'Done', { results: ['succeeded'] }],
    ['ar', 'استرداد', { actions: ['refund', 'settle_refund', 'checkup_refund', 'checkup_settle_refund'] }],
    // English words on the Arabic screen too, as English is the codes' own language.
    ['ar', 'Refund', { actions: ['refund', 'settle_refund', 'checkup_refund', 'checkup_settle_refund'] }],
    ['ar', 'تم', { results: ['succeeded'] }],
  ] as const)('in %s, "%s" sends the codes it names', async (language, text, wanted) => {
    act(() => useLanguage.getState().setLanguage(language));
    const input = await search(text);
    expect(input.query).toBe(text);
    if ('actions' in wanted) expect(input.actions).toEqual(expect.arrayContaining([...wanted.actions]));
    if ('results' in wanted) expect(input.results).toEqual(expect.arrayContaining([...wanted.results]));
  });

  it('finds a refund typed in Arabic', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await search('استرداد');
    await waitFor(() => expect(screen.getByTestId('audit-table').querySelectorAll('tbody tr')).toHaveLength(1));
    expect(screen.queryByTestId('audit-empty')).toBeNull();
  });

  it('sends no codes for an order id, and keeps the codes few', async () => {
    const input = await search('PD-2025');
    expect(input.actions).toBeUndefined();
    expect(input.results).toBeUndefined();
    // One letter names many labels: still within the contract's bound.
    const wide = await (async () => {
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
      cleanup();
      return search('e');
    })();
    expect(wide.actions!.length).toBeLessThanOrEqual(120);
    expect(wide.results!.length).toBeLessThanOrEqual(120);
  });
});

describe('a search with no results', () => {
  it.each([
    ['en', 'no-such-entry', 'No entries match.'],
    ['ar', 'لا شيء', 'لا توجد قيود مطابقة.'],
  ] as const)('says so in %s', async (language, text, said) => {
    act(() => useLanguage.getState().setLanguage(language));
    await search(text);
    await waitFor(() => expect(screen.getByTestId('audit-empty').textContent).toBe(said));
    expect(screen.queryByTestId('audit-table')).toBeNull();
  });
});
