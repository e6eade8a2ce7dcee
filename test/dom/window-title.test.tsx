// The window's title names the screen, in the language shown ("Transactions — Paydesk",
// "المعاملات — بايدسك"): it stayed "Paydesk" everywhere, so a screen reader had no screen name from
// it and the desktop's window list could not tell where Paydesk was. main is a stub here.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';

const main = stubMain({
  ...newPracticeLaptop(),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

it('names the screen shown in the window\'s title, in English and Arabic', async () => {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('transactions'));
  expect(document.title).toBe('Transactions — Paydesk');
  await screen.findByRole('heading', { name: 'Transactions', level: 1 }); // its code arrived, as a person waits for it
  act(() => useNavigation.getState().go('audit'));
  expect(document.title).toBe('Audit log — Paydesk');
  await screen.findByRole('heading', { name: 'Audit log', level: 1 });
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(document.title).toBe('سجل التدقيق — بايدسك');
  await main.settled();
});
