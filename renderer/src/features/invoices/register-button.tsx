// Finance's register for the accountant, beside the list's "Export CSV": the invoices and credit
// notes issued between the list's From and To (Last month is one press) of its profile, as one CSV
// with their numbers, amounts and VAT (main/invoices/invoice-register.ts). Before, no screen
// listed invoices or credit notes, and the payments CSV carries neither numbers nor VAT.
import { useState } from 'react';
import type { AppError } from '../../../../contract/result';
import { ltrIsolated } from '../../../../contract/amount-words';
import { api } from '../../api';
import { useT } from '../../i18n';
import { useWordedError, useWords, type Words } from '../../i18n/words';
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

export function RegisterButton() {
  const t = useT();
  const words = useWords();
  const { from, to, profileId } = useTransactions((s) => s.filter);
  const [busy, setBusy] = useState(false);
  // Kept as words: the line follows a change of language.
  const [status, setStatus] = useState<Words>();
  const [error, setError] = useState<AppError | null>(null);
  const possible = useInvoicesPossible();
  const wordError = useWordedError();

  async function run() {
    setBusy(true);
    setStatus(undefined);
    setError(null);
    const result = await api.invoiceRegister({ from, to, profileId, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    saveFile(result.value.fileName, [result.value.csv]);
    setStatus({ key: 'inv.register.saved', values: { invoices: result.value.invoices, creditNotes: result.value.creditNotes, file: ltrIsolated(result.value.fileName) } });
  }

  if (!possible) return null;
  return (
    <div className="export">
      <button type="button" onClick={() => void run()} disabled={busy} data-testid="invoice-register">{t('inv.register')}</button>
      <span role="status" className="notice" data-testid="invoice-register-status">{status && <IsolatedRuns whole text={words(status)} />}</span>
      {/* Main's refusal worded here, not by the forms' SendError: the forms' kit is another screen's chunk, and importing it made the first screen three scripts (test/bridge/first-screen-files.test.ts). */}
      {error && <p role="alert" className="form-error" data-testid="invoice-register-error"><QuotedWords text={wordError(error).message} /></p>}
    </div>
  );
}
