// The reasons Paydesk writes into the ledger itself (the check-up's refunds: "Gateway check-up:
// returning the test money") read in the reader's language on the audit log and in a payment's
// history, old ledgers' English text included; a reason a person typed stays as typed.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { checkupRefundReason } from '../../contract/app-written-reasons';
import type { PaymentDetail } from '../../renderer/src/features/transactions/detail-store';
import { stubMain, unchecked } from '../support/stub-main';

const entry = (seq: number, action: string, reason: string) => ({
  seq, at: '2026-11-29T09:48:00.000Z', osUser: 'root', profileId: null, environment: 'practice', action, paymentId: 'p-1',
  orderId: `CHK-20261129-R222662-${seq}`, amountMinor: 200, currency: 'SAR', reason, result: 'done',
});
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: null }) }),
  listAuditLog: () => ({ ok: true, value: { total: 2, totalExact: true, chainIntact: true, rows: [entry(2, 'checkup_refund', checkupRefundReason), entry(1, 'refund', 'Gateway check-up: item damaged')] } }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { Timeline } = await import('../../renderer/src/features/transactions/timeline');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('words the check-up refunds\' reason in Arabic on the audit log, and keeps a typed reason as typed', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<AuditScreen />);
  const table = await screen.findByTestId('audit-table');
  await waitFor(() => expect(table.querySelectorAll('tbody tr').length).toBe(2));
  const [checkup, typed] = [...table.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
  expect(checkup).toContain('الفحص: استرداد — فحص البوابة: إعادة أموال الاختبار');
  expect(checkup).not.toMatch(/[A-Za-z]{3,} [a-z]/); // no English sentence left (order ids and "root" are data)
  expect(typed).toContain('Gateway check-up: item damaged');
});

it('words it in English as before', async () => {
  render(<AuditScreen />);
  const table = await screen.findByTestId('audit-table');
  await waitFor(() => expect(table.textContent).toContain('Check-up: Refund — Gateway check-up: returning the test money'));
});

it('words it in Arabic in the payment\'s history too', () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  const refund = { id: 'op-1', kind: 'refund', amountMinor: 200, reason: checkupRefundReason, osUser: 'root', person: null, outcome: 'succeeded', errorCode: null, errorMessage: null, gatewayAnswer: null, createdAt: '2026-11-29T09:48:00.000Z', completedAt: null };
  const detail = unchecked<PaymentDetail>({ payment: { currency: 'SAR' }, operations: [refund], history: [], checks: [], webhooks: [], related: { parent: null, repeats: [] } });
  const { container } = render(<Timeline detail={detail} />);
  expect(container.querySelector('.user-text')?.textContent).toBe('فحص البوابة: إعادة أموال الاختبار');
});
