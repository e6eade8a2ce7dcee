// Home's "Refunds made in this period": for the chosen dates (Home's From and To, or a quick date),
// the refunds that went through, dated by the day each was made, per currency, count and sum. The
// figures above count a refund with its payment's day; finance reconciling with the gateway's
// settlement needs the day it was made (docs/overview.md). Each line opens the list of exactly
// those refunds (refunds-made-list.tsx); the export writes the same rows as CSV.
import { lazy, Suspense, useState } from 'react';
import type { CurrencyCode } from '../../../../contract/money';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { formatAmount, formatDateSpelled } from '../../i18n/format';
import { useWords, type Words } from '../../i18n/words';
import { Ltr } from '../../ui/ltr';
import { saveFile } from '../../ui/save-file';

const RefundsMadeList = lazy(() => import('./refunds-made-list'));

export type RefundsMadeScope = { from: string; to: string; profileId?: string; firstDay: string; lastDay: string };
export type RefundsMadeTotal = { currency: string; count: number; amountMinor: number };
type Total = RefundsMadeTotal;

/**
 * The CSV of the refunds made in `scope` (one currency's when `currency` is given: the list of one
 * currency exports what it shows), saved; its outcome as words (kept as a key: it follows the language).
 */
export async function exportRefundsMade(scope: RefundsMadeScope, currency?: string): Promise<Words> {
  const result = await api.exportRefundsMade({ from: scope.from, to: scope.to, profileId: scope.profileId, ...(currency ? { currency: currency as CurrencyCode } : {}), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  if (!result.ok) return { error: result.error };
  saveFile(result.value.fileName, [result.value.csv]);
  return { key: 'ov.made.exported', values: { count: result.value.rows } };
}

/** `idp` keeps its ids apart when Home shows several profiles' (scope "all"). */
export function RefundsMade({ totals, scope, idp = '' }: { totals: Total[]; scope: RefundsMadeScope; idp?: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const words = useWords();
  const [listed, setListed] = useState<string>();
  const [exported, setExported] = useState<Words>();
  const dates = { first: formatDateSpelled(scope.firstDay, language), last: formatDateSpelled(scope.lastDay, language) };
  return (
    <section aria-labelledby={`${idp}ov-made-title`} className="ov-made" data-testid="ov-refunds-made">
      <h3 id={`${idp}ov-made-title`}>{t('ov.made.title')}</h3>
      <p className="field-hint">{t('ov.made.hint', dates)}</p>
      {totals.length === 0 ? (
        <p data-testid="ov-made-none">{t('ov.made.none')}</p>
      ) : (
        <ul className="ov-made-lines">
          {totals.map((x) => (
            <li key={x.currency} data-currency={x.currency}>
              <button type="button" className="link" data-testid="ov-made" onClick={() => setListed(x.currency)}>
                {t('ov.made.line', { count: x.count })} · <Ltr>{formatAmount(x.amountMinor, x.currency as CurrencyCode, language)}</Ltr>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Nothing to export when none was made: said above, no button to an empty file. */}
      {totals.length > 0 && (
        <p className="ov-export-line">
          <button type="button" onClick={() => void exportRefundsMade(scope).then(setExported)} aria-describedby={`${idp}ov-made-export-hint`} data-testid="ov-made-export">{t('ov.made.export')}</button>
          <span className="field-hint" id={`${idp}ov-made-export-hint`}> {t('ov.made.exportHint')}</span>
        </p>
      )}
      {exported && <p role="status" data-testid="ov-made-exported">{words(exported)}</p>}
      {listed && (
        <Suspense fallback={null}>
          <RefundsMadeList scope={scope} total={totals.find((x) => x.currency === listed)} currency={listed} onClose={() => setListed(undefined)} />
        </Suspense>
      )}
    </section>
  );
}
