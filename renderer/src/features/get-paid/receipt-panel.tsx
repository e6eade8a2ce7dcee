// "Send a receipt" / "Send a refund confirmation" on a payment that took money (receiptKindOf): the
// message in English or Arabic whatever the UI's, shown as it will be sent, and sent by e-mail
// (mailto:) or WhatsApp (wa.me) as the share panel sends a link. A link's invoice is named by its
// number; its PDFs stay in the invoice panel.
import { useEffect, useRef, useState } from 'react';
import type { PaymentView } from '../../../../contract/methods/payments';
import { api } from '../../api';
import { useT } from '../../i18n';
import { mailtoHref, receiptMessage, whatsappHref } from './share-messages';
import { receiptKindOf, receiptWords } from './receipt-kind';
import { latestRefundMinor, type PaymentOperation } from './latest-refund';
import { MessageLanguage, useMessageLanguage } from './message-language';

/**
 * A list row's receipt button (the links list's, the recent checkout sessions'), named with the
 * row's order id ("Send a receipt for PD-…"); nothing for a payment that took no money. Pressed,
 * the row shows its RowReceiptPanel below it.
 */
export function RowReceiptButton({ payment, open, onToggle }: { payment: PaymentView; open: boolean; onToggle(): void }) {
  const t = useT();
  if (!receiptKindOf(payment)) return null;
  const [word, wordFor] = receiptWords(payment);
  return <button type="button" onClick={onToggle} aria-expanded={open} aria-label={t(wordFor, { orderId: payment.orderId })} data-testid="row-receipt">{t(word)}</button>;
}

/** The panel a row's receipt button opens (none once the payment no longer took money). */
export const RowReceiptPanel = ({ payment }: { payment: PaymentView }) => (receiptKindOf(payment) ? <ReceiptPanel payment={payment} testId="row-receipt-panel" /> : null);

/** `operations`: the payment's, when its detail has them; else a refund's are asked when the panel opens. */
export function ReceiptPanel({ payment, operations, id, testId = 'receipt-panel' }: { payment: PaymentView; operations?: readonly PaymentOperation[]; id?: string; testId?: string }) {
  const t = useT();
  const [language, setLanguage] = useMessageLanguage();
  const invoiceNumber = useInvoiceNumber(payment);
  const refundOperations = useRefundOperations(payment, operations);
  const idBase = `${testId}-${payment.id}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const actions = useRef<HTMLParagraphElement>(null);
  const worded = invoiceNumber !== undefined && refundOperations !== undefined;
  // Opened under a result or a detail, the panel began below the window's edge (1024 × 768 and
  // 1280 × 800 alike): its Send buttons come into view once worded. A block body: Chromium's
  // scrollIntoView answers a promise, which React would call as the effect's cleanup.
  useEffect(() => {
    if (worded) actions.current?.scrollIntoView?.({ block: 'nearest' });
  }, [worded]);
  // Worded once the invoice and the refunds are known: a message sent meanwhile would leave the number out, or name the wrong refund.
  if (!worded) return <div className="gp-receipt" id={id} data-testid={testId} aria-busy="true">{t('app.loading')}</div>;
  const message = receiptMessage(payment, language, invoiceNumber, refundOperations);
  const totalOnly = receiptKindOf(payment) === 'refund' && latestRefundMinor(payment.refundedMinor, refundOperations) === undefined;
  return (
    <div className="gp-receipt" id={id} data-testid={testId}>
      <MessageLanguage id={`${idBase}-lang`} value={language} onChange={setLanguage} testId="receipt-language" />
      {totalOnly && <p role="note" className="gp-receipt-label" data-testid="receipt-total-only">{t('gp.refundNote.totalOnly')}</p>}
      <p className="gp-receipt-label" id={`${idBase}-text`}>{t('gp.receipt.text')}</p>
      <blockquote className="gp-receipt-text" lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'} aria-labelledby={`${idBase}-text`} data-testid="receipt-text">{message.body}</blockquote>
      <p className="gp-receipt-actions" ref={actions}>
        <a className="gp-button-link" href={mailtoHref(payment.customer.email, message)} target="_blank" rel="noopener noreferrer" data-testid="receipt-email">{t('gp.share.email')}</a>
        {payment.customer.phone && <a className="gp-button-link" href={whatsappHref(payment.customer.phone, message)} target="_blank" rel="noopener noreferrer" data-testid="receipt-whatsapp">{t('gp.share.whatsapp')}</a>}
      </p>
    </div>
  );
}

/** A link's invoice number (null: none), asked once the panel opens; other kinds have no invoice. undefined while asked. */
function useInvoiceNumber(payment: Pick<PaymentView, 'id' | 'kind'>): string | null | undefined {
  const isLink = payment.kind === 'link';
  const [number, setNumber] = useState<{ id: string; number: string | null }>();
  useEffect(() => {
    if (!isLink) return undefined;
    let live = true;
    void api.invoiceNumbers({ paymentIds: [payment.id] }).then((r) => live && setNumber({ id: payment.id, number: r.ok ? r.value[payment.id] ?? null : null }));
    return () => void (live = false);
  }, [isLink, payment.id]);
  if (!isLink) return null;
  return number?.id === payment.id ? number.number : undefined;
}

/**
 * A refund confirmation's operations (which refund was just made): the detail's when given, else
 * asked once the panel opens (a list's row or a result has none) and again after another refund;
 * none for a receipt, none when asking fails (the message then names the total). undefined while asked.
 */
function useRefundOperations(payment: Pick<PaymentView, 'id' | 'state' | 'capturedMinor' | 'refundedMinor'>, given: readonly PaymentOperation[] | undefined): readonly PaymentOperation[] | undefined {
  const ask = given === undefined && receiptKindOf(payment) === 'refund';
  const asked = `${payment.id} ${payment.refundedMinor}`;
  const [answer, setAnswer] = useState<{ asked: string; operations: readonly PaymentOperation[] }>();
  useEffect(() => {
    if (!ask) return undefined;
    let live = true;
    void api.getPayment({ paymentId: payment.id }).then((r) => live && setAnswer({ asked, operations: r.ok ? r.value.operations : [] }));
    return () => void (live = false);
  }, [ask, asked, payment.id]);
  if (given) return given;
  if (!ask) return [];
  return answer?.asked === asked ? answer.operations : undefined;
}
