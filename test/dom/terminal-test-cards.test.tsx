// Card payment on the practice profile offers the practice gateway's test cards (walk13, 2026-12-01):
// a new user's first card payment met a blank card number and no card to type, where the practice
// payment page lists its cards with "Fill in". One press fills the card's number, expiry and code as
// if typed, the name on the card is next, and Charge sends that card. Not offered on a sandbox or
// production profile (their cards are the gateway's, not these). English and Arabic.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { newPracticeLaptop, practiceProfile } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import { challengeCode, testCards } from '../../main/practice/model';

let answers: Record<string, unknown> = {};
let profile = practiceProfile();
const main = stubMain({
  ...newPracticeLaptop(),
  getActiveProfile: () => ({ ok: true as const, value: profile }),
}, { otherwise: (name) => answers[name] ?? notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
const { practiceChallengeCode, practiceTestCards } = await import('../../renderer/src/features/get-paid/practice-test-cards');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const cardFields = () => ['terminal-card-number', 'terminal-card-holder', 'terminal-card-expiryMonth', 'terminal-card-expiryYear', 'terminal-card-cvv'].map((id) => input(id).value);
const sales = () => calls.filter((c) => c.name === 'terminalSale') as Array<{ name: string; input: { card: Record<string, string> } }>;

async function openCardPayment(language: 'en' | 'ar') {
  act(() => useLanguage.getState().setLanguage(language));
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('terminal'));
  await screen.findByRole('heading', { name: translate(language, 'gp.terminal.screen'), level: 1 });
  await main.loaded();
}

beforeEach(() => {
  calls.length = 0;
  answers = {};
  profile = practiceProfile();
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('the practice gateway\'s test cards on Card payment', () => {
  it.each(['en', 'ar'] as const)('fills the approved card with one press, the name on the card next, and Charge sends it, in %s', async (language) => {
    answers.terminalSale = { ok: false, error: { code: 'request_rejected', message: 'The gateway refused the request.', reason: { key: 'gateway.request_rejected', values: { said: 'x' } } } };
    await openCardPayment(language);
    expect(screen.getByText(translate(language, 'gp.testCards.intro'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: translate(language, 'gp.testCards.approve') }));
    expect(cardFields()).toEqual(['5123 4500 0000 0008', '', '01', '2039', '100']);
    expect(document.activeElement?.id).toBe('terminal-card-holder');
    fireEvent.change(input('terminal-card-holder'), { target: { value: 'NOURA SALEH' } });
    fireEvent.change(input('terminal-amount'), { target: { value: '150.00' } });
    fireEvent.change(input('terminal-customer-email'), { target: { value: 'noura@example.com' } });
    fireEvent.change(input('terminal-customer-phone'), { target: { value: '+966501112233' } });
    fireEvent.click(screen.getByTestId('terminal-submit'));
    await waitFor(() => expect(sales()).toHaveLength(1));
    expect(sales()[0]!.input.card).toEqual({ number: '5123450000000008', holder: 'NOURA SALEH', expiryMonth: '01', expiryYear: '2039', cvv: '100' });
  });

  it('fills the declined and the 3-D Secure cards, naming the challenge\'s code, and keeps a name already typed', async () => {
    await openCardPayment('en');
    fireEvent.change(input('terminal-card-holder'), { target: { value: 'OMAR HADI' } });
    fireEvent.click(screen.getByRole('button', { name: translate('en', 'gp.testCards.decline') }));
    expect(cardFields()).toEqual(['4000 0000 0000 0002', 'OMAR HADI', '01', '2039', '123']);
    fireEvent.click(screen.getByRole('button', { name: '3-D Secure card (code 123456)' }));
    expect(cardFields()).toEqual(['4111 1111 1111 1111', 'OMAR HADI', '01', '2039', '123']);
  });

  it('is not offered on a sandbox profile', async () => {
    profile = { ...practiceProfile(), id: 'sandbox-1', name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1' };
    await openCardPayment('en');
    expect(screen.queryByRole('button', { name: translate('en', 'gp.testCards.approve') })).toBeNull();
    expect(screen.queryByText(translate('en', 'gp.testCards.intro'))).toBeNull();
  });

  it('offers the practice gateway\'s own published cards, each with the outcome it is named for', () => {
    const outcomes = Object.fromEntries(Object.entries(testCards).map(([number, card]) => [card.outcome, { number, expiry: card.expiry, cvv: card.cvv }]));
    const offered = Object.fromEntries(Object.entries(practiceTestCards).map(([outcome, card]) => [outcome, { number: card.number, expiry: `${card.expiryMonth}/${card.expiryYear.slice(2)}`, cvv: card.cvv }]));
    expect(offered).toEqual(outcomes);
    expect(practiceChallengeCode).toBe(challengeCode);
  });
});
