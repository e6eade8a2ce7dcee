// A search for an invoice or credit note number ("INV-000001", what a customer holding the PDF
// quotes): the list searches orders, names, e-mails, phones and transaction ids, so it found
// nothing. Main says whose document it is, and one press shows that order's payment, opened.
import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../../contract/methods';
import { ltrIsolated } from '../../../../contract/amount-words';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useTransactions } from '../transactions/transactions-store';

type Match = MethodOutput<'findDocumentNumber'>['matches'][number];

/** Typed as a document number: the prefix, then digits (Arabic-Indic too); main reads it exactly. */
const looksLikeNumber = (text: string) => /^(inv|cn)[\s-]*[0-9\u0660-\u0669]+$/i.test(text);

/** `onShowOrder`: the search now holds the order id (the field shows it). */
export function DocumentSearchHint({ query, onShowOrder }: { query: string; onShowOrder(orderId: string): void }) {
  const t = useT();
  const { filter, total, setFilter, open } = useTransactions();
  const typed = query.trim();
  const [found, setFound] = useState<{ typed: string; matches: Match[] }>();
  const asked = looksLikeNumber(typed) ? typed : undefined;
  useEffect(() => {
    if (!asked) return;
    let live = true;
    void api.findDocumentNumber({ number: asked }).then((r) => live && r.ok && setFound({ typed: asked, matches: r.value.matches }));
    return () => void (live = false);
  }, [asked]);
  // Said of the list shown: main has answered this search.
  if (!asked || found?.typed !== asked || total === undefined || (filter.query ?? '') !== typed) return null;
  if (found.matches.length === 0) return total === 0 ? <p className="field-hint search-offer" data-testid="document-search-hint">{t('inv.search.none', { number: ltrIsolated(typed) })}</p> : null;
  const show = (match: Match) => {
    onShowOrder(match.orderId);
    setFilter({ query: match.orderId });
    open(match.paymentId);
  };
  return (
    <p className="field-hint search-offer" data-testid="document-search-hint">
      {found.matches.map((match) => (
        <button key={`${match.document}-${match.paymentId}`} type="button" className="link" onClick={() => show(match)} data-testid="search-by-document">
          {t(match.document === 'invoice' ? 'inv.search.invoice' : 'inv.search.creditNote', { number: ltrIsolated(match.number), orderId: ltrIsolated(match.orderId) })}
        </button>
      ))}
    </p>
  );
}
