// The Card payment screen's security code, typed and pasted as a person does (user-event): once
// the number tells the brand the field takes no more digits than its code has (American Express
// 4, the others 3); a 4th digit typed before that is kept, never cut, and said to be wrong the
// moment the number shows it is a Visa. The field's description says the length to expect.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newPracticeLaptop } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';

const main = stubMain({ ...newPracticeLaptop() }, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');

const visa = '4111111111111111';
const amex = '378282246310005';
const number = () => document.getElementById('terminal-card-number') as HTMLInputElement;
const cvv = () => document.getElementById('terminal-card-cvv') as HTMLInputElement;
const cvvError = () => document.getElementById('terminal-card-cvv-error')?.textContent ?? null;
/** What a screen reader reads after the field's name: its aria-describedby, in order. */
const cvvDescription = () => (cvv().getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent).join(' | ');

async function openCardPayment(language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('terminal'));
  await screen.findByRole('heading', { name: translate(language, 'gp.terminal.screen'), level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('the security code takes the brand\'s length while typing', () => {
  it('a Visa\'s takes 3 digits: a 4th key press does nothing, and nothing is said against it', async () => {
    const user = await openCardPayment();
    expect(cvvDescription()).toBe('3 or 4 digits: the card number tells which.');
    await user.type(number(), visa);
    expect(number().value).toBe('4111 1111 1111 1111');
    await user.type(cvv(), '1234');
    expect(cvv().value).toBe('123');
    expect(cvvError()).toBeNull();
    expect(cvvDescription()).toBe('3 digits, on the back of the card.');
  });

  it('an American Express card\'s takes 4', async () => {
    const user = await openCardPayment();
    await user.type(number(), amex);
    await user.type(cvv(), '12345');
    expect(cvv().value).toBe('1234');
    expect(cvvDescription()).toBe('4 digits, on the front of the card, above the number.');
  });

  it('Arabic-Indic digits count the same: a Visa\'s takes ٣ of them, said in Arabic', async () => {
    const user = await openCardPayment('ar');
    await user.type(number(), '٤١١١١١١١١١١١١١١١');
    await user.type(cvv(), '١٢٣٤');
    expect(cvv().value).toBe('123');
    expect(cvvDescription()).toBe('3 أرقام، على ظهر البطاقة.');
  });
});

describe('a code longer than the brand\'s, typed before the number told it', () => {
  it('is kept as typed and said wrong at once, before Charge; taking a digit away clears it', async () => {
    const user = await openCardPayment();
    await user.type(cvv(), '1234'); // brand not known yet: 4 may be right
    expect(cvv().value).toBe('1234');
    expect(cvvError()).toBeNull();
    await user.type(number(), visa);
    expect(cvv().value).toBe('1234'); // not cut behind the person's back
    expect(cvvError()).toBe('A Visa card’s security code has 3 digits, on the back.');
    expect(cvv().getAttribute('aria-invalid')).toBe('true');
    expect(cvvDescription()).toBe('3 digits, on the back of the card. | A Visa card’s security code has 3 digits, on the back.');
    await user.type(cvv(), '5'); // still no 5th, nor a 4th past the brand's
    expect(cvv().value).toBe('1234');
    await user.type(cvv(), '{Backspace}');
    expect(cvv().value).toBe('123');
    expect(cvvError()).toBeNull();
    expect(cvv().hasAttribute('aria-invalid')).toBe(false);
  });

  it('is said in Arabic too', async () => {
    const user = await openCardPayment('ar');
    await user.type(cvv(), '١٢٣٤');
    await user.type(number(), visa);
    expect(cvv().value).toBe('1234');
    expect(cvvError()).toBe('رمز الأمان في بطاقة فيزا 3 أرقام، على ظهرها.');
  });
});

describe('a paste into the security code', () => {
  it('goes in whole, Arabic-Indic digits and spaces around it read as the code', async () => {
    const user = await openCardPayment();
    await user.type(number(), visa);
    await user.click(cvv());
    await user.paste(' ١٢٣ ');
    expect(cvv().value).toBe('123');
    expect(cvvError()).toBeNull();
  });

  it('a code too long for the brand is not cut: it is shown and said wrong at once', async () => {
    const user = await openCardPayment();
    await user.type(number(), visa);
    await user.click(cvv());
    await user.paste('1234');
    expect(cvv().value).toBe('1234');
    expect(cvvError()).toBe('A Visa card’s security code has 3 digits, on the back.');
  });

  it('what is not a code (letters, 5 digits) is not pasted', async () => {
    const user = await openCardPayment();
    await user.click(cvv());
    await user.paste('12345');
    await user.paste('CVV 123');
    expect(cvv().value).toBe('');
  });
});
