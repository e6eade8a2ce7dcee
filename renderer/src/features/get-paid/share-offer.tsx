// "Copy" and "Resend" on a payment link or checkout session that can still be paid (stillPayable),
// in the links list's and recent sessions' rows and a payment's detail: Copy puts its address on the clipboard, Resend opens the share panel
// (share-panel.tsx). In the detail the panel's code is fetched when it opens: a payment's detail is
// in the first screen's files, the share panel is not (as receipt-offer.tsx does for receipts).
import { lazy, Suspense, useState } from 'react';
import type { PaymentView } from '../../../../contract/methods/payments';
import { useLanguage, useT } from '../../i18n';
import { formatDayMonth } from '../../i18n/format';
import { makeAnother, stillPayable } from './create-again';
import { useMayCreatePayments } from '../settings/team-role';
import { copyText } from '../../ui/clipboard';
import { insecurePayPage } from '../../../../contract/pay-page';
import { InsecurePayPage } from './insecure-page';

const PaymentSharePanel = lazy(() => import('./payment-share-panel'));

/**
 * The link's or session's page can still take the customer's money, so its address is worth
 * sending. A session's page (its redirectUrl, kept as a link's is) lives as long as the gateway
 * says it is unpaid: nothing documents a shorter life, and an EXPIRED answer ends the offer.
 */
export const shareable = (payment: PaymentView): payment is PaymentView & { url: string } => (payment.kind === 'link' || payment.kind === 'checkout') && stillPayable(payment);

/** Puts the address on the clipboard; false where the page may not (no permission): the share panel then shows it selected. */
export const copyLinkAddress = (url: string): Promise<boolean> => copyText(url);

type ButtonsProps = { payment: PaymentView; copied: boolean; sharing: boolean; onCopy(): void; onShare(): void; panelId?: string };

/** The two buttons. In a row they are "Copy" and "Resend", named with the order id for screen readers; in the detail "Copy link", "Resend link". */
export function LinkShareButtons({ payment, copied, sharing, onCopy, onShare, panelId, inRow = false }: ButtonsProps & { inRow?: boolean }) {
  const t = useT();
  const prefix = inRow ? 'row' : 'detail';
  // A page not safe to send (contract/pay-page.ts): no Copy or Resend; one button opens why, in the row's panel.
  if (payment.url && insecurePayPage(payment.url)) {
    return (
      <button type="button" onClick={onShare} aria-expanded={sharing} aria-controls={sharing ? panelId : undefined} aria-label={t('gp.share.insecure.buttonFor', { orderId: payment.orderId })} data-testid={`${prefix}-insecure`}>
        {t('gp.share.insecure.button')}
      </button>
    );
  }
  return (
    <>
      <button type="button" onClick={onCopy} aria-label={inRow ? t('gp.links.copyFor', { orderId: payment.orderId }) : undefined} data-testid={`${prefix}-copy`}>
        {copied ? t('gp.share.copied') : t(inRow ? 'gp.share.copy' : 'gp.links.copyLink')}
      </button>
      <button type="button" onClick={onShare} aria-expanded={sharing} aria-controls={sharing ? panelId : undefined} aria-label={inRow ? t('gp.links.resendFor', { orderId: payment.orderId }) : undefined} data-testid={`${prefix}-resend`}>
        {t(inRow ? 'gp.links.resend' : 'gp.links.resendLink')}
      </button>
    </>
  );
}

/** A payment's detail: the buttons and, Resend pressed (or Copy refused), the share panel under them. Nothing for a link or session that cannot be paid. */
export function ShareOffer({ payment }: { payment: PaymentView }) {
  const [sharing, setSharing] = useState(false);
  const [copied, setCopied] = useState(false);
  if (!shareable(payment)) return null;
  const copy = async () => {
    if (await copyLinkAddress(payment.url)) setCopied(true);
    else setSharing(true);
  };
  const panelId = `detail-share-${payment.id}`;
  // Said at once in the detail, where the person looks for what to do with the payment.
  if (insecurePayPage(payment.url)) {
    return (
      <div className="gp-share-offer" data-testid="detail-share-offer">
        <InsecurePayPage url={payment.url} orderId={payment.orderId} testId="detail-insecure-page" />
        {payment.kind === 'link' && <NoCancel payment={payment} />}
      </div>
    );
  }
  return (
    <div className="gp-share-offer" data-testid="detail-share-offer">
      <div className="gp-share-offer-buttons">
        <LinkShareButtons payment={payment} copied={copied} sharing={sharing} onCopy={() => void copy()} onShare={() => setSharing(!sharing)} panelId={panelId} />
      </div>
      {sharing && <div id={panelId}><Suspense fallback={null}><PaymentSharePanel payment={payment} /></Suspense></div>}
      {payment.kind === 'link' && <NoCancel payment={payment} />}
    </div>
  );
}

/**
 * An unpaid link's detail says it cannot be cancelled (the gateway documents no way to: staff asked
 * to "cancel the link for order X" looked for a button that was not there, with no word why) and
 * until when it can be paid, and offers the way to another amount: a new link like it, under the
 * next free reference, nothing sent until Create (walk of 2026-12-01, docs/screens-getting-paid.md).
 */
function NoCancel({ payment }: { payment: PaymentView }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const mayCreate = useMayCreatePayments();
  return (
    <p className="field-hint gp-no-cancel" data-testid="link-no-cancel">
      {payment.expiresOn ? t('gp.links.noCancel', { date: formatDayMonth(payment.expiresOn, language).replace(/ /g, '\u00a0') }) /* the day and month on one line */ : t('gp.links.noCancel.undated')}
      {mayCreate && <> <button type="button" onClick={() => void makeAnother(payment)} data-testid="replace-link">{t('gp.another.link')}</button></>}
    </p>
  );
}
