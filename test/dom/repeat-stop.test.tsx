// "Stop repeat charges" in a stored card's payments (main/payments/repeat-stop.ts): support, told
// the customer cancelled, presses it on the first payment or on any repeat charge; the detail then
// says who stopped them and when, "Charge again" is no longer offered, the list of repeat charges is
// marked "Stopped", and "Allow repeat charges again" lifts it. The list names the series (its first
// payment's order id, what it was for, amount, customer) and what each charge was for (the
// eleventh walk: "which month was this" meant opening each). Staff and finance are not offered the
// buttons (the team database refuses them anyway). English and Arabic; main is a stub that keeps the mark.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo, type TestTeam } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { useLanguage } from '../../renderer/src/i18n';
import { formatAmount, formatShortDateTime } from '../../renderer/src/i18n/format';

const first = cardSale({ id: 'pay-1', orderId: 'BOX-MUNA', amountMinor: 9_900, capturedMinor: 9_900, description: 'Monthly coffee box', customer: { name: 'منى الدوسري', email: null, phone: null }, recurringAvailable: true, recurringRequested: true });
const repeat = cardSale({ id: 'pay-2', orderId: 'PD-REPEAT-DEC', amountMinor: 9_900, capturedMinor: 9_900, description: 'December box', kind: 'recurring', parentPaymentId: 'pay-1' });
const stoppedAt = '2026-12-01T09:30:00.000Z';
let stop: { at: string; by: string } | null = null;
/** A colleague's repeat charge recorded before the Stop and not yet answered (main names it: repeat-stop.ts). */
let sendingMeanwhile = false;
const plain = cardSale({ id: 'pay-3', orderId: 'SALE-1' });
const detailOf = (paymentId: string) => paymentId === 'pay-3' ? { ...paymentDetail(plain), repeatStop: null }
  : paymentId === 'pay-1'
  ? { ...paymentDetail(first), repeatStop: stop, related: { parent: null, repeats: [{ id: 'pay-2', orderId: 'PD-REPEAT-DEC', amountMinor: 9_900, state: 'paid', createdAt: '2026-12-01T10:00:00Z', kind: 'recurring', description: 'December box' }] } }
  : { ...paymentDetail(repeat), repeatStop: stop, related: { parent: { id: 'pay-1', orderId: 'BOX-MUNA', amountMinor: 9_900, recurringAvailable: true, cardMasked: '512345******0008', description: 'Monthly coffee box', customerName: 'منى الدوسري' }, repeats: [] } };
