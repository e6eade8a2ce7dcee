// The bulk screen's file work: the file's bytes go to main as base64 (main detects the encoding),
// a file over the limit is refused here with the same reason main gives, and the error report's
// error column is worded in the user's language from each row's stored reasons.
import { maxBulkFileBytes, type BulkBatchView, type BulkLink } from '../../../../contract/methods/bulk';
import { isCurrencyCode } from '../../../../contract/money';
import { ledgerStates } from '../../../../contract/payment-states';
import type { Reason } from '../../../../contract/reasons';
import { ltrIsolated } from '../../../../contract/amount-words';
import { insecurePayPage } from '../../../../contract/pay-page';
import { translate, wordReason, type Language } from '../../i18n';
import { bulkColumn } from './bulk-columns';
// The share panel's own message (one wording for the panel and the batch's CSV): share-messages.ts.
import { shareMessage } from './share-messages';

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');

/** Why the file cannot be sent at all, before reading it: only its size. */
export function fileSizeProblem(file: File): Reason | undefined {
  if (file.size <= maxBulkFileBytes) return undefined;
  return { key: 'bulk.fileTooLarge', values: { size: megabytes(file.size), max: megabytes(maxBulkFileBytes) } };
}

export async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes a limited number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export type Problems = BulkBatchView['rows'][number]['problems'];

/**
 * "Amount (amount): SAR allows at most 2 decimals." in the user's language (bulk-columns.ts).
 * `onScreen`: the file's header kept left to right inside Arabic; a report's CSV cell takes no marks
 * (main drops those its reasons' values carry when it writes the file: bulk-service.ts errorReport).
 */
export function wordProblems(language: Language, problems: Problems, onScreen = false): string {
  return problems.map((p) => {
    const why = wordReason(language, p.reason) ?? p.reason.key;
    if (!p.column) return why;
    const { name, header } = bulkColumn(p.column, (key) => translate(language, key));
    if (!header) return `${name}: ${why}`;
    return `${name} (${onScreen && language === 'ar' ? ltrIsolated(header) : header}): ${why}`;
  }).join(' ');
}

/** The error column of the report, by line. */
export function reportWording(language: Language, batch: BulkBatchView): Record<string, string> {
  return Object.fromEntries(batch.rows.filter((r) => r.problems.length).map((r) => [String(r.line), wordProblems(language, r.problems)]));
}

/**
 * The links CSV's message (the share panel's, in the chosen language) and state words, by line. A
 * page not safe to send gets why instead of a message (main leaves its link out of the file).
 */
export function linksWording(language: Language, links: BulkLink[]): Record<string, { message: string; state: string }> {
  return Object.fromEntries(links.filter((l) => l.url && isCurrencyCode(l.currency)).map((l) => {
    const message = insecurePayPage(l.url!) ? translate(language, 'gp.bulk.insecureMessage') : shareMessage({ ...l, url: l.url!, currency: l.currency as never }, language).body;
    const state = (ledgerStates as readonly string[]).includes(l.state) ? translate(language, `state.${l.state as (typeof ledgerStates)[number]}`) : l.state;
    return [String(l.line), { message, state }];
  }));
}
