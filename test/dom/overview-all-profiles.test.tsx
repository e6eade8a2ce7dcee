// Home's "All profiles" never adds two profiles' money into one figure: with a production profile
// and the practice profile, "Captured" read SAR 385,422.73, the practice profile's test money in the
// production profile's real takings (docs/overview.md, "All profiles"). Each profile's figures,
// cards and charts come under its name, the profile in use first, each asked of main apart, and a
// figure's press opens that profile's payments. English and Arabic; main is a stub.
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const shop = { ...practice, id: 'shop', name: 'Shop', environment: 'production', baseUrl: 'https://gateway.example/api/v1' };
const row = (grossMinor: number, paidCount: number) => ({ currency: 'SAR', grossMinor, refundedMinor: 0, netMinor: grossMinor, paidCount, refundCount: 0, refundsNotKnown: 0 });
// Per profile as main sums it; no profile (the old "All profiles") the two added up.
const takings: Record<string, number> = { practice: 70_000, shop: 38_472_273 };
const stub = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, shop], activeId: 'practice' }) }),
  searchPayments: () => ({ ok: true, value: { total: 1, totalExact: true, rows: [] } }),
  getOverview: (input) => {
    const gross = input.profileId ? takings[input.profileId]! : takings.practice! + takings.shop!;
    const held = [{ currency: 'SAR', count: 1, amountMinor: input.profileId === 'practice' ? 15_000 : input.profileId ? 250_000 : 265_000, oldestAt: new Date().toISOString() }];
    const answer = overviewAnswer(input, [row(gross, input.profileId === 'practice' ? 2 : 300)], { unpaidLinks: [], needsAttention: 0, authorised: held, refundsMade: [] });
    // The charts' answer: one day's takings.
    if (input.days?.length) answer.value.days = [{ date: input.days.at(-1)!.date, currency: 'SAR' as never, grossMinor: gross, refundedMinor: 0 }];
    return answer;
  },
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useOverview } = await import('../../renderer/src/features/overview/overview-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
const today = () => screen.getAllByTestId('ov-period-today');

beforeEach(async () => {
  // No session: the role is not known, so the held payments are a figure of the overview (not tasks).
  await useProfiles.getState().load();
  useOverview.setState({ scope: 'profile' });
});
afterEach(() => cleanup());
afterAll(() => act(() => useLanguage.getState().setLanguage('en')));

it.each([
  ['en', 'All profiles', 'Practice', 'Shop Production'],
  ['ar', 'كل ملفات التعريف', 'التدريب', 'Shop الإنتاج'],
] as const)('All profiles shows each profile\'s money under its name, never one sum (%s)', async (language, all, practiceName, shopName) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<OverviewSection profileId="practice" />);
  await screen.findByTestId('ov-figures');
  stub.calls.length = 0;
  fireEvent.click(screen.getByRole('radio', { name: all }));
  await waitFor(() => expect(screen.getAllByTestId('ov-figures')).toHaveLength(2));
  // Main summed one profile per call: never every profile's money at once.
  const asked = stub.calls.filter((c) => c.name === 'getOverview').map((c) => (c.input as { profileId?: string }).profileId);
  expect(asked.sort()).toEqual(['practice', 'practice', 'shop', 'shop']);
  // The profile in use first, each under its name and environment.
  expect(screen.getAllByTestId('ov-profile-heading').map((h) => plain(h.textContent))).toEqual([practiceName, shopName]);
  const [mine, theirs] = today();
  expect(plain(within(mine!).getByTestId('ov-gross').textContent)).toContain('700.00');
  expect(plain(within(theirs!).getByTestId('ov-gross').textContent)).toContain('384,722.73');
  // No figure or card adds them: the sum is nowhere on Home (the charts, asked per profile above, are seen in Chromium).
  const overview = screen.getByTestId('overview');
  expect(plain(overview.textContent)).not.toContain('385,422.73');
  expect(plain(overview.textContent)).not.toContain('2,650.00');
  // The held payments too, each profile's on its own line.
  expect(within(overview).getAllByTestId('ov-held').map((h) => plain(h.textContent))).toEqual([expect.stringContaining('150.00'), expect.stringContaining('2,500.00')]);
  // A figure's press opens that profile's payments.
  fireEvent.click(within(theirs!).getByTestId('ov-gross'));
  expect(useTransactions.getState().filter.profileId).toBe('shop');
});

it('This profile asks for the profile in use\'s figures alone, as before', async () => {
  render(<OverviewSection profileId="practice" />);
  await screen.findByTestId('ov-figures');
  expect(screen.queryByTestId('ov-profile-heading')).toBeNull();
  expect(screen.getAllByTestId('ov-figures')).toHaveLength(1);
  expect(plain(within(today()[0]!).getByTestId('ov-gross').textContent)).toContain('700.00');
});