const main = stubMain({
  getPayment: ({ paymentId }: { paymentId: string }) => ({ ok: true, value: unchecked(detailOf(paymentId)) }),
  setRepeatStop: ({ stopped }: { stopped: boolean }) => {
    stop = stopped ? { at: stoppedAt, by: 'sara' } : null;
    const sending = stopped && sendingMeanwhile ? [{ paymentId: 'pay-4', orderId: 'PD-REPEAT-JAN', amountMinor: 9_900, currency: 'SAR', by: 'omar' }] : [];
    const warning = sending.length ? { key: 'rule.repeatStoppedWhileSending', values: { amountMinor: 9_900, currency: 'SAR', orderId: 'PD-REPEAT-JAN', person: 'omar', others: 0 } } : null;
    return { ok: true, value: { repeatStop: stop, sending, warning } };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession } = await import('../../renderer/src/app/session-store');

beforeEach(() => {
  stop = null;
  sendingMeanwhile = false;
  main.calls.length = 0;
  useSession.setState({ info: appInfo(null) });
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const open = async (paymentId: string) => {
  render(<PaymentDetailPanel paymentId={paymentId} onClose={() => undefined} />);
  await screen.findByTestId('action-status');
};

describe('stopping a stored card\'s repeat charges', () => {
  it('stopped from the first payment: who and when, no "Charge again", the list marked, the keyboard on "Allow repeat charges again"', async () => {
    await open('pay-1');
    expect(screen.getByRole('button', { name: 'Charge again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop repeat charges' }));
    const allow = await screen.findByRole('button', { name: 'Allow repeat charges again' });
    expect(main.asked('setRepeatStop')).toEqual([{ paymentId: 'pay-1', stopped: true }]);
    expect(screen.getByTestId('repeat-stopped').textContent).toBe(`Repeat charges of this card were stopped by \u2068sara\u2069 on ${formatShortDateTime(stoppedAt, 'en')}: “Charge again” is refused until someone chooses “Allow repeat charges again”.`);
    expect(screen.getByTestId('detail-notice').textContent).toContain('Repeat charges of this card are stopped. Nothing was sent to the gateway.');
    expect(screen.queryByRole('button', { name: 'Charge again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop repeat charges' })).toBeNull();
    expect(screen.getByRole('heading', { name: /Repeat charges of this card/ }).textContent).toBe('Repeat charges of this card Stopped');
    await waitFor(() => expect(document.activeElement).toBe(allow));
  });

  it.each(['en', 'ar'] as const)('stopped while a colleague\'s repeat charge was already being sent: says so, by whom, and to check it and refund it (%s)', async (language) => {
    sendingMeanwhile = true;
    act(() => useLanguage.getState().setLanguage(language));
    await open('pay-1');
    fireEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Stop repeat charges' : 'إيقاف الخصم المتكرر' }));
    await screen.findByRole('button', { name: language === 'en' ? 'Allow repeat charges again' : 'السماح بالخصم المتكرر مجددًا' });
    const notice = screen.getByTestId('detail-notice');
    expect(notice.className).toContain('notice-error');
    const amount = formatAmount(9_900, 'SAR', language);
    if (language === 'en') {
      expect(notice.textContent).toContain('but a repeat charge of');
      expect(notice.textContent).toContain('was already being sent to the gateway at that moment: it may still go through.');
      expect(notice.textContent).toContain('check its status; if the customer was charged, refund it.');
    } else {
      expect(notice.textContent).toContain('كان قيد الإرسال إلى البوابة في تلك اللحظة، فقد يتم.');
      expect(notice.textContent).toContain('وإن خُصم المبلغ من العميل فاسترده.');
    }
    for (const part of ['PD-REPEAT-JAN', 'omar', amount.replace(/[\u2066-\u2069]/g, '')]) expect(notice.textContent!.replace(/[\u2066-\u2069]/g, '')).toContain(part);
    expect(notice.textContent).not.toContain('Nothing was sent to the gateway.');
  });

  it('a repeat charge\'s detail shows the mark of its card and allows them again', async () => {
    stop = { at: stoppedAt, by: 'sara' };
    await open('pay-2');
    expect(screen.getByTestId('repeat-stopped')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Charge again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Allow repeat charges again' }));
    await screen.findByRole('button', { name: 'Charge again' });
    expect(main.asked('setRepeatStop')).toEqual([{ paymentId: 'pay-2', stopped: false }]);
    expect(screen.queryByTestId('repeat-stopped')).toBeNull();
    expect(screen.getByTestId('detail-notice').textContent).toContain('Repeat charges of this card are allowed again.');
    expect(screen.getByRole('button', { name: 'Stop repeat charges' })).toBeTruthy();
  });

  it('the list names the series and what each charge was for', async () => {
    await open('pay-1');
    const amount = formatAmount(9_900, 'SAR', 'en');
    expect(screen.getByTestId('repeat-series').textContent).toBe(`Card stored with BOX-MUNA · Monthly coffee box · ${amount} · منى الدوسري`);
    expect(screen.getByTestId('repeat-description').textContent).toBe('December box');
    cleanup();
    await open('pay-2');
    // Beside the first payment's own link: what it was for, its amount, the customer.
    expect(screen.getByTestId('related-payments').textContent).toContain(`BOX-MUNA · Monthly coffee box · ${amount} · منى الدوسري`);
  });

  it('in Arabic', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await open('pay-1');
    fireEvent.click(screen.getByRole('button', { name: 'إيقاف الخصم المتكرر' }));
    await screen.findByRole('button', { name: 'السماح بالخصم المتكرر مجددًا' });
    expect(screen.getByTestId('repeat-stopped').textContent).toBe(`أوقف \u2066sara\u2069 الخصم المتكرر من هذه البطاقة في ${formatShortDateTime(stoppedAt, 'ar')}: يُرفض «خصم مرة أخرى» حتى يختار أحدٌ «السماح بالخصم المتكرر مجددًا».`);
    expect(screen.getByRole('heading', { name: /الخصومات المتكررة من هذه البطاقة/ }).textContent).toBe('الخصومات المتكررة من هذه البطاقة موقوف');
    expect(screen.getByTestId('repeat-series').textContent).toContain('البطاقة محفوظة مع BOX-MUNA');
  });

  it.each([[{ role: 'staff' }], [{ role: 'finance' }]] as Array<[TestTeam]>)('not offered to %o on the team ledger; the mark still shown', async (team) => {
    useSession.setState({ info: appInfo(team) });
    await open('pay-1');
    expect(screen.queryByRole('button', { name: 'Stop repeat charges' })).toBeNull();
    cleanup();
    stop = { at: stoppedAt, by: 'sara' };
    await open('pay-1');
    expect(screen.getByTestId('repeat-stopped')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow repeat charges again' })).toBeNull();
  });

  it('a sale whose card was not stored offers neither', async () => {
    await open('pay-3');
    expect(screen.queryByRole('button', { name: 'Stop repeat charges' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Allow repeat charges again' })).toBeNull();
  });
});
