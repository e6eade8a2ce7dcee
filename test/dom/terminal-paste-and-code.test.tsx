// The Card payment screen's number field takes a paste with words by its one card number and says
// so, or pastes nothing and says why (it refused without a word, the field left empty); the
// security code is checked against the brand's length (American Express 4, the others 3) when the
// number is whole and valid, else 3 or 4 for the gateway to judge. main is a recording stub here.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';

const main = stubMain({
  ...newPracticeLaptop(),
}, { otherwise: () => notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const number = () => input('terminal-card-number');
const said = () => screen.getByTestId('card-paste').textContent;
const paste = (text: string) => fireEvent.paste(number(), { clipboardData: { getData: () => text } });
const cvvError = () => document.getElementById('terminal-card-cvv-error')?.textContent ?? null;

async function openCardPayment(language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('terminal'));
  await screen.findByRole('heading', { name: translate(language, 'gp.terminal.screen'), level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
}

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('a paste into the card number', () => {
  it.each([
    ['Card: 4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['4111-1111-1111-1111 exp 01/39', '4111 1111 1111 1111'],
    ['Amex ٣٧٨٢ ٨٢٢٤٦٣ ١٠٠٠٥, code on front', '3782 822463 10005'],
  ])('takes the one card number from "%s" and says the rest was left out', async (pasted, shown) => {
    await openCardPayment();
    paste(pasted);
    expect(number().value).toBe(shown);
    expect(said()).toBe('The card number was taken from what was pasted; the rest was left out. Check it against the card.');
    fireEvent.change(number(), { target: { value: shown.slice(0, -1) } }); // edited again: the note goes
    expect(said()).toBe('');
  });

  it.each([
    'Card 4111 1111 1111 1111, backup 5123 4500 0000 0008', // two numbers: which one?
    'Order 12345, phone 0501234567', // no card number
    '4111 1111 1111 1111 0139 9', // digits alone, 21 of them: never cut to 19
  ])('pastes nothing from "%s" and says to paste only the card number', async (pasted) => {
    await openCardPayment();
    fireEvent.change(number(), { target: { value: '5123' } });
    paste(pasted);
    expect(number().value).toBe('5123');
    expect(said()).toBe('Nothing was pasted: paste only the card number, 12 to 19 digits.');
  });

  it('says it in Arabic', async () => {
    await openCardPayment('ar');
    paste('البطاقة: 4111 1111 1111 1111');
    expect(said()).toBe('أُخذ رقم البطاقة مما لُصق وتُرك الباقي. طابقه مع البطاقة.');
    paste('بطاقتان 4111 1111 1111 1111 و 5123 4500 0000 0008');
    expect(said()).toBe('لم يُلصق شيء: الصق رقم البطاقة وحده، من 12 إلى 19 رقمًا.');
    expect(number().value).toBe('4111 1111 1111 1111');
  });

  it('replaces a partly typed number with a whole one pasted over it, digits alone', async () => {
    await openCardPayment();
    fireEvent.change(number(), { target: { value: '5123 45' } });
    paste('4111 1111 1111 1111');
    expect(number().value).toBe('4111 1111 1111 1111');
    expect(said()).toBe('');
  });
});

describe('the security code by the card\'s brand', () => {
  const submitWith = (card: string, cvv: string) => {
    fireEvent.change(number(), { target: { value: card } });
    fireEvent.change(input('terminal-card-cvv'), { target: { value: cvv } });
    fireEvent.click(screen.getByTestId('terminal-submit'));
  };

  it.each([
    ['4111 1111 1111 1111', '1234', 'A Visa card’s security code has 3 digits, on the back.'],
    ['5123 4500 0000 0008', '12', 'A Mastercard card’s security code has 3 digits, on the back.'],
    ['3782 822463 10005', '123', 'An American Express card’s security code has 4 digits, printed on the front above the number.'],
  ])('%s with code %s: says the brand\'s length', async (card, cvv, message) => {
    await openCardPayment();
    submitWith(card, cvv);
    expect(cvvError()).toBe(message);
    expect(calls.filter((c) => c.name === 'terminalSale')).toHaveLength(0);
  });

  it.each([['4111 1111 1111 1111', '123'], ['3782 822463 10005', '1234'], ['6759 6498 2643 8453', '1234'], ['6759 6498 2643 8453', '123']])('%s with code %s: no message (the brand\'s own length; a brand not recognised takes 3 or 4)', async (card, cvv) => {
    await openCardPayment();
    submitWith(card, cvv);
    expect(cvvError()).toBeNull();
  });

  it('says it in Arabic', async () => {
    await openCardPayment('ar');
    submitWith('3782 822463 10005', '123');
    expect(cvvError()).toBe('رمز الأمان في بطاقة أمريكان إكسبريس 4 أرقام، مطبوعة على وجهها فوق الرقم.');
  });
});
