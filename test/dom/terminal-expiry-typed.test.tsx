// The card's expiry typed on the virtual terminal's month and year lists as it is printed on the
// card or read out on the phone: 1/39, 01/2039, 0139 and Arabic-Indic ١/٣٩ all give 01 / 2039.
// Before, the list's own search took "1" for October (10, the first item starting with 1) and a
// two-digit year chose nothing. main is a recording stub here.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';

stubMain({
  ...newPracticeLaptop(),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');
const { translate } = await import('../../renderer/src/i18n');

const month = () => document.getElementById('terminal-card-expiryMonth') as HTMLSelectElement;
const year = () => document.getElementById('terminal-card-expiryYear') as HTMLSelectElement;
/** Keys pressed one after another, each on whichever element has the keyboard then, as a person types. */
const typeKeys = (keys: string) => {
  for (const key of keys) fireEvent.keyDown(document.activeElement!, { key });
};

/** The virtual terminal, once its form is ready as a person sees it: the earlier customers' list no
 *  longer busy (main asks for them as the form is drawn; without waiting, the answer came after the
 *  test's last step on a busy machine and was drawn outside act). */
async function openTerminal() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('terminal'));
  await screen.findByRole('heading', { name: translate('en', 'gp.terminal.screen'), level: 1 });
  await waitFor(() => expect(screen.queryByTestId('terminal-earlier-customer')?.getAttribute('aria-busy') ?? null).toBeNull());
}

afterEach(() => {
  cleanup();
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('expiry typed on the virtual terminal', () => {
  it.each(['1/39', '01/2039', '0139', '1/2039', '١/٣٩', '139'])('takes %s as 01 / 2039', async (typed) => {
    await openTerminal();
    act(() => month().focus());
    act(() => typeKeys(typed));
    expect(month().value).toBe('01');
    expect(year().value).toBe('2039');
    expect(document.activeElement).toBe(year());
  });

  it.each([['12', '12'], ['7', '07'], ['10', '10']])('takes %s as month %s and leaves the arrows to the list', async (typed, chosen) => {
    await openTerminal();
    act(() => month().focus());
    act(() => typeKeys(typed));
    expect(month().value).toBe(chosen);
    expect(fireEvent.keyDown(month(), { key: 'ArrowDown' })).toBe(true); // not prevented: the list's own
  });
});
