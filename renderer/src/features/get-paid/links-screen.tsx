// Payment links (Alt+2): the form for a new link, its result with the share actions, and the
// list of links. Opening the screen puts the focus in the form, so Alt+2 is "new link".
import { useState } from 'react';
import { useMayCreatePayments } from '../settings/team-role';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import { useT } from '../../i18n';
import { Ltr } from '../../ui/ltr';
import { LinkForm } from './link-form';
import { useNewShortcut } from './form-kit';
import { LinksList } from './links-list';
import { Amount, OpenInTransactions, PaymentStateLabel, ResultBox, UnknownOutcome, useLivePayment } from './outcome';
import { SharePanel } from './share-panel';
import { AddressesNotKept } from './url-defaults';
import { InvoicePanel, useInvoice } from '../invoices/invoice-panel';
import { stillPayable, useDraftArrives } from './create-again';
import { MakeAnother } from './make-another';
import { forgetDraft, useDraftProfile } from './kept-drafts';
import { ReceiptOffer } from './receipt-offer';
import { screenShortcuts } from '../../ui/shortcuts';

export function LinksScreen() {
  const t = useT();
  const [mode, setMode] = useState<'form' | 'closed' | PaymentView>('form');
  const [formKey, setFormKey] = useState(0);
  const mayCreate = useMayCreatePayments();
  // Made again for another profile: its own draft, never this one's (kept-drafts.ts).
  const profileId = useDraftProfile();
  // A new link (the shortcut pressed here, New after a result, a draft from elsewhere): an empty form.
  const reset = () => {
    forgetDraft('links');
    setFormKey((k) => k + 1);
    setMode('form');
  };
  const focusFirst = useNewShortcut(screenShortcuts.links, 'link-amount', reset);
  const newLink = () => {
    reset();
    focusFirst();
  };
  useDraftArrives('links', newLink);

  return (
    <section aria-labelledby="links-title" className="gp-screen" data-testid="links-screen">
      <div className="gp-head">
        <h1 id="links-title">{t('gp.links.screen')}</h1>
        {mode !== 'form' && <button type="button" className="gp-primary" onClick={newLink} data-testid="new-link">{t('gp.link.new')}</button>}
      </div>
      {mode === 'form' && !mayCreate && <p role="note" className="gp-note" data-testid="role-no-create">{t('gp.roleNoCreate')}</p>}
      {mode === 'form' && mayCreate && <LinkForm key={`${profileId}:${formKey}`} onCreated={setMode} onCancel={() => setMode('closed')} />}
      {typeof mode === 'object' && <LinkResult payment={mode} onChange={setMode} />}
      <LinksList />
    </section>
  );
}

function LinkResult({ payment, onChange }: { payment: PaymentView; onChange(p: PaymentView): void }) {
  const invoice = useInvoice(payment.id);
  useLivePayment(payment, onChange);
  return (
    <ResultBox payment={payment} testId="link-result">
      <p>
        <Ltr className="mono" testId="result-order-id">{payment.orderId}</Ltr> · <Amount minor={payment.amountMinor} currency={payment.currency} /> · <PaymentStateLabel payment={payment} />
      </p>
      <UnknownOutcome payment={payment} onChecked={onChange} />
      <AddressesNotKept />
      <p><OpenInTransactions payment={payment} /> <MakeAnother payment={payment} /></p>
      <ReceiptOffer payment={payment} />
      {invoice && <InvoicePanel invoice={invoice} />}
      {payment.url && stillPayable(payment) && <SharePanel item={{ url: payment.url, orderId: payment.orderId, amountMinor: payment.amountMinor, currency: payment.currency as CurrencyCode, description: payment.description, customer: payment.customer, invoiceNumber: invoice?.number }} />}
    </ResultBox>
  );
}
