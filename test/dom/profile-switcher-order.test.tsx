// The header's profile switcher names each profile with its environment in the page's order, the
// name and the environment each isolated. Its options took "dir=auto", so an Arabic name set the
// option right to left in English and it read "(Sandbox) بيئة الاختبار" (a Latin name in Arabic
// alike). A name too long for the select is shortened with "…" rather than cut at its start.
// Since walk37 an option starts with its name's own first letter (the select's type-ahead compares
// the first characters: an isolate there hid every name from the keys typed), a direction mark
// after the name keeping its "…" with it; names alike once shortened keep their ends.
// (Chromium's drawing and type-ahead: test/e2e/franchise-profiles.test.ts.)
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import { stubMain, unchecked } from '../support/stub-main';

const profile = (id: string, name: string, environment: 'sandbox' | 'production'): MethodOutput<'getActiveProfile'> => ({
  id, name, environment, baseUrl: 'https://gw.example/api/v1', defaultCurrency: 'SAR',
  key: { configured: true, lastFour: 'wxyz' }, pathOverrides: {}, successUrl: null, failureUrl: null,
});
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [
    { ...profile('practice', 'Practice', 'sandbox'), environment: 'practice' },
    profile('sb', 'بيئة الاختبار', 'sandbox'),
    profile('live', 'Riyadh Trading Company main branch', 'production'),
  ], activeId: 'practice' }) }),
});
const { ProfileSwitcher } = await import('../../renderer/src/features/settings/profile-switcher');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');
const { applyDocumentLanguage, useLanguage } = await import('../../renderer/src/i18n');
/** The language as the app applies it: the page's `lang` and `dir` (app.tsx). */
const language = (to: 'en' | 'ar') => act(() => {
  useLanguage.getState().setLanguage(to);
  applyDocumentLanguage(to);
});

afterEach(() => {
  cleanup();
  useProfiles.setState({ profiles: [], error: undefined, loaded: false });
  language('en');
});

/** Each option's text, and the direction it is drawn in (the nearest `dir`: the page's, or its own). */
async function options() {
  const select = (await screen.findByTestId('profile-switch')) as HTMLSelectElement;
  await waitFor(() => expect(select.options).toHaveLength(3));
  return [...select.options].map((o) => [o.textContent, o.closest('[dir]')?.getAttribute('dir')]);
}

it('reads name, then environment, left to right in English', async () => {
  language('en');
  render(<ProfileSwitcher />);
  expect(await options()).toEqual([
    ['Practice\u200e', 'ltr'],
    ['بيئة الاختبار\u200f \u2068(Sandbox)\u2069', 'ltr'],
    ['Riyadh Trading…\u200e \u2068(Production)\u2069', 'ltr'],
  ]);
});

it('reads name, then environment, right to left in Arabic', async () => {
  language('ar');
  render(<ProfileSwitcher />);
  expect(await options()).toEqual([
    ['التدريب\u200f', 'rtl'],
    // The name already says «الاختبار»: not said twice.
    ['بيئة الاختبار\u200f', 'rtl'],
    ['Riyadh Trading…\u200e \u2068(الإنتاج)\u2069', 'rtl'],
  ]);
});
