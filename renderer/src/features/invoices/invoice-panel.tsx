// The invoice behind a payment link: its number and state, the document as Chromium drew it
// (shown here first), Save PDF (a download: the browser or Electron asks where), Open PDF (the
// desktop app opens it with the system's viewer; the preview opens it in a new tab), and the
// credit notes of its refunds, each with its own PDF. Reloads when main says payments changed.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvoiceView } from '../../../../contract/methods/invoices';
import type { CurrencyCode } from '../../../../contract/money';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { ltrIsolated } from '../../../../contract/amount-words';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';
import { formatAmount } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { CopyButton } from '../../ui/copy-button';
import { SendError } from '../get-paid/form-kit';
import './invoices.css';
import { saveFile } from '../../ui/save-file';

export function useInvoice(paymentId: string | null) {
  const [invoice, setInvoice] = useState<InvoiceView | null>(null);
  const load = useCallback(async () => {
    if (!paymentId) return setInvoice(null);
    const result = await api.getInvoice({ paymentId });
    if (result.ok) setInvoice(result.value.invoice);
  }, [paymentId]);
  useEffect(() => {
    void load();
    return api.subscribe((event) => {
      if (event.type === 'payments.changed' && (event.paymentIds.length === 0 || event.paymentIds.includes(paymentId ?? ''))) void load();
    });
  }, [load, paymentId]);
  return invoice;
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

const download = (fileName: string, base64: string) => saveFile(fileName, [bytesOf(base64)], 'application/pdf');

type Target = { invoiceId: string } | { creditNoteId: string };

/** The business's zone, this computer's: the document prints its issue time there, with the offset. */
const drawn = (target: Target) => ({ ...target, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

/**
 * What a person reads as the invoice's state: once its link is paid, "Paid" (or refunded, the
 * credit notes listed below), not "Issued" for good. The document's own title never changes.
 */
function stateKey(invoice: InvoiceView): MessageKey {
  if (invoice.state !== 'issued') return `inv.state.${invoice.state}`;
  const noted = invoice.creditNotes.length > 0;
  switch (invoice.paymentState) {
    case 'pending': return 'inv.state.unpaid';
    case 'expired': return 'inv.state.expired';
    case 'paid': return 'inv.state.paid';
    // A refund made at the gateway's dashboard has no credit note here: said, so nobody looks for one.
    case 'partially_refunded': return noted ? 'inv.state.partlyRefunded' : 'inv.state.partlyRefundedElsewhere';
    case 'refunded': return noted ? 'inv.state.refunded' : 'inv.state.refundedElsewhere';
    default: return 'inv.state.issued';
  }
}

function useDocuments() {
  const [error, setError] = useState<AppError | null>(null);
  // Kept as words (the path isolated left to right): the line follows a change of language.
  const [status, setStatus] = useState<Words>();
  const save = async (target: Target) => {
    setError(null);
    const result = await api.invoiceDocument(drawn(target));
    if (!result.ok) return setError(result.error);
    download(result.value.fileName, result.value.pdfBase64);
  };
  const open = async (target: Target) => {
    setError(null);
    const result = await api.openInvoiceDocument(drawn(target));
    if (!result.ok) return setError(result.error);
    if (result.value.opened) return setStatus({ key: 'inv.opened', values: { path: ltrIsolated(result.value.path ?? '') } });
    // The preview has no system viewer to hand it to: the browser's own, in a new tab.
    const doc = await api.invoiceDocument(drawn(target));
    if (!doc.ok) return setError(doc.error);
    window.open(URL.createObjectURL(new Blob([bytesOf(doc.value.pdfBase64)], { type: 'application/pdf' })), '_blank', 'noopener');
  };
  return { save, open, error, status };
}

export function InvoicePanel({ invoice }: { invoice: InvoiceView }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  // The document drawn below the buttons: the invoice or one of its credit notes (shown in the app,
  // as the invoice is, to check a credit note's amounts and reference without saving a file).
  const [preview, setPreview] = useState<{ src: string; alt: string } | null>(null);
  const [drawing, setDrawing] = useState<string | null>(null);
  // Drawn above the credit notes: its top brought into view, or a credit note's picture appeared off screen above its button.
  const previewImage = useRef<HTMLImageElement>(null);
  const numberShown = useRef<HTMLElement>(null);
  // A block body: Chromium's scrollIntoView answers a promise, which React would call as the effect's cleanup.
  useEffect(() => {
    previewImage.current?.scrollIntoView?.({ block: 'start' });
  }, [preview]);
  const { save, open, error, status } = useDocuments();
  const words = useWords();
  const money = (minor: number) => formatAmount(minor, invoice.currency as CurrencyCode, language);

  const show = async (target: Target, key: string, alt: string) => {
    setDrawing(key);
    const result = await api.invoiceDocument(drawn(target));
    setDrawing(null);
    if (result.ok) setPreview({ src: `data:image/png;base64,${result.value.pngBase64}`, alt });
  };

  return (
    <section className="inv-panel" aria-labelledby={`inv-${invoice.id}`} data-testid="invoice-panel" data-number={invoice.number}>
      {/* The number is what the customer and the accountant quote: copied whole, as a payment's ids are. */}
      <div className="inv-panel-title">
        <h3 id={`inv-${invoice.id}`}>{t('inv.panel', { number: '' })}<Ltr className="mono" testId="invoice-number" ref={numberShown}>{invoice.number}</Ltr></h3>
        <CopyButton text={invoice.number} label={t('inv.copyNumber')} copiedLabel={t('inv.copiedNumber')} shown={numberShown} testId="copy-invoice-number" />
      </div>
      {invoice.issuedOnLaptop && <p className="inv-laptop" data-testid="invoice-laptop">{t('inv.issuedOnLaptop', { laptop: invoice.issuedOnLaptop })}</p>}
      <p data-testid="invoice-state" data-state={invoice.state}>{t(stateKey(invoice))} · <Ltr>{money(invoice.totalMinor)}</Ltr> ({t('inv.totals.vat')} <Ltr>{money(invoice.vatMinor)}</Ltr>)</p>
      <div className="inv-panel-actions">
        <button type="button" onClick={() => void show({ invoiceId: invoice.id }, invoice.id, t('inv.preview', { number: invoice.number }))} disabled={drawing !== null} data-testid="invoice-preview-show">{drawing === invoice.id ? t('inv.preview.loading') : t('inv.preview.show')}</button>
        <button type="button" onClick={() => void save({ invoiceId: invoice.id })} data-testid="invoice-save">{t('inv.save')}</button>
        <button type="button" onClick={() => void open({ invoiceId: invoice.id })} data-testid="invoice-open">{t('inv.open')}</button>
      </div>
      <p role="status" className="gp-status" data-testid="invoice-status">{status && words(status)}</p>
      <SendError error={error} />
      {preview && <img ref={previewImage} className="inv-preview" src={preview.src} alt={preview.alt} data-testid="invoice-preview" />}
      {invoice.creditNotes.length > 0 && (
        <>
          <h4>{t('inv.creditNotes')}</h4>
          <ul className="gp-simple-list" data-testid="credit-notes">
            {invoice.creditNotes.map((note) => (
              <li key={note.id} data-testid="credit-note" data-number={note.number}>
                {t('inv.creditNote', { number: note.number, amount: money(note.amountMinor), vat: money(note.vatMinor) })}
                {note.issuedOnLaptop && <span data-testid="credit-note-laptop"> · {t('inv.creditNote.laptop', { laptop: note.issuedOnLaptop })}</span>}{' '}
                <button type="button" onClick={() => void show({ creditNoteId: note.id }, note.id, t('inv.creditNote.preview', { number: note.number }))} disabled={drawing !== null} data-testid="credit-note-show">{drawing === note.id ? t('inv.preview.loading') : t('inv.creditNote.show', { number: note.number })}</button>{' '}
                <button type="button" onClick={() => void save({ creditNoteId: note.id })} data-testid="credit-note-save">{t('inv.creditNote.save', { number: note.number })}</button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
