// The capture and refund dialogs' Send button names the amount it sends ("Refund SAR 20.00"): an
// amount it will not send (0, more than is left, one it cannot read) is named nowhere, the button
// reads "Refund" alone and the line above "—", while the field says why. It named "Refund SAR 160.01"
// drawn unavailable, beside "At most SAR 80.00 is left." An amount's example follows the currency's
// decimals (KWD three). English and Arabic; main is a stub and is never asked.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { translate, useLanguage, type Language } from '../../renderer/src/i18n';
import { formatAmount } from '../../renderer/src/i18n/format';

const refundable = cardSale();
const held = cardSale({ id: 'pay-2', orderId: 'DOC-2', amountMinor: 25_500, currency: 'KWD', statusWord: 'AUTHORIZED', state: 'authorised', capturedMinor: 0 });
const { calls } = stubMain({
  getPayment: (input) => ({ ok: true, value: unchecked({
    payment: input?.paymentId === held.id ? held : refundable,
    related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [],
  }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const type = (value: string) => fireEvent.change(document.getElementById('action-amount')!, { target: { value } });
const button = () => screen.getByTestId('action-send');
const line = () => screen.getByTestId('confirm-line').textContent;
const fieldError = () => document.getElementById('action-amount-error')?.textContent ?? null;

async function open(language: Language, paymentId: string, action: 'refund' | 'capture') {
  act(() => useLanguage.getState().setLanguage(language));
  render(<PaymentDetailPanel paymentId={paymentId} onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId(`action-${action}`));
}
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each(['en', 'ar'] as const)('in %s', (language) => {
  const sar = (minor: number) => formatAmount(minor, 'SAR', language);
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string>) => translate(language, key, values);

  it('the refund’s Send names the amount only while it can be sent', async () => {
    await open(language, refundable.id, 'refund');
    type('20');
    expect(button().textContent).toBe(t('action.send.refund', { amount: sar(2_000) }));
    expect(line()).toContain(sar(2_000));
    for (const amount of ['80.01', '0', '0.00', 'abc']) {
      type(amount);
      expect(button().textContent, amount).toBe(t('action.sendNoAmount.refund'));
      expect(button().getAttribute('aria-disabled'), amount).toBe('true');
      expect(line(), amount).not.toMatch(/\d/); // no amount in "Refund — to …"
      expect(fieldError(), amount).not.toBeNull(); // why, beside the field
    }
    expect(fieldError()).toBe(language === 'en' ? 'Enter the amount as digits, for example 125.50.' : 'أدخل المبلغ بالأرقام، مثل \u2066125.50\u2069.');
    type('80');
    expect(button().textContent).toBe(t('action.send.refund', { amount: sar(8_000) }));
    expect(calls.some((c) => c.name === 'refundPayment')).toBe(false);
  });

  it('the capture’s too, and a KWD amount’s example has three decimals', async () => {
    await open(language, held.id, 'capture');
    type('25.501');
    expect(button().textContent).toBe(t('action.sendNoAmount.capture'));
    type('1.250,5');
    expect(button().textContent).toBe(t('action.sendNoAmount.capture'));
    expect(fieldError()).toBe(language === 'en'
      ? 'Use a dot for the decimals, as in 1234.500; a comma only separates thousands (1,234.500).'
      : 'استخدم النقطة للكسور العشرية كما في \u20661234.500\u2069؛ الفاصلة تفصل الآلاف فقط (\u20661,234.500\u2069).');
    type('x');
    expect(fieldError()).toBe(language === 'en' ? 'Enter the amount as digits, for example 125.500.' : 'أدخل المبلغ بالأرقام، مثل \u2066125.500\u2069.');
    type('25.5');
    expect(button().textContent).toBe(t('action.send.capture', { amount: formatAmount(25_500, 'KWD', language) }));
    expect(calls.some((c) => c.name === 'capturePayment')).toBe(false);
  });
});
