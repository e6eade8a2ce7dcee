// Settings tells the truth about a key the keychain no longer holds (docs/profiles-and-keys.md,
// "A key gone from the keychain"): the card said "Configured, ends in JokG" while every gateway call
// failed. Now it says the key ending JokG is gone, offers "Set key", and Test connection says the
// same; a keychain that cannot be read is said so, never taken for an empty one. English and
// Arabic, main's real profile handlers, a keychain in memory whose entry is deleted behind the app.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installDirectApi } from '../support/direct-api';
import { settingsMain } from '../support/settings-main';
import { createKeyVault, keychainService, type KeychainBackend } from '../../main/vault/key-vault';
import { memoryKeychain } from '../vault/support/memory-keychain';

const key = 'sk_test_never_on_screen_JokG';
let keychain = memoryKeychain();
let locked = false;
/** The memory keychain, refusing every call while `locked` (as a locked or unreachable keychain does). */
const lockable = (): KeychainBackend => {
  const guard = <A extends unknown[], R>(f: (...a: A) => Promise<R>) => (...a: A) => (locked ? Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')) : f(...a));
  return { getPassword: guard(keychain.backend.getPassword), setPassword: guard(keychain.backend.setPassword), deletePassword: guard(keychain.backend.deletePassword) };
};
let backend = settingsMain({ keychain: (logger) => createKeyVault({ logger, backend: lockable(), platform: 'linux' }) });
const main = installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(async () => {
  await main.settled();
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  keychain = memoryKeychain();
  locked = false;
  backend = settingsMain({ keychain: (logger) => createKeyVault({ logger, backend: lockable(), platform: 'linux' }) });
});

/** A sandbox profile whose key was set, then deleted from the keychain by hand; Settings opened again after. */
async function settingsAfterKeyWentAway(language: 'en' | 'ar', options: { lock?: boolean } = {}) {
  act(() => useLanguage.getState().setLanguage(language));
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  const made = await act(() => window.paydesk!.createProfile({ name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1', defaultCurrency: 'SAR' }));
  if (!made.ok) throw new Error(made.error.message);
  expect(await act(() => window.paydesk!.setProfileKey({ id: made.value.id, key, testConnection: false }))).toMatchObject({ ok: true });
  const card = await screen.findByTestId(`profile-${made.value.id}`);
  await waitFor(() => expect(within(card).getByTestId('key-status').textContent).toContain('JokG'));
  keychain.entries.delete(`${keychainService}/${made.value.id}`);
  locked = options.lock ?? false;
  act(() => useNavigation.getState().go('home'));
  act(() => useNavigation.getState().go('settings'));
  return screen.findByTestId(`profile-${made.value.id}`);
}

const words = {
  en: {
    gone: 'The key ending \u2066JokG\u2069 is no longer in this computer’s keychain: set it again.',
    set: 'Set key',
    replace: 'Replace key',
    test: 'Test connection',
    said: 'The API key ending JokG of the profile "Shop sandbox" is no longer in this computer’s keychain, so nothing was sent. Set the key again in Settings (the profile’s "Set key").',
    unreadable: 'Configured, ends in \u2066JokG\u2069. The keychain cannot be read now, so whether the key is still there is not known.',
  },
  ar: {
    gone: 'المفتاح المنتهي بـ \u2066JokG\u2069 لم يعد في سلسلة مفاتيح هذا الجهاز: عيّنه من جديد.',
    set: 'عيّن المفتاح',
    replace: 'استبدل المفتاح',
    test: 'اختبر الاتصال',
    said: 'مفتاح API المنتهي بـ \u2066JokG\u2069 لملف التعريف «\u2068Shop sandbox\u2069» لم يعد في سلسلة مفاتيح هذا الجهاز، فلم يُرسل شيء. عيّن المفتاح من جديد في الإعدادات («عيّن المفتاح» في بطاقة ملف التعريف).',
    unreadable: 'مُعدّ، ينتهي بـ \u2066JokG\u2069. لا يمكن قراءة سلسلة المفاتيح الآن، فلا يُعرف هل ما زال المفتاح فيها.',
  },
} as const;

describe('a profile whose key is gone from the keychain', () => {
  it.each(['en', 'ar'] as const)('in %s: the card says so by its last four, offers Set key, and Test connection says the same', async (language) => {
    const w = words[language];
    const card = await settingsAfterKeyWentAway(language);
    await waitFor(() => expect(within(card).getByTestId('key-status').textContent).toBe(w.gone));
    expect(within(card).getByRole('button', { name: w.set })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: w.replace })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: w.test }));
    await waitFor(() => expect(within(card).getByTestId('profile-notice').textContent).toContain(w.said.slice(0, 20)));
    expect(within(card).getByTestId('profile-notice').textContent!.replace(/[\u2066-\u2069]/g, '')).toBe(w.said.replace(/[\u2066-\u2069]/g, ''));
    expect(document.body.innerHTML).not.toContain(key);
  });

  it.each(['en', 'ar'] as const)('in %s: a keychain that cannot be read is said so, and the key is not called gone', async (language) => {
    const w = words[language];
    const card = await settingsAfterKeyWentAway(language, { lock: true });
    await screen.findByTestId('keychain-warning');
    await waitFor(() => expect(within(card).getByTestId('key-status').textContent).toBe(w.unreadable));
  });
});
