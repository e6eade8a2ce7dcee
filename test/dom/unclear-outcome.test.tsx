// When an operation's answer is lost mid-call, what the person sees and where the keyboard is, as
// found by the walkthrough of 2026-11-29 (docs/screens-after-sale.md, "When an answer is lost"):
// - a payment whose unclear refund the checks cannot decide says one thing: settle it by hand
//   (it also said "Check the status before doing anything else", which no check can settle);
// - after several failed checks (the gateway's status down) "Settle by hand…" is offered too: main
//   allows it, and the detail offered nothing but "Check status now", which kept failing;
// - the refund dialog turned "Outcome unknown" with the keyboard on the page's body (its form
//   went away), and a failed status check there left it on the body again.
// main is a stub here.
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import type { PaymentView } from '../../contract/methods/payments';

const unclearRefund = {
  id: 'op-2', kind: 'refund', amountMinor: 4_000, reason: 'Customer asked', osUser: 'layla', person: null, outcome: 'unknown', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-11-23T10:01:00.000Z', completedAt: null,
};
/** The operation whose answer was lost, as the detail lists it. */
let lostOperation: typeof unclearRefund = unclearRefund;
// Sandbox payments: a gateway with a dashboard to look things up on (the practice one has none: detail-truths.test.tsx).
let payment: PaymentView = cardSale({ environment: 'sandbox' });
let statusAnswer: () => unknown;
/** The refund's answer comes when this settles (at once unless a test holds it). */
let answerHeld: Promise<void> = Promise.resolve();
stubMain({
  getPayment: () => ({ ok: true, value: unchecked({
    payment, related: { parent: null, repeats: [] }, operations: payment.operationInFlight ? [lostOperation] : [], history: [], checks: [], webhooks: [],
  }) }),
  // The refund's answer lost: main answers with the operation still open.
  refundPayment: async () => {
    await answerHeld;
    payment = { ...payment, operationInFlight: true };
    return { ok: true, value: payment };
  },
  checkPaymentStatus: () => {
    // Chromium drops the focus of a button disabled while it asks (jsdom keeps it): as Chromium does.
    (document.activeElement as HTMLElement | null)?.blur();
    return unchecked(statusAnswer());
  },
  // The other profile's test's payment is made on "practice" with "shop" active, both still there (a removed profile's note is other-profile-switch.test.tsx's).
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [{ id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'https://sandbox.example/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null }], activeId: 'practice' }) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
const { UnknownOutcome } = await import('../../renderer/src/features/get-paid/outcome');
const { useSession } = await import('../../renderer/src/app/session-store');
useSession.setState({ info: appInfo(null) });

const failedCheck = () => ({ ok: false, error: { code: 'gateway_error', message: 'The gateway reported an error. Try again later.' } });
/** main's answer to a status check that cannot decide the unclear operation: it is left to a person. */
const leftUndecided = (more: Partial<PaymentView> = {}) => () => {
  payment = { ...payment, ...more, needsAttention: true, attentionReason: 'undecidable' };
  return { ok: true, value: payment };
};
/** The detail of `start` with "Check status now" pressed, the check leaving it undecided. */
async function checkLeftUndecided(start: PaymentView, more: Partial<PaymentView> = {}) {
  payment = start;
  statusAnswer = leftUndecided(more);
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId('action-status'));
}

beforeEach(() => {
  payment = cardSale({ environment: 'sandbox' });
  lostOperation = unclearRefund;
  statusAnswer = failedCheck;
  answerHeld = Promise.resolve();
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('a payment whose unclear refund waits for a person', () => {
  it('the answers could not decide it: says to settle it by hand, and not also to check the status', async () => {
    // A sandbox's payment: the gateway has a dashboard (the practice gateway's words are detail-truths.test.tsx's).
    payment = cardSale({ environment: 'sandbox', operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const plain = () => screen.getByTestId('attention-undecidable').querySelector('p')!.textContent!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
    // What to look up on the dashboard, as the note after failed checks says it: "the last refund" alone
    // left support scrolling to What happened for its amount (the fifteenth walk, docs/screens-walks.md).
    await waitFor(() => expect(plain()).toBe('The gateway’s answers cannot tell whether the last refund went through. Look up order reference DOC-1 for SAR 40.00 on the gateway’s dashboard, then settle it here.'));
    expect(screen.getByTestId('action-settle')).toBeTruthy();
    expect(screen.queryByTestId('detail-in-flight')).toBeNull();
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect(plain()).toBe('لا تكفي ردود البوابة لمعرفة هل تمت آخر عملية استرداد. ابحث في لوحة تحكم البوابة عن مرجع الطلب DOC-1 بمبلغ 40.00 SAR، ثم سوِّها هنا.'));
  });

  // The one-press check first, settling by hand the fallback with what to look for (it sent people to the dashboard first).
  it('several checks failed (the status down): says to check the status first, then offers "Settle by hand…" with what to look up, in English and Arabic', async () => {
    payment = cardSale({ operationInFlight: true, needsAttention: true, attentionReason: 'unsettled' });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const note = await screen.findByTestId('attention-undecidable');
    const plain = (text: string | null) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
    expect(plain(note.querySelector('p')!.textContent)).toBe('Several status checks brought no answer that settles the last refund. Try “Check status now” first. If the checks keep failing, look up order reference DOC-1 for SAR 40.00 on the gateway’s dashboard, then settle it here.');
    expect(screen.getByTestId('action-settle').textContent).toBe('Settle by hand…');
    expect(screen.queryByTestId('detail-in-flight')).toBeNull();
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect(plain(screen.getByTestId('attention-undecidable').querySelector('p')!.textContent)).toBe('لم تأتِ عدة فحوص للحالة بردٍّ يحسم آخر عملية استرداد. جرّب «افحص الحالة الآن» أولًا. وإن ظلت الفحوص تفشل، فابحث في لوحة تحكم البوابة عن مرجع الطلب DOC-1 بمبلغ 40.00 SAR، ثم سوِّها هنا.'));
    expect(screen.getByTestId('action-settle').textContent).toBe('تسوية يدوية…');
  });

  // Its detail has no "Check status now" (only "Switch to …"): "Try “Check status now” first" sent people looking for it.
  it('on another profile\'s payment, says to switch to that profile first, then check the status, in English and Arabic', async () => {
    act(() => useSession.setState({ profile: { id: 'shop' } as never }));
    try {
      payment = cardSale({ operationInFlight: true, needsAttention: true, attentionReason: 'unsettled' });
      render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
      const note = await screen.findByTestId('attention-undecidable');
      const plain = (text: string | null) => text!.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');
      expect(plain(note.querySelector('p')!.textContent)).toBe('Several status checks brought no answer that settles the last refund. Switch to the profile it was made on first, then try “Check status now”. If the checks keep failing, look up order reference DOC-1 for SAR 40.00 on the gateway’s dashboard, then settle it from that profile.');
      expect(screen.queryByTestId('action-status')).toBeNull();
      expect(screen.getByTestId('other-profile')).toBeTruthy();
      act(() => useLanguage.getState().setLanguage('ar'));
      await waitFor(() => expect(plain(screen.getByTestId('attention-undecidable').querySelector('p')!.textContent)).toBe('لم تأتِ عدة فحوص للحالة بردٍّ يحسم آخر عملية استرداد. انتقل أولًا إلى ملف التعريف الذي أُجريت عليه، ثم جرّب «افحص الحالة الآن». وإن ظلت الفحوص تفشل، فابحث في لوحة تحكم البوابة عن مرجع الطلب DOC-1 بمبلغ 40.00 SAR، ثم سوِّها من ملف التعريف ذاك.'));
    } finally {
      act(() => useSession.setState({ profile: undefined }));
    }
  });

  // "Settle by hand…" sat in the note, above the "Check status now" the note says to try first.
  it('offers "Check status now" before "Settle by hand…", in reading and keyboard order, with the other actions', async () => {
    payment = cardSale({ operationInFlight: true, needsAttention: true, attentionReason: 'unsettled' });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const settle = await screen.findByTestId('action-settle');
    const focusable = [...screen.getByTestId('payment-detail').querySelectorAll<HTMLElement>('button, input, [tabindex]')].filter((el) => el.tabIndex >= 0);
    expect(focusable.indexOf(screen.getByTestId('action-status'))).toBe(focusable.indexOf(settle) - 1);
    expect(focusable.every((el) => el.tabIndex === 0)).toBe(true); // the page's order is the keyboard's
    expect(settle.closest('.detail-actions')).toBe(screen.getByTestId('action-status').closest('.detail-actions'));
    expect(screen.getByTestId('attention-undecidable').querySelector('button')).toBeNull();
  });

  // From Needs attention the keyboard is on the payment's title: "Settle by hand…" was four Tabs on (Copy, ×, the check).
  it('opens "Settle by hand…" with h, on an Arabic layout too (ا), where it is offered only', async () => {
    payment = cardSale({ operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    expect((await screen.findByTestId('action-settle')).getAttribute('aria-keyshortcuts')).toBe('H');
    fireEvent.keyDown(window, { key: 'h', code: 'KeyH' });
    expect(await screen.findByTestId('settle-dialog')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape', code: 'Escape' });
    expect(screen.queryByTestId('settle-dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 'ا', code: 'KeyH' });
    expect(await screen.findByTestId('settle-dialog')).toBeTruthy();
    cleanup();
    payment = cardSale({ operationInFlight: true });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    await screen.findByTestId('detail-in-flight');
    fireEvent.keyDown(window, { key: 'h', code: 'KeyH' });
    expect(screen.queryByTestId('settle-dialog')).toBeNull();
  });

  it('before the checks are done with it, says to check the status and offers no settling', async () => {
    payment = cardSale({ operationInFlight: true });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    expect((await screen.findByTestId('detail-in-flight')).textContent).toMatch(/Check the status/);
    expect(screen.queryByTestId('action-settle')).toBeNull();
  });

  it('names the operation whose answer was lost, with its amount, in English and Arabic (it said "the last operation")', async () => {
    payment = cardSale({ operationInFlight: true });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const note = await screen.findByTestId('detail-in-flight');
    expect(note.textContent!.replace(/[\u2066-\u2069]/g, '')).toBe('The refund of SAR\u00a040.00 was sent, but its answer was lost: it may or may not have gone through. Paydesk is checking. Check the status before doing anything else.');
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect(screen.getByTestId('detail-in-flight').textContent).toMatch(/^أُرسل استرداد .*40\.00.*، لكن رده فُقد/));
  });
});

describe('the refund dialog whose answer is lost', () => {
  async function sendLostRefund() {
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Customer asked' } });
    fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
    await screen.findByTestId('outcome-unknown');
  }

  it('says why it is still "Sending…" once the gateway is slow to answer, and what will follow', async () => {
    let answer = () => undefined as void;
    answerHeld = new Promise((resolve) => (answer = resolve));
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('action-refund'));
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Customer asked' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.submit(screen.getByTestId('action-send').closest('form')!);
      await act(async () => undefined);
      expect(screen.getByTestId('action-send').textContent).toBe('Sending…');
      await act(async () => void vi.advanceTimersByTime(3_900));
      expect(screen.queryByTestId('action-waiting')).toBeNull();
      await act(async () => void vi.advanceTimersByTime(200));
      expect(screen.getByTestId('action-waiting').textContent).toBe('Still waiting for the gateway’s answer. Keep Paydesk open: if no clear answer comes, it will ask you to check the status, never to send again.');
    } finally {
      vi.useRealTimers();
    }
    answer();
    await screen.findByTestId('outcome-unknown');
    expect(screen.queryByTestId('action-waiting')).toBeNull();
  });

  it('puts the keyboard on "Check status now", the one thing it asks for', async () => {
    await sendLostRefund();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('check-status')));
  });

  // Walkthrough in Arabic at 600 px (2026-11-29): Escape did nothing here, its Close worked; the
  // dialog only keeps Escape from closing it while a request is on its way.
  it('closes on Escape, as its Close does, the keyboard back in the payment\'s detail', async () => {
    await sendLostRefund();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('check-status')));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('payment-detail').contains(document.activeElement)).toBe(true));
  });

  it('a status check that fails says why, aloud, and gives the keyboard back to "Check status now"', async () => {
    await sendLostRefund();
    fireEvent.click(screen.getByTestId('check-status'));
    expect(screen.getByTestId('check-status').textContent).toBe('Checking…'); // while it asks
    const said = await screen.findByText(/The gateway reported an error/);
    expect(said.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('check-status')));
  });

  it('a status check that cannot decide it says to settle it by hand, not "Paydesk keeps checking"', async () => {
    await sendLostRefund();
    statusAnswer = leftUndecided();
    fireEvent.click(screen.getByTestId('check-status'));
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    // The note above names what to look up; the line under the buttons does not say it all again.
    await waitFor(() => expect(screen.getByTestId('detail-notice').textContent).toBe('Status checked: the gateway’s answer still cannot tell whether it went through. The next step is in the note above.'));
    expect(screen.getByTestId('attention-undecidable').textContent).toMatch(/^The gateway’s answers cannot tell whether the last refund went through\. Look up order reference/);
    expect(await screen.findByTestId('action-settle')).toBeTruthy();
  });
});

