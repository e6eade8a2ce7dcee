// An export's audit entry in words: main records which rows went to which file and what chose
// them, in fixed English parts `; ` apart (main/ledger/export-record.ts): `12 rows; file
// paydesk-audit-matching-….csv; zone Asia/Riyadh; search "refund"`. Here each part is worded in
// the reader's language; a part not known here (a newer Paydesk's, or one cut at 200 characters)
// is shown as it is. The entry itself stays as written (the chain's hash covers it).
import { ledgerStates } from '../../../../contract/payment-states';
import { paymentKinds } from '../../../../contract/payment-kinds';
import { ltrIsolated } from '../../../../contract/amount-words';
import type { Language, MessageKey } from '../../i18n';
import { formatDate, formatRowDateTime } from '../../i18n/format';
import { cardNumberRemoved } from '../../../../contract/card';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const isOneOf = <T extends string>(list: readonly T[], word: string): word is T => (list as readonly string[]).includes(word);
const listOf = (words: string[], language: Language) => words.join(language === 'ar' ? '، ' : ', ');
const instant = (text: string, language: Language) => (Number.isFinite(Date.parse(text)) ? formatRowDateTime(text, language) : text);
const day = (text: string, language: Language) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDate(text, language) : text);

function partWords(part: string, t: Translate, language: Language): string {
  const [, key = '', value = ''] = /^(\w+) ?(.*)$/.exec(part) ?? [];
  const labelled = (label: MessageKey, text: string) => t('audit.result.exportFilter', { label: t(label), value: text });
  const codes = (list: readonly string[], word: (code: never) => string) => listOf(value.split(',').map((c) => (isOneOf(list, c) ? word(c as never) : c)), language);
  switch (key) {
    case 'zone': return t('audit.result.exportZone', { zone: ltrIsolated(value) });
    case 'state': return labelled('tx.filter.state', codes(ledgerStates, (s: (typeof ledgerStates)[number]) => t(`state.${s}`)));
    case 'kind': return labelled('tx.filter.kind', codes(paymentKinds, (k: (typeof paymentKinds)[number]) => t(`kind.${k}`)));
    case 'currency': return labelled('tx.filter.currency', value);
    case 'from': return labelled('tx.filter.from', instant(value, language));
    case 'to': return labelled('tx.filter.to', instant(value, language));
    case 'min': return labelled('tx.filter.min', ltrIsolated(value));
    case 'max': return labelled('tx.filter.max', ltrIsolated(value));
    case 'profile': return labelled('tx.filter.profile', ltrIsolated(value));
    case 'brand': return t('audit.result.exportBrand', { brand: value });
    case 'card': {
      const m = /^ending (\d{4})$/.exec(value);
      return m ? labelled('tx.filter.cardLast4', ltrIsolated(m[1]!)) : part;
    }
    case 'days': {
      const m = /^(\S+) to (\S+)$/.exec(value);
      // {first} and {last}, not {from} and {to}: those names are amounts', isolated left to right in
      // Arabic (withIsolatedAmounts), which drew an Arabic date's own marks as "012026/10/".
      return m ? t('audit.result.exportDays', { first: day(m[1]!, language), last: day(m[2]!, language) }) : part;
    }
  }
  if (part === 'needs attention') return t('audit.result.exportNeedsAttention');
  if (part === 'with captured') return t('audit.result.exportWithCaptured');
  if (part === 'with refunded') return t('audit.result.exportWithRefunded');
  return part;
}

/** An export entry's result worded; undefined when it is not in the recorded form (an older entry's "12 rows" is worded elsewhere). */
export function exportResult(result: string, t: Translate, language: Language, action = ''): string | undefined {
  const head = /^(\d+) rows; file ([^;\s]+)(.*)$/.exec(result);
  if (!head) return undefined;
  let rest = head[3]!;
  // The search is always last, a JSON string (it may hold "; ").
  let search: string | undefined;
  const searched = /; search ("(?:[^"\\]|\\.)*")$/.exec(rest);
  if (searched) {
    try {
      search = JSON.parse(searched[1]!) as string;
      rest = rest.slice(0, searched.index);
    } catch {
      search = undefined;
    }
  }
  // The audit log's own file holds entries, as its saved line says ("Saved 23,128 entries"); main records "rows" for every file.
  const parts = [t(action === 'export_audit_log' ? 'audit.result.exportFileEntries' : 'audit.result.exportFile', { rows: Number(head[1]), file: ltrIsolated(head[2]!) })];
  for (const part of rest.split('; ').filter(Boolean)) parts.push(partWords(part, t, language));
  // A card number main removed from the search is said so in the reader's language.
  if (search !== undefined) parts.push(t('audit.result.exportSearch', { text: search.split(cardNumberRemoved).join(t('audit.result.cardRemoved')) }));
  return parts.join(language === 'ar' ? '؛ ' : '; ');
}
