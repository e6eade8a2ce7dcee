// Home shows two refund sums for the same dates: "Refunded" in the figures (the refunds of the
// payments made in the period, whenever made) and "Refunds made in this period" (the refunds made in
// it, whatever day their payments were). Both headed "refunded" in a finance person's reading, they
// read as two answers to one question (docs/screens-walks.md): the figures' column says whose refunds
// it sums, in English and Arabic, and the hint under "Refunds made" names it by those words.
import { afterAll, afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

stubMain({
  getOverview: (input) => {
    const answer = overviewAnswer(input, [{ currency: 'SAR', grossMinor: 5_000_000, refundedMinor: 4_241_024, netMinor: 758_976, paidCount: 300, refundCount: 260, refundsNotKnown: 0 }], { unpaidLinks: [], needsAttention: 0 });
    return input.refundsMadeIn ? { ok: true, value: { ...answer.value, refundsMade: [{ currency: 'SAR', count: 261, amountMinor: 4_242_689 }] } } : answer;
  },
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');
afterEach(() => cleanup());
afterAll(() => act(() => useLanguage.getState().setLanguage('en')));

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ').trim();

it.each([
  ['en', 'Refunded of these payments', 'Refunds made in this period', '“Refunded of these payments” above'],
  ['ar', 'المسترد من هذه الدفعات', 'الاستردادات المنفَّذة في هذه الفترة', '«المسترد من هذه الدفعات» أعلاه'],
] as const)('names the two refund sums apart (%s)', async (language, column, made, hintNames) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<OverviewSection profileId="practice" />);
  const figures = await screen.findByTestId('ov-figures');
  const section = await screen.findByTestId('ov-refunds-made');
  // The column's heading as a screen reader and a reader read it: the money word, then whose.
  const heading = within(figures).getByRole('columnheader', { name: column });
  expect(plain(heading.textContent)).toBe(column);
  expect(plain(within(section).getByRole('heading').textContent)).toBe(made);
  // No heading of the figures says the money word alone, beside "Refunds made" below.
  expect(within(figures).getAllByRole('columnheader').map((th) => plain(th.textContent))).not.toContain(language === 'en' ? 'Refunded' : 'المسترد');
  expect(plain(section.textContent)).toContain(hintNames);
});
