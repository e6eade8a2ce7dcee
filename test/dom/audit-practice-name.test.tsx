// The built-in practice profile is named in the user's language everywhere (ui/profile-name.ts),
// the audit log's result of a switch to it, a change of it or of its key too: the Arabic screen
// said "التدريب" in the profile column and "Practice", the name as stored, in the result beside it.
// A profile the user named keeps that name. main is a stub here.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const shop = { ...practice, id: 'shop', name: 'متجر الاختبار', environment: 'sandbox' };
const entry = (seq: number, profileId: string, action: string, result: string) => ({ seq, at: '2026-11-29T05:45:00.000Z', osUser: 'root', profileId, environment: profileId === 'practice' ? 'practice' : 'sandbox', action, paymentId: null, orderId: null, amountMinor: null, currency: null, reason: null, result });
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, shop], activeId: 'practice' }) }),
  listAuditLog: () => ({ ok: true, value: unchecked({ total: 2, totalExact: true, chainIntact: true, rows: [entry(2, 'practice', 'profile_switch', 'Practice'), entry(1, 'shop', 'profile_switch', 'متجر الاختبار')] }) }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage, translate } = await import('../../renderer/src/i18n');
const { useProfiles } = await import('../../renderer/src/features/settings/settings-store');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each(['en', 'ar'] as const)('names the practice profile in %s in a switch\'s result, and a named profile by its name', async (language) => {
  act(() => useLanguage.getState().setLanguage(language));
  await act(() => useProfiles.getState().load());
  render(<AuditScreen />);
  const table = await screen.findByTestId('audit-table');
  const cells = (seq: number) => within(table).getAllByRole('row').find((row) => row.textContent?.startsWith(String(seq)))!.querySelectorAll('td');
  const practiceName = translate(language, 'profile.practiceName');
  expect(cells(2)[7]!.textContent).toBe(practiceName);
  expect(cells(1)[7]!.textContent).toBe('متجر الاختبار');
});

// The profile column said the practice profile twice, its name and its environment's badge
// ("Practice PRACTICE", «التدريب التدريب»): its badge alone says it once. A named profile keeps
// its name beside its badge.
it.each(['en', 'ar'] as const)('names the practice profile once in the profile column in %s, a named profile with its badge', async (language) => {
  act(() => useLanguage.getState().setLanguage(language));
  await act(() => useProfiles.getState().load());
  render(<AuditScreen />);
  const table = await screen.findByTestId('audit-table');
  const profileCell = (seq: number) => within(table).getAllByRole('row').find((row) => row.textContent?.startsWith(String(seq)))!.querySelectorAll('td')[3]!;
  expect(profileCell(2).textContent).toBe(translate(language, 'env.practice'));
  expect(profileCell(2).querySelector('.env-badge')).not.toBeNull();
  // «متجر الاختبار» already says «الاختبار»: in Arabic its name alone (the walk's «… الاختبار الاختبار»).
  expect(profileCell(1).textContent).toBe(language === 'ar' ? 'متجر الاختبار' : `متجر الاختبار ${translate(language, 'env.sandbox')}`);
});

// A name that says its environment's word, as a whole word, is not followed by that word again,
// in the profile column or in brackets (the header's switcher, settings, the other-profile note).
it('says a sandbox environment once when the name already says it, in both languages', async () => {
  const { withEnvironment } = await import('../../renderer/src/features/settings/profile-switcher');
  expect(withEnvironment('بيئة الاختبار', translate('ar', 'env.sandbox'))).toBe('بيئة الاختبار');
  expect(withEnvironment('بيئة اختبار', translate('ar', 'env.sandbox'))).toBe('بيئة اختبار');
  expect(withEnvironment('Sandbox shop', translate('en', 'env.sandbox'))).toBe('Sandbox shop');
  expect(withEnvironment('Sandboxes', translate('en', 'env.sandbox'))).toBe('\u2068Sandboxes\u2069 (Sandbox)');
  expect(withEnvironment('بيئة الاختبار', translate('en', 'env.sandbox'))).toBe('\u2068بيئة الاختبار\u2069 (Sandbox)');
  expect(withEnvironment('Shop', translate('ar', 'env.sandbox'))).toBe('\u2068Shop\u2069 (الاختبار)');
});