describe('the detail’s "Check status now"', () => {
  it('an answer that leaves the unclear refund to a person says to settle it by hand, not only the state', async () => {
    await checkLeftUndecided(cardSale({ environment: 'sandbox', operationInFlight: true }));
    await waitFor(() => expect(screen.getByTestId('detail-notice').textContent).toBe('Status checked: the gateway’s answer still cannot tell whether it went through. The next step is in the note above.'));
    expect(screen.getByTestId('attention-undecidable').textContent).toContain('Look up order reference');
    expect(await screen.findByTestId('action-settle')).toBeTruthy();
  });

  it('says so in Arabic too, once: the note what to look up, the check\'s line only that it still cannot tell', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    await checkLeftUndecided(cardSale({ environment: 'sandbox', operationInFlight: true }));
    await waitFor(() => expect(screen.getByTestId('detail-notice').textContent).toBe('فُحصت الحالة: ما زال رد البوابة لا يكفي لمعرفة هل تمت. الخطوة التالية مذكورة في الملاحظة أعلاه.'));
    expect(screen.getByTestId('attention-undecidable').textContent).toContain('ابحث في لوحة تحكم البوابة عن مرجع الطلب');
  });

  it('an unclear creation, with no note naming it, still says to look it up and settle it by hand', async () => {
    lostOperation = { ...unclearRefund, id: 'op-1', kind: 'create' };
    await checkLeftUndecided(cardSale(), { operationInFlight: true });
    await waitFor(() => expect(screen.getByTestId('detail-notice').textContent).toBe('The gateway’s answer cannot tell whether it went through. Look it up on the gateway’s dashboard, then choose “Settle by hand…”.'));
  });

  it('keeps the keyboard: back on the button once the answer is in', async () => {
    payment = cardSale({ operationInFlight: true });
    render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
    const button = await screen.findByTestId('action-status');
    button.focus();
    fireEvent.click(button);
    await screen.findByText(/The gateway reported an error/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('action-status')));
  });
});

describe('a card sale whose answer was lost, on the virtual terminal', () => {
  /** The sale's result as the terminal shows it: a section the keyboard can be put on, the unclear box in it. */
  function SaleResult() {
    const [sale, setSale] = useState<PaymentView>(cardSale({ state: 'unknown', operationInFlight: true, transactionId: null }));
    return <section tabIndex={-1} data-testid="sale-result"><h2>{sale.state}</h2><UnknownOutcome payment={sale} onChecked={setSale} /></section>;
  }

  it('"Check status" that settles it leaves the keyboard on the result, not the page', async () => {
    statusAnswer = () => ({ ok: true, value: cardSale() });
    render(<SaleResult />);
    const check = screen.getByTestId('check-status');
    check.focus();
    fireEvent.click(check);
    await waitFor(() => expect(screen.queryByTestId('outcome-unknown')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('sale-result')));
  });

  it('"Check status" that fails gives the keyboard back to it', async () => {
    render(<SaleResult />);
    const check = screen.getByTestId('check-status');
    check.focus();
    fireEvent.click(check);
    await screen.findByText(/The gateway reported an error/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('check-status')));
  });
});
