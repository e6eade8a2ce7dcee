// A refund's dialog as a screen reader enters it (walk18): the keyboard opens in the amount, so what
// was read was "Refund, dialog" then "Amount (SAR), 80.00": not whose payment, which order, nor what
// is left. The dialog is now described by its facts, read on the way in. English and Arabic.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { cardSale } from '../support/payment-view';
import { stubMain } from '../support/stub-main';

stubMain({});
const { ActionDialog } = await import('../../renderer/src/features/transactions/action-dialog');
const { useLanguage } = await import('../../renderer/src/i18n');
const sale = cardSale({ orderId: 'W18-SALE-1', customer: { name: 'Mariam Zahrani', email: null, phone: null } });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([
  ['en', 'Refund', ['Mariam Zahrani', 'W18-SALE-1', 'Left to refund', 'SAR 80.00']],
  ['ar', 'استرداد', ['Mariam Zahrani', 'W18-SALE-1', 'المتبقي للاسترداد', '80.00 SAR']],
] as const)('a refund dialog is described by whose payment it is and what is left (%s)', (language, title, facts) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<ActionDialog kind="refund" payment={sale} remainingMinor={sale.amountMinor} onDone={() => undefined} onClose={() => undefined} />);
  const dialog = screen.getByRole('dialog', { name: title });
  const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent?.replace(/[\u00a0\u200f\u2066-\u2069]/g, (c) => (c === '\u00a0' ? ' ' : '')) ?? '';
  for (const fact of facts) expect(description).toContain(fact);
});
