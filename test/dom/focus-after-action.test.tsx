// The keyboard stays near what a person pressed when what follows takes the pressed button away:
// refunding or capturing the rest closes the dialog and the payment's new state removes the button
// that opened it (the focus then fell to the page's body, and a keyboard user was lost); the audit
// log's "Older entries" is disabled at the last page, "Newer entries" back at the newest; its Export
// gives way to Cancel while it runs, and back (the keyboard fell to the page twice). A part
// refunded keeps the keyboard on Refund, though the button was not drawn while the refund's answer
// was on its way. main is a stub here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const sale = cardSale();
let payment: Record<string, unknown> = sale;
const entry = (seq: number) => ({ seq, at: '2026-11-23T10:00:00.000Z', osUser: 'layla', profileId: null, environment: null, action: 'export_payments', paymentId: null, orderId: null, amountMinor: null, currency: null, reason: null, result: '3 rows' });
/** A part refund: main tells of the refund under way (the payment reloaded with Refund disabled) before it answers. */
let partRefund = false;
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(payment)) }),
  refundPayment: async () => {
    if (partRefund) {
      payment = { ...sale, operationInFlight: true };
      main.tell({ type: 'payments.changed', paymentIds: ['pay-1'] });
      // vitest's wait, not testing-library's: this runs inside the test's own waitFor, and a second one
      // would hand React's act environment back on as it ended, while the test's is still waiting.
      await vi.waitFor(() => expect(screen.queryByTestId('action-refund')).toBeNull()); // not offered while under way
      payment = { ...sale, state: 'partially_refunded', refundedMinor: 1_000, updatedAt: '2026-11-23T10:05:00.000Z' };
      return { ok: true, value: unchecked(payment) };
    }
    payment = { ...sale, state: 'refunded', refundedMinor: 8_000, updatedAt: '2026-11-23T10:05:00.000Z' };
    return { ok: true, value: unchecked(payment) };
  },
  capturePayment: () => {
    payment = { ...sale, updatedAt: '2026-11-23T10:05:00.000Z' };
    return { ok: true, value: unchecked(payment) };
  },
  // 250 entries: a page of 200, then the last 50.
  listAuditLog: (input) => {
    const top = (input.beforeSeq ?? 251) - 1;
    const rows = Array.from({ length: Math.min(200, top) }, (_, i) => entry(top - i));
    return { ok: true, value: { total: 250, totalExact: true, chainIntact: true, chain: { intact: true, checkedThrough: 250, last: 250 }, rows } };
  },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
  exportToFile: () => ({ ok: true, value: unchecked({ exportId: 'audit-1', path: '/home/layla/Downloads/paydesk-audit.csv' }) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

beforeEach(() => {
  payment = sale;
  partRefund = false;
});
afterEach(() => cleanup());

describe('a payment’s action whose button goes away', () => {
  it('refunding the rest with Enter leaves the keyboard on the payment’s title', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const refund = await screen.findByTestId('action-refund');
    refund.focus();
    fireEvent.click(refund);
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Returned' } });
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('action-refund')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'DOC-1' })));
  });

  it('capturing the rest does too, the Capture button gone', async () => {
    payment = { ...sale, authOnly: true, state: 'authorised', capturedMinor: 0, statusWord: 'AUTHORIZED' };
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const capture = await screen.findByTestId('action-capture');
    capture.focus();
    fireEvent.click(capture);
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('action-capture')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'DOC-1' })));
  });

  it('a part refunded gives the keyboard back to Refund, not drawn while the refund was on its way (not to the title)', async () => {
    partRefund = true;
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const refund = await screen.findByTestId('action-refund');
    refund.focus();
    fireEvent.click(refund);
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Returned one' } });
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('action-refund')));
  });

  it('gives the focus back to the opener while it is still there (cancelled)', async () => {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const refund = await screen.findByTestId('action-refund');
    refund.focus();
    fireEvent.click(refund);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByTestId('action-refund'));
  });
});

describe('the audit log’s pager', () => {
  it('at the last page, "Older entries" hands the keyboard to "Newer entries", and back at the newest the other way round', async () => {
    render(<AuditScreen />);
    const older = await screen.findByTestId('audit-older');
    await waitFor(() => expect((older as HTMLButtonElement).disabled).toBe(false));
    older.focus();
    fireEvent.click(older);
    await waitFor(() => expect((screen.getByTestId('audit-older') as HTMLButtonElement).disabled).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('audit-newer')));
    fireEvent.click(screen.getByTestId('audit-newer'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('audit-older')));
    expect(main.listeners.size).toBeGreaterThan(0);
  });
});

describe('the audit log’s export', () => {
  it('keeps the keyboard: on Cancel while it runs, back on Export once saved', async () => {
    render(<AuditScreen />);
    const exportButton = await screen.findByTestId('audit-export');
    exportButton.focus();
    fireEvent.click(exportButton);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    main.tell({ type: 'export.progress', exportId: 'audit-1', rows: 250, total: 250, done: true });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('audit-export')));
  });
});
