// A red error quoting the gateway's own words, in Arabic: the quotation («…» and its full stop)
// is one element, drawn as one unit (app.css, `.quoted-words`), so a line break never splits it
// (its lines measured in Chromium: test/e2e/finance-week.test.ts). The text read is unchanged; in
// English, where the quote is not isolated, nothing is wrapped.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { NoticeLine, refused, said } from '../../renderer/src/ui/notice';
import { MainWords } from '../../renderer/src/ui/main-words';
import { useLanguage, wordReason } from '../../renderer/src/i18n';

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
