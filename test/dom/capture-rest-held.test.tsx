// Capturing less than is left says what becomes of the rest (walk16): it stays held on the card,
// can be captured later and can no longer be voided. A shop that captured SAR 420.00 of a SAR 500.00
// hold for a smaller basket read nothing about the other SAR 80.00 and took it to be released.
// The whole amount says nothing more. English and Arabic; main is a stub and is never asked.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { translate, useLanguage } from '../../renderer/src/i18n';
import { formatAmount } from '../../renderer/src/i18n/format';

const held = cardSale({ id: 'pay-held', orderId: 'W16-HOLD', amountMinor: 50_000, statusWord: 'AUTHORIZED', state: 'authorised', capturedMinor: 0 });
const { calls } = stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment: held, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

const type = (value: string) => fireEvent.change(document.getElementById('action-amount')!, { target: { value } });
const rest = () => screen.queryByTestId('capture-rest')?.textContent ?? null;

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each(['en', 'ar'] as const)('in %s', (language) => {
  it('a part capture names the rest left held and that it can no longer be voided', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId={held.id} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-capture'));
    expect(rest()).toBeNull(); // the whole amount offered: nothing stays held
    type('420');
    expect(rest()).toBe(translate(language, 'action.capture.rest', { amount: formatAmount(8_000, 'SAR', language) }));
    expect(rest()).toMatch(language === 'en' ? /stays held.*no longer be voided/ : /محجوزًا.*لا يمكن إلغاء التفويض/);
    type('500');
    expect(rest()).toBeNull();
    type('500.01'); // more than is left: not sendable, the field says why instead
    expect(rest()).toBeNull();
    expect(calls.some((c) => c.name === 'capturePayment')).toBe(false);
  });
});
