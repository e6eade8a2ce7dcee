// The amount's hint under the getting-paid forms names the currency as the amounts beside it do: by
// its ISO code in both languages ("In SAR", «بعملة SAR» beside "150.75 SAR"; docs/words.md), by the
// app's one money formatter, for every currency. The code stays whole inside the Arabic sentence.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { currencyCodes, type CurrencyCode } from '../../contract/money';

stubMain({});
const { AmountField } = await import('../../renderer/src/features/get-paid/form-kit');
const { formatAmount, formatCurrency } = await import('../../renderer/src/i18n/format');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const hintOf = (currency: CurrencyCode) => {
  render(<AmountField form="link" amount="" currency={currency} onAmount={() => undefined} onCurrency={() => undefined} errors={{}} />);
  const field = screen.getByRole('textbox', { name: /Amount|المبلغ/ });
  return document.getElementById(field.getAttribute('aria-describedby')!)!.textContent;
};
const unmarked = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, '');

describe('the amount hint names the currency as the amounts do', () => {
  it('reads «بعملة SAR» in Arabic, as "150.75 SAR" beside it, and "In SAR" in English', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(unmarked(hintOf('SAR'))).toBe('بعملة SAR، والحد الأقصى خانتان عشريتان.');
    expect(unmarked(formatAmount(15075, 'SAR', 'ar'))).toBe('150.75\u00a0SAR');
    cleanup();
    expect(unmarked(hintOf('JPY'))).toBe('بعملة JPY، بلا كسور عشرية.');
    cleanup();
    act(() => useLanguage.getState().setLanguage('en'));
    expect(hintOf('SAR')).toBe('In SAR, up to 2 decimals.');
  });

  it('keeps the code whole in an Arabic hint, isolated', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(hintOf('USD')).toContain('بعملة \u2068USD\u2069،');
  });

  it.each(['en', 'ar'] as const)('words every currency in %s as its amounts do', (language) => {
    for (const currency of currencyCodes) expect(unmarked(formatAmount(100, currency, language)), currency).toContain(unmarked(formatCurrency(currency, language)));
  });
});
