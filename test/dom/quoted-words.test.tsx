// A red error quoting the gateway's own words, in Arabic: the quotation («…» and its full stop)
// is one element, drawn as one unit (app.css, `.quoted-words`), so a line break never splits it
// (its lines measured in Chromium: test/e2e/finance-week.test.ts). The text read is unchanged; in
// English, where the quote is not isolated, nothing is wrapped.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { NoticeLine, refused, said } from '../../renderer/src/ui/notice';
import { MainWords } from '../../renderer/src/ui/main-words';
import { translate, useLanguage, wordReason } from '../../renderer/src/i18n';
import { money } from '../../renderer/src/i18n/words';
import { formatAmount } from '../../renderer/src/i18n/format';
import { QuotedWords } from '../../renderer/src/ui/quoted-words';

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const notFound = { key: 'gateway.not_found', values: { said: 'No transaction tx_1710ou3i' } };

it('draws the gateway’s quoted words in an Arabic last error as one unit, with their «» and full stop', () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<p data-testid="last-error"><MainWords reason={notFound} english={null} /></p>);
  const units = screen.getByTestId('last-error').querySelectorAll('.quoted-words');
  expect([...units].map((unit) => unit.textContent)).toEqual(['«\u2068No transaction tx_1710ou3i\u2069».']);
  expect(screen.getByTestId('last-error').textContent).toBe(wordReason('ar', notFound));
});

it('does so in a refusal’s notice too', () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<NoticeLine notice={refused({ code: 'gateway_error', message: 'The gateway has no such order or transaction.', reason: notFound })} testId="notice" />);
  expect(screen.getByTestId('notice').querySelector('.quoted-words')?.textContent).toBe('«\u2068No transaction tx_1710ou3i\u2069».');
});

it('leaves an English error as it was', () => {
  render(<p data-testid="last-error"><MainWords reason={notFound} english={null} /></p>);
  expect(screen.getByTestId('last-error').querySelector('.quoted-words')).toBeNull();
  expect(screen.getByTestId('last-error').textContent).toBe('The gateway has no such order or transaction. Check the order reference or transaction id. The gateway said: “No transaction tx_1710ou3i”.');
});

it('draws a profile’s name in an Arabic notice as one isolated unit: a Latin one left to right and English, an Arabic one in its own direction', () => {
  // Unisolated, «Main store (sandbox)». drew its closing bracket and full stop on the wrong side.
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<NoticeLine notice={said('settings.saved', { profile: 'Main store (sandbox)' })} testId="latin" />);
  const latin = screen.getByTestId('latin');
  expect(latin.textContent).toBe('حُفظ ملف التعريف «\u2068Main store (sandbox)\u2069».');
  const name = latin.querySelector('.quoted-words bdi')!;
  expect([name.textContent, name.getAttribute('dir'), name.getAttribute('lang')]).toEqual(['\u2068Main store (sandbox)\u2069', 'ltr', 'en']);
  render(<NoticeLine notice={said('settings.removed', { profile: 'متجر الرياض 2' })} testId="arabic" />);
  const arabic = screen.getByTestId('arabic').querySelector('.quoted-words bdi')!;
  expect([arabic.textContent, arabic.getAttribute('dir'), arabic.getAttribute('lang')]).toEqual(['\u2068متجر الرياض 2\u2069', null, null]);
});

it('leaves the full stop after an amount that ends an Arabic sentence the sentence’s, not inside the amount (a path’s stays inside)', () => {
  // «تم استرداد ⁦‏25.500 KWD⁩.»: the stop taken into the amount's left-to-right element was drawn
  // between "KWD" and the Arabic words; the sentence's own, it is drawn at the line's end.
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<NoticeLine notice={said('action.done.refund', { amount: money(25_500, 'KWD') })} testId="refunded" />);
  const refunded = screen.getByTestId('refunded');
  expect(refunded.textContent).toBe('تم استرداد \u2066\u200f25.500\u00a0KWD\u2069.');
  // A notice keeps each left-to-right run whole on one line (walk6): the amount one element, the stop after it.
  expect(refunded.querySelector('bdi')?.textContent).toBe('\u2066\u200f25.500\u00a0KWD\u2069');
  expect(refunded.lastChild?.textContent).toBe('.');
  render(<NoticeLine notice={said('action.done.refund', { amount: money(-1_250, 'SAR') })} testId="negative" />);
  expect(screen.getByTestId('negative').lastChild?.textContent).toBe('.');
  // Each run kept on one line (a narrow cell's words): the amount one element, the stop after it.
  render(<p data-testid="whole"><QuotedWords text={translate('ar', 'action.done.refund', { amount: formatAmount(5, 'JPY', 'ar') })} wholeRuns /></p>);
  expect(screen.getByTestId('whole').querySelector('bdi')?.textContent).toBe('⁦‏5 JPY⁩');
  expect(screen.getByTestId('whole').lastChild?.textContent).toBe('.');
  // A path keeps its stop inside its own left-to-right element: "./tmp/…" read as a relative path.
  render(<p data-testid="path"><QuotedWords text={'حُفظ في \u2066/tmp/paydesk-diagnostics.json\u2069.'} /></p>);
  const path = screen.getByTestId('path').querySelector('bdi')!;
  expect([path.textContent, path.getAttribute('dir')]).toEqual(['\u2066/tmp/paydesk-diagnostics.json\u2069.', 'ltr']);
});
