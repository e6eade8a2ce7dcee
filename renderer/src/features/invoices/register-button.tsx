// Finance's register for the accountant, beside the list's "Export CSV": the invoices and credit
// notes issued between the list's From and To (Last month is one press) of its profile, as one CSV
// with their numbers, amounts and VAT (main/invoices/invoice-register.ts). Before, no screen
// listed invoices or credit notes, and the payments CSV carries neither numbers nor VAT.
import { useState } from 'react';
import type { AppError } from '../../../../contract/result';
import type { MethodOutput } from '../../../../contract/methods';
import { ltrIsolated } from '../../../../contract/amount-words';
import { api } from '../../api';
import { useT } from '../../i18n';
import { money, useWordedError, useWords, type Words } from '../../i18n/words';
import { isCurrencyCode } from '../../../../contract/money';
import { saveFile } from '../../ui/save-file';
import { QuotedWords } from '../../ui/quoted-words';
import { IsolatedRuns } from '../../ui/isolated-runs';
import { useTransactions } from '../transactions/transactions-store';
import { useProfileList } from '../settings/settings-store';
import { useSession } from '../../app/session-store';

/**
 * Whether there can be invoices to export: a profile of this laptop has seller details (none can
 * be issued without; main says so with each profile, `hasSeller`, from the profiles file it holds,
 * no ledger query), or the ledger is the team's (another laptop's invoices are there). A new user's
 * toolbar is spared a button that would export an empty file.
 */
function useInvoicesPossible(): boolean {
  const profiles = useProfileList();
  const active = useSession((s) => s.profile);
  const onTeamLedger = useSession((s) => Boolean(s.info?.team));
  return onTeamLedger || Boolean(active?.hasSeller) || profiles.some((p) => p.hasSeller);
}

type RegisterTotals = MethodOutput<'invoiceRegister'>['totals'];

/**
 * The period's sums under the file's line, one line per currency: finance read only counts and had
 * to open the file and add its columns to say what was invoiced last month, or to check the file
 * (walk6). Each amount with its ISO code, from main's integer minor units.
 */
function totalWords(totals: RegisterTotals): Words[] {
  return totals.flatMap((total) => {
    if (!isCurrencyCode(total.currency)) return [];
    const { currency } = total;
    const invoices: Words = { key: 'inv.register.invoicesTotal', values: { count: total.invoices, amount: money(total.invoicesTotalMinor, currency), vat: money(total.invoicesVatMinor, currency) } };
    const notes: Words = { key: 'inv.register.creditNotesTotal', values: { count: total.creditNotes, amount: money(total.creditNotesTotalMinor, currency), vat: money(total.creditNotesVatMinor, currency) } };
    return [...(total.invoices > 0 ? [invoices] : []), ...(total.creditNotes > 0 ? [notes] : [])];
  });
}

export function RegisterButton() {
  const t = useT();
  const words = useWords();
  const { from, to, profileId } = useTransactions((s) => s.filter);
  const [busy, setBusy] = useState(false);
  // Kept as words: the line follows a change of language.
  const [status, setStatus] = useState<Words>();
  const [totals, setTotals] = useState<Words[]>([]);
  const [mixed, setMixed] = useState<Words>();
  const [error, setError] = useState<AppError | null>(null);
  const possible = useInvoicesPossible();
  const wordError = useWordedError();

  async function run() {
    setBusy(true);
    setStatus(undefined);
    setTotals([]);
    setMixed(undefined);
    setError(null);
    const result = await api.invoiceRegister({ from, to, profileId, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    saveFile(result.value.fileName, [result.value.csv]);
    setStatus({ key: 'inv.register.saved', values: { invoices: result.value.invoices, creditNotes: result.value.creditNotes, file: ltrIsolated(result.value.fileName) } });
    // Numbers are per profile and a file of every profile takes the practice and sandbox documents
    // too: said when it mixes them with production's, whose sums they would swell unseen.
    const { testDocuments = 0, invoices, creditNotes } = result.value;
    setMixed(testDocuments > 0 && testDocuments < invoices + creditNotes ? { key: 'inv.register.mixed', values: { count: testDocuments } } : undefined);
    setTotals(totalWords(result.value.totals));
  }

  if (!possible) return null;
  return (
    <div className="export">
      <button type="button" onClick={() => void run()} disabled={busy} data-testid="invoice-register">{t('inv.register')}</button>
      {/* One live region: the file's line, then its sums, heard together. */}
      <span role="status" className="notice register-status">
        <span data-testid="invoice-register-status">{status && <IsolatedRuns whole text={words(status)} />}</span>
        {mixed && <span data-testid="invoice-register-mixed">{words(mixed)}</span>}
        {totals.map((line, i) => <span key={i} data-testid="invoice-register-total">{words(line)}</span>)}
      </span>
      {/* Main's refusal worded here, not by the forms' SendError: the forms' kit is another screen's chunk, and importing it made the first screen three scripts (test/bridge/first-screen-files.test.ts). */}
      {error && <p role="alert" className="form-error" data-testid="invoice-register-error"><QuotedWords text={wordError(error).message} /></p>}
    </div>
  );
}
