// The audit log is searched by the words a person sees: main matches the typed text against what
// an entry stores (codes such as `create_sale`, `succeeded`; order ids, users, reasons), so the
// screen, which owns the words, also sends the codes whose label holds the text, in the language
// shown or in English ("Card sale", "Done", "استرداد"). docs/screens-after-sale.md, "Audit log".
import { stateWords } from '../../../../contract/payment-states';
import { translate, type Language, type MessageKey } from '../../i18n';
import { auditAction, auditResult, knownAuditActions } from './audit-words';

/** The results worded by a fixed label (counts, names and the team database's forms are matched as typed). */
const knownResults: readonly string[] = [
  'succeeded', 'outcome_unknown', 'exported', 'went_through', 'did_not_go_through', 'stopped', 'allowed', 'sending', 'failed: declined', 'failed: error',
  ...stateWords, ...stateWords.map((s) => `recorded: ${s}`),
];
// A pending state is worded by the payment's kind, which the entry's action names (audit-words.ts): each way counts.
const wordingActions = ['create_link', 'create_checkout', 'create_sale', 'create_recurring', 'status_check'];

/** Letters compared as a reader sees them: case, Arabic's short vowels and tatweel, and alef's forms ignored. */
export function searchFold(text: string): string {
  return text.toLowerCase().replace(/[\u064B-\u065F\u0670\u0640]/g, '').replace(/[أإآٱ]/g, 'ا').trim();
}

type Codes = { actions: string[]; results: string[] };
const labelCache = new Map<Language, { actions: Map<string, string>; results: Map<string, string[]> }>();

function labels(language: Language) {
  let found = labelCache.get(language);
  if (!found) {
    const t = (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values);
    found = {
      actions: new Map(knownAuditActions.map((a) => [a, searchFold(auditAction(a, t))])),
      results: new Map(knownResults.map((r) => [r, [...new Set(wordingActions.map((a) => searchFold(auditResult(a, r, t, language))))]])),
    };
    labelCache.set(language, found);
  }
  return found;
}

/** The action codes and results whose label, in `language` or in English, holds `text`; none for an empty text. */
export function auditCodesFor(text: string, language: Language): Codes {
  const wanted = searchFold(text);
  if (!wanted) return { actions: [], results: [] };
  const actions = new Set<string>();
  const results = new Set<string>();
  for (const l of new Set<Language>([language, 'en'])) {
    const { actions: a, results: r } = labels(l);
    for (const [code, label] of a) if (label.includes(wanted)) actions.add(code);
    for (const [code, worded] of r) if (worded.some((label) => label.includes(wanted))) results.add(code);
  }
  return { actions: [...actions], results: [...results] };
}
