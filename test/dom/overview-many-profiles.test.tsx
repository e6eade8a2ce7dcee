// Home's "All profiles" with a franchise's branches (walk37): twenty profiles drew twenty whole
// Homes (114,745 px of page at 1366 × 768, every chart of each: 2.1 s to draw, 40 calls). From four
// profiles each other profile is folded to its name and its chosen dates' money, each its own line,
// never added together; a press opens it, and only then are its charts asked. English and Arabic.
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const branch = (id: string, name: string, environment: 'sandbox' | 'production') => ({ ...practice, id, name, environment, baseUrl: 'https://gateway.example/api/v1' });
const branches = [branch('olaya', 'Riyadh – Olaya', 'sandbox'), branch('jeddah', 'فرع جدة', 'production'), branch('kiosk', 'King Abdullah Financial District kiosk', 'production'), branch('online', 'Online shop', 'production')];
const takings: Record<string, number> = { practice: 70_000, olaya: 33_375, jeddah: 78_375, kiosk: 0, online: 12_345_600 };
// The online shop also has an authorisation captured at the gateway's dashboard (walk39): said on its line.
const row = (grossMinor: number, capturesNotKnown = 0) => ({ currency: 'SAR', grossMinor, refundedMinor: 1_000, netMinor: grossMinor - 1_000, paidCount: 3, refundCount: 1, refundsNotKnown: 0, capturesNotKnown });
const stub = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, ...branches], activeId: 'practice' }) }),
  searchPayments: () => ({ ok: true, value: { total: 1, totalExact: true, rows: [] } }),
  getOverview: (input) => {
    const gross = takings[input.profileId!]!;
    const answer = overviewAnswer(input, gross ? [row(gross, input.profileId === 'online' ? 1 : 0)] : [], { unpaidLinks: [], needsAttention: 0, authorised: [], refundsMade: [] });
    if (input.days?.length) answer.value.days = [{ date: input.days.at(-1)!.date, currency: 'SAR' as never, grossMinor: gross, refundedMinor: 0 }];
    return answer;
  },
});
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useOverview } = await import('../../renderer/src/features/overview/overview-store');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
const chartsAsked = () => stub.calls.filter((c) => c.name === 'getOverview' && ((c.input as { days?: unknown[] }).days?.length ?? 0) > 0).map((c) => (c.input as { profileId: string }).profileId);

beforeEach(async () => {
  await useProfiles.getState().load();
  useOverview.setState({ scope: 'profile', opened: [] });
});
afterEach(() => cleanup());
afterAll(() => act(() => useLanguage.getState().setLanguage('en')));

it.each([
  ['en', 'All profiles', ['Riyadh – Olaya Sandbox Chosen dates: SAR 333.75 captured, SAR 10.00 refunded, SAR 323.75 net', 'فرع جدة Production Chosen dates: SAR 783.75 captured, SAR 10.00 refunded, SAR 773.75 net', 'King Abdullah Financial District kiosk Production Chosen dates: nothing captured.', 'Online shop Production Chosen dates: SAR 123,456.00 captured, SAR 10.00 refunded, SAR 123,446.00 net · 1 authorisation captured outside Paydesk: its amount is not known and not in Captured']],
  ['ar', 'كل ملفات التعريف', ['Riyadh – Olaya الاختبار التواريخ المختارة: المحصَّل 333.75 SAR، والمسترد 10.00 SAR، والصافي 323.75 SAR', 'فرع جدة الإنتاج التواريخ المختارة: المحصَّل 783.75 SAR، والمسترد 10.00 SAR، والصافي 773.75 SAR', 'King Abdullah Financial District kiosk الإنتاج التواريخ المختارة: لم يُحصَّل شيء.', 'Online shop الإنتاج التواريخ المختارة: المحصَّل 123,456.00 SAR، والمسترد 10.00 SAR، والصافي 123,446.00 SAR · تفويض واحد حُصّل خارج بايدسك: مبلغه غير معروف وليس في المحصَّل']],
] as const)('each other branch is one line of its own money; its charts are asked when it is opened (%s)', async (language, all, lines) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<OverviewSection profileId="practice" />);
  await screen.findByTestId('ov-figures');
  stub.calls.length = 0;
  fireEvent.click(screen.getByRole('radio', { name: all }));
  await waitFor(() => expect(screen.getAllByTestId('ov-fold-line')).toHaveLength(4));
  await waitFor(() => expect(chartsAsked()).toEqual(['practice']));
  const others = screen.getAllByTestId('ov-other-profile');
  expect(others.map((o) => plain(o.querySelector('summary')!.textContent))).toEqual(lines);
  // Folded: the profile in use's table alone, never a sum of two branches.
  expect(screen.getAllByTestId('ov-figures')).toHaveLength(1);
  expect(plain(screen.getByTestId('overview').textContent)).not.toContain('124,239');
  // Opened: its periods' table and its charts, asked then, once.
  fireEvent.click(others[1]!.querySelector('summary')!);
  await waitFor(() => expect(within(others[1]!).getByTestId('ov-figures')).toBeTruthy());
  await waitFor(() => expect(chartsAsked()).toEqual(['practice', 'jeddah']));
  expect(plain(within(others[1]!).getAllByTestId('ov-gross')[0]!.textContent)).toContain('783.75');
});
