// Settings with a franchise's branches (walk37): twenty profiles' cards were 7,145 px at 1366 × 768,
// and the desktop app has no find in page, so reaching the last card was ten Page Downs or 133 Tabs.
// From six profiles the list has "Find a profile": part of a name (any case, Arabic letters written
// for one another alike) or an environment's word shows only the cards that match, and says how many.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

const profile = (id: string, name: string, environment: 'practice' | 'sandbox' | 'production') => ({ id, name, environment, baseUrl: 'https://gateway.example/api/v1', defaultCurrency: 'SAR', key: { configured: environment !== 'practice', lastFour: 'ab12' }, pathOverrides: {}, successUrl: null, failureUrl: null });
let profiles = [
  profile('practice', 'Practice', 'practice'), profile('olaya', 'Riyadh – Olaya', 'sandbox'), profile('jeddah-sb', 'فرع جدة - شارع التحلية', 'sandbox'),
  profile('abha', 'Abha', 'sandbox'), profile('jeddah', 'فرع جدة', 'production'), profile('kiosk', 'King Abdullah Financial District kiosk', 'production'), profile('online', 'Online shop', 'production'),
];
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles, activeId: 'practice' }) }),
  getKeychainStatus: () => ({ ok: true, value: unchecked({ available: true }) }),
  removeProfile: (input) => {
    profiles = profiles.filter((p) => p.id !== input.id);
    return { ok: true, value: unchecked({}) };
  },
});
const { SettingsScreen } = await import('../../renderer/src/features/settings/settings-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const cards = () => [...screen.getByTestId('profile-list').querySelectorAll('li.profile-card .profile-name')].map((h) => h.textContent);
const find = (text: string) => fireEvent.change(screen.getByTestId('profile-find'), { target: { value: text } });

it('finds a branch by part of its name, in either script, or by its environment', async () => {
  render(<SettingsScreen />);
  await screen.findByText('Online shop');
  expect(screen.getByTestId('profile-find-count').textContent).toBe('7 profiles: type part of a name, or Sandbox or Production.');
  find('onl');
  expect(cards()).toEqual(['Online shop']);
  expect(screen.getByTestId('profile-find-count').textContent).toBe('1 profile matches of 7.');
  // «جده» typed for «جدة»: both Jeddah branches.
  find('جده');
  expect(cards()).toEqual(['فرع جدة - شارع التحلية', 'فرع جدة']);
  find('jeddah production');
  expect(cards()).toEqual([]);
  expect(screen.getByTestId('profile-find-count').textContent).toBe('No profile matches of 7.');
  find('جدة production');
  expect(cards()).toEqual(['فرع جدة']);
  find('');
  expect(cards()).toHaveLength(7);
});

it('says it in Arabic, and finds by the environment’s Arabic word', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<SettingsScreen />);
  await screen.findByText('Online shop');
  expect(screen.getByLabelText('ابحث عن ملف تعريف')).toBeTruthy();
  find('الإنتاج');
  expect(cards()).toEqual(['فرع جدة', 'King Abdullah Financial District kiosk', 'Online shop']);
  expect(screen.getByTestId('profile-find-count').textContent).toBe('تطابق 3 ملفات تعريف من 7.');
});

// The card goes when the list is read again, after the keyboard went to "Add profile": with the one
// card "Find a profile" showed removed, "Add profile" and the line saying what was removed rose out
// of the window. They are brought back into view once the list is read again.
it('brings “Add profile” and what was removed into view when the one card found goes', async () => {
  const scrolled: Element[] = [];
  const before = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) { scrolled.push(this); };
  try {
    render(<SettingsScreen />);
    await screen.findByText('Abha');
    find('abha');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: /^Yes, remove/ }));
    await waitFor(() => expect(screen.getByTestId('settings-notice').textContent).toContain('Abha'));
    await waitFor(() => expect(scrolled).toContain(screen.getByTestId('add-profile')));
    expect(document.activeElement).toBe(screen.getByTestId('add-profile'));
  } finally {
    Element.prototype.scrollIntoView = before;
  }
});
