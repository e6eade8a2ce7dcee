// walk39: an authorisation captured at the gateway's dashboard, how much not told, was in no figure of
// Home (no longer held, nothing captured, unsaid) while the list's totals and the CSV said "captured,
// not known". Home now says how many are out of Captured, on the figures' row and on a folded
// profile's line, in English and Arabic; a currency with only those is a row, not "Nothing captured".
import { afterAll, afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

const onlyOutside = { currency: 'SAR', grossMinor: 0, refundedMinor: 0, netMinor: 0, paidCount: 0, refundCount: 0, refundsNotKnown: 0, capturesNotKnown: 1 };
const withOthers = { currency: 'KWD', grossMinor: 12_500, refundedMinor: 0, netMinor: 12_500, paidCount: 2, refundCount: 0, refundsNotKnown: 1, capturesNotKnown: 2 };
stubMain({ getOverview: (input) => overviewAnswer(input, [withOthers, onlyOutside], { unpaidLinks: [], needsAttention: 0, authorised: [] }) });
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');
afterEach(() => cleanup());
afterAll(() => act(() => useLanguage.getState().setLanguage('en')));

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ').trim();

it.each([
  ['en', '1 authorisation captured outside Paydesk: its amount is not known and not in Captured', '2 authorisations captured outside Paydesk: their amounts are not known and not in Captured', 'Nothing captured in this period.'],
  ['ar', 'تفويض واحد حُصّل خارج بايدسك: مبلغه غير معروف وليس في المحصَّل', 'تفويضان حُصّلا خارج بايدسك: مبلغاهما غير معروفين وليسا في المحصَّل', 'لم يُحصَّل شيء في هذه الفترة.'],
] as const)('says the authorisations captured outside Paydesk on their currency\'s row (%s)', async (language, one, two, nothing) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<OverviewSection profileId="practice" />);
  const today = within(await screen.findByTestId('ov-period-today'));
  const said = today.getAllByTestId('ov-captures-not-known').map((el) => plain(el.textContent));
  expect(said).toEqual([two, one]); // KWD, then SAR: a row of its own though nothing else was captured
  const sarRow = today.getByText((_, el) => el?.tagName === 'TR' && el.getAttribute('data-currency') === 'SAR');
  expect(plain(sarRow.textContent)).not.toContain(nothing);
  // Nothing captured in SAR: its 0.00s and "0 captured" are words, not buttons to an empty list; KWD's open it.
  expect(within(sarRow).queryAllByRole('button')).toEqual([]);
  const kwdRow = today.getByText((_, el) => el?.tagName === 'TR' && el.getAttribute('data-currency') === 'KWD');
  expect(within(kwdRow).getByTestId('ov-count').tagName).toBe('BUTTON');
});
