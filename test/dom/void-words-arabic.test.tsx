// A void reads as a void in Arabic, «إلغاء التفويض», everywhere a support agent meets it: its
// dialog, a payment's "What happened" and the audit log. «إلغاء» alone ("cancel") was the history's
// and the audit log's word for it, and the dialog's way out beside «ألغِ التفويض», so the dialog
// offered two buttons that both read "cancel". An authorise-only payment's creation reads
// "Authorised" («تفويض»), not "Created". main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { translate, useLanguage } from '../../renderer/src/i18n';
import { Timeline } from '../../renderer/src/features/transactions/timeline';
import type { PaymentDetail } from '../../renderer/src/features/transactions/detail-store';
import { auditAction } from '../../renderer/src/features/transactions/audit-words';

const authorised = cardSale({ state: 'authorised', authOnly: true, capturedMinor: 0, statusWord: 'AUTHORIZED' });
stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(authorised)) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const operation = (kind: string, amountMinor: number | null) => ({
  id: `op-${kind}`, kind, amountMinor, reason: null, osUser: 'root', person: null, outcome: 'succeeded', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-11-29T10:00:00.000Z', completedAt: '2026-11-29T10:00:01.000Z',
});
const voidedDetail = { ...paymentDetail({ ...authorised, state: 'voided' }), operations: [operation('create', 8_000), operation('void', null)] } as unknown as PaymentDetail;

describe('a void in Arabic', () => {
  it('has a dialog whose way out does not read as the void', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-void'));
    const buttons = within(screen.getByTestId('action-dialog')).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['ألغِ التفويض', 'تراجع']);
  });

  // A void's body is the transaction id alone (gateway-decisions.md §2): its optional reason is
  // Paydesk's own record, and the field says so (walk24: nothing said the gateway never gets it).
  it.each([['en', 'Kept in Paydesk’s audit log; the gateway is not sent it.'], ['ar', 'يُحفظ في سجل التدقيق في بايدسك، ولا يُرسل إلى البوابة.']] as const)('says under its reason (%s) that the gateway is not sent it', async (language, said) => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-void'));
    const reason = within(screen.getByTestId('action-dialog')).getByRole('textbox');
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe(said);
  });

  it('is «إلغاء التفويض» in what happened, after the authorisation «تفويض»', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    const { container } = render(<Timeline detail={voidedDetail} />);
    const entries = [...container.querySelectorAll('li > span')].map((s) => s.textContent);
    expect(entries[0]).toMatch(/^تفويض .*80\.00.* بواسطة/);
    expect(entries[1]).toMatch(/^إلغاء التفويض\s+بواسطة/);
  });

  it('is «إلغاء التفويض» in the audit log, its settling by hand too', () => {
    const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate('ar', key, values);
    expect(auditAction('void', t)).toBe('إلغاء التفويض');
    expect(auditAction('settle_void', t)).toContain('إلغاء تفويض');
  });

  // The list's row and the check-up said «الإلغاء» ("the cancelling") after the rest said «إلغاء التفويض».
  it('is «إلغاء التفويض» in the list\'s row while it is sent or unclear, and in the check-up\'s steps', () => {
    const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate('ar', key, values);
    expect([t('tx.open.sending.void'), t('tx.open.unknown.void')]).toEqual(['جارٍ إرسال إلغاء التفويض', 'إلغاء تفويض غير مؤكد']);
    expect([t('checkup.call.void'), t('checkup.action.void')]).toEqual(['إلغاء التفويض', 'إلغاء التفويض']);
    expect(t('checkup.finding.call_failed', { call: t('checkup.call.void'), error: t('error.code.timeout') })).toBe('لم يتم إلغاء التفويض. لم تُجب البوابة في الوقت المحدد.');
  });
});

describe('an authorise-only payment in English', () => {
  it('says "Authorised", not "Created", then "Void"', () => {
    const { container } = render(<Timeline detail={voidedDetail} />);
    expect(container.textContent).toMatch(/Authorised SAR\s80\.00 by root: Done/);
    expect(container.textContent).toMatch(/Void\s+by root: Done/);
  });
});
