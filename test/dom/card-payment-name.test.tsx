// The card sale screen has one name a small business knows, "Card payment" («الدفع بالبطاقة»),
// wherever it names the screen: the menu, its heading and the Keyboard shortcuts list. It was
// "Virtual terminal" in the menu and heading (payment-industry jargon) beside Home's "Take a card
// payment" and the form's "New card payment" (docs/screens-getting-paid.md, "The screen's name").
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';

stubMain({
  ...newPracticeLaptop(),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { default: ShortcutsDialog } = await import('../../renderer/src/app/shortcuts-dialog');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('the card payment screen\'s name', () => {
  it.each([
    ['en', 'Card payment', 'New card payment'],
    ['ar', 'الدفع بالبطاقة', 'دفعة جديدة بالبطاقة'],
  ] as const)('%s: the menu, the heading and the shortcuts list say %s', async (language, name, form) => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<App />);
    await screen.findByTestId('active-profile-name');
    expect(screen.getByTestId('nav-terminal').textContent).toContain(name);
    act(() => useNavigation.getState().go('terminal'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(name);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(form);
    cleanup();
    render(<ShortcutsDialog onClose={() => undefined} />);
    expect(within(screen.getByTestId('shortcuts-help')).getByText((_, el) => el?.tagName === 'DD' && el.parentElement?.getAttribute('data-keys') === 'Alt+4').textContent).toContain(name);
  });
});
