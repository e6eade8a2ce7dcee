// Adding, renaming and removing a profile as a new user does it, counting the steps (docs/profiles-and-keys.md,
// "Walked as a new user"): the form takes the keyboard when it opens, a new profile's key form opens
// next with the keyboard in it, and a removal says what happened (the card, and its notice line, go
// with the profile; removing the active one made practice active without a word).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installDirectApi } from '../support/direct-api';
import { createHandlers, type Implementations } from '../../main/api/create-handlers';
import { appHandlers } from '../../main/api/app-handlers';
import { profileHandlers } from '../../main/api/profile-handlers';
import { createEventHub } from '../../main/core/event-hub';
import { createMemoryLogger } from '../../main/log/logger';
import { createProfileStore } from '../../main/profiles/profile-store';
import { createKeyVault } from '../../main/vault/key-vault';
import { createUiLanguage } from '../../main/core/ui-language';
import { practice, tempDir } from '../profiles/support';
import { memoryKeychain } from '../vault/support/memory-keychain';

/** Fresh main services per test with a keychain that works (in memory: keys are not what is tested here). */
function directBackend() {
  const logger = createMemoryLogger();
  const events = createEventHub();
  const vault = createKeyVault({ logger, backend: memoryKeychain().backend });
  const store = createProfileStore({ dataDir: tempDir(), practice, vault, logger, events });
  const handlers = createHandlers({ ...appHandlers({ name: 'Paydesk', version: '1.2.3', runtime: 'test' }, createUiLanguage(tempDir())), ...profileHandlers({ profiles: store }) } as unknown as Implementations, logger);
  return { handlers, events };
}
let backend = directBackend();
installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

async function openSettings() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  await screen.findByRole('heading', { name: 'Practice', level: 3 });
}
const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;

beforeEach(() => {
  backend = directBackend();
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

describe('a profile in as few steps as it takes', () => {
  it('Add profile puts the keyboard in Name; once saved, the new profile’s key form is open with the keyboard in its field', async () => {
    await openSettings();
    fireEvent.click(screen.getByTestId('add-profile'));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Shop sandbox' } });
    fireEvent.change(screen.getByLabelText(/^Base URL/), { target: { value: 'https://gw.example/api/v1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const shop = await card('Shop sandbox');
    const key = await within(shop).findByLabelText('API key for “Shop sandbox”');
    // The form takes the keyboard in an effect after it is drawn: waited on (it failed on a busy machine).
    await waitFor(() => expect(document.activeElement).toBe(key));
    expect(within(shop).getByRole('button', { name: 'Set key', expanded: true })).toBeTruthy();
    expect(screen.getByTestId('settings-notice').textContent).toBe('Profile “Shop sandbox” added.');
  });

  it('Edit puts the keyboard in Name with the name selected, so a rename is type and Enter', async () => {
    await openSettings();
    fireEvent.click(within(await card('Practice')).getByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Practice'.length]);
  });

  it.each([
    ['en', 'Profile “Shop” removed. Paydesk now uses the practice profile.', 'Profile “Spare” removed.'],
    ['ar', 'حُذف ملف التعريف «Shop». يستخدم بايدسك الآن ملف تعريف التدريب.', 'حُذف ملف التعريف «Spare».'],
  ] as const)('says in %s which profile was removed, and that practice is in use when it was the active one', async (language, activeRemoved, otherRemoved) => {
    const input = { environment: 'sandbox', baseUrl: 'https://gw.example/api/v1', defaultCurrency: 'SAR' } as const;
    await openSettings();
    const shop = await window.paydesk!.createProfile({ name: 'Shop', ...input });
    await window.paydesk!.createProfile({ name: 'Spare', ...input });
    if (!shop.ok) throw new Error('not created');
    await window.paydesk!.switchProfile({ id: shop.value.id });
    await waitFor(() => expect(screen.getByTestId('active-profile-name').textContent).toBe('Shop'));
    act(() => useLanguage.getState().setLanguage(language));
    // Walked as a new user: the keyboard stayed on "Remove" when the confirmation opened, and fell to
    // the page when the card went. It goes to the confirmation's safe choice, then to "Add profile",
    // under the status line that says what was removed.
    const remove = async (name: string) => {
      const profile = await card(name);
      fireEvent.click(profile.querySelector('.profile-actions .danger')!);
      const confirmation = within(profile).getByRole('alertdialog');
      expect(document.activeElement).toBe(confirmation.querySelector('.danger')!.nextElementSibling);
      fireEvent.click(confirmation.querySelector('.danger')!);
      await waitFor(() => expect(profile.isConnected).toBe(false));
      expect(document.activeElement).toBe(screen.getByTestId('add-profile'));
      expect(screen.getByTestId('settings-notice').getAttribute('role')).toBe('status');
    };

    await remove('Shop');
    expect(screen.getByTestId('settings-notice').textContent).toBe(activeRemoved);
    await remove('Spare');
    expect(screen.getByTestId('settings-notice').textContent).toBe(otherRemoved);
  });

  it('Cancel on the remove confirmation gives the keyboard back to "Remove", the profile kept', async () => {
    await openSettings();
    await window.paydesk!.createProfile({ name: 'Spare', environment: 'sandbox', baseUrl: 'https://gw.example/api/v1', defaultCurrency: 'SAR' });
    const profile = await card('Spare');
    const remove = within(profile).getByRole('button', { name: 'Remove' });
    fireEvent.click(remove);
    const cancel = within(within(profile).getByRole('alertdialog')).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    expect(within(profile).queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
  });
});
