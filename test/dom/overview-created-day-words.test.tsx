// Home's periods count a payment on the day it was created, not the day it was paid or captured: a
// link made on 30 November and paid on 2 December is November's Captured. The English intro said
// "the payments made in each period", which a finance person reads as paid in it (the screen walk of
// 2026-12-01); the Arabic already said «المنشأة». Both now say which day, with the link and the
// authorisation, the two whose days differ.
import { afterAll, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { overviewAnswer } from '../support/overview-answer';

stubMain({ getOverview: (input) => overviewAnswer(input, [], { unpaidLinks: [], needsAttention: 0 }) });
const { OverviewSection } = await import('../../renderer/src/features/overview/overview-section');
const { useLanguage } = await import('../../renderer/src/i18n');
afterAll(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['en', ['payments created in each period', 'counts on the day it was created, whenever it was paid or captured']],
  ['ar', ['المدفوعات المنشأة في كل فترة', 'يُحسب الرابط أو التفويض في يوم إنشائه، أيًّا كان يوم دفعه أو تحصيله']],
] as const)('says a payment counts on the day it was created, whenever paid (%s)', async (language, said) => {
  act(() => useLanguage.getState().setLanguage(language));
  const { unmount } = render(<OverviewSection profileId="practice" />);
  const intro = screen.getByRole('region', { name: language === 'en' ? 'Money at a glance' : 'المال في لمحة' }).querySelector('p')!;
  for (const words of said) expect(intro.textContent).toContain(words);
  expect(intro.textContent).not.toContain('payments made in each period');
  await screen.findByTestId('ov-figures');
  unmount();
});
