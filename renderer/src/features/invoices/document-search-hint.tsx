// A search for an invoice or credit note number ("INV-000001", what a customer holding the PDF
// quotes): the list searches orders, names, e-mails, phones and transaction ids, so it found
// nothing. Main says whose document it is, and one press shows that order's payment, opened.
// Numbers are per profile (the practice profile, a sandbox and production each have an
// INV-000001): a number two profiles have offers both, each naming its profile, one to a line.
// They ran together before ("…: show itInvoice INV-000001 is order …"), naming neither.
import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../../contract/methods';
import { ltrIsolated } from '../../../../contract/amount-words';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useTransactions } from '../transactions/transactions-store';
import { useProfileList } from '../settings/settings-store';
import { profileName, withEnvironment } from '../../ui/profile-name';

type Match = MethodOutput<'findDocumentNumber'>['matches'][number];

/** Typed as a document number: the prefix, then digits (Arabic-Indic too); main reads it exactly. */
const looksLikeNumber = (text: string) => /^(inv|cn)[\s-]*[0-9\u0660-\u0669]+$/i.test(text);

/** `onShowOrder`: the search now holds the order id (the field shows it). */
export function DocumentSearchHint({ query, onShowOrder }: { query: string; onShowOrder(orderId: string): void }) {
  const t = useT();
  const { filter, total, setFilter, open } = useTransactions();
  const profiles = useProfileList();
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
  const several = found.matches.length > 1;
  // A profile removed since (or a colleague's, on the team ledger) is not in this laptop's list.
  const profileOf = (id: string) => {
    const profile = profiles.find((p) => p.id === id);
    return profile ? withEnvironment(profileName(profile, t), t(`env.${profile.environment}`)) : t('inv.search.unlistedProfile');
  };
  const offer = (match: Match) => {
    const values = { number: ltrIsolated(match.number), orderId: ltrIsolated(match.orderId) };
    if (!several) return t(match.document === 'invoice' ? 'inv.search.invoice' : 'inv.search.creditNote', values);
    return t(match.document === 'invoice' ? 'inv.search.invoiceOn' : 'inv.search.creditNoteOn', { ...values, profile: profileOf(match.profileId) });
  };
  return (
    <div className={`field-hint search-offer${several ? ' search-offers' : ''}`} data-testid="document-search-hint">
      {several && <p>{t('inv.search.several', { count: found.matches.length, number: ltrIsolated(found.matches[0]!.number) })}</p>}
      {found.matches.map((match) => (
        <button key={`${match.document}-${match.paymentId}`} type="button" className="link" onClick={() => show(match)} data-testid="search-by-document">
          {offer(match)}
        </button>
      ))}
    </div>
  );
}
