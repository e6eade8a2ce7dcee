// Audit results written in a fixed English form (by the team ledger's database: retry.sql,
// import.sql, security.sql's people, bulk-audit.sql; and the same forms on a laptop's file:
// bulk links, the check-up, a creation's "recorded: <state>"), worded in the user's language.
// The entries themselves stay as written (the chain's hash covers them): only the screen words
// them. A form not known here is shown as it is.
import { isCurrencyCode } from '../../../../contract/money';
import { stateWordOf, stateWords, type StateWord } from '../../../../contract/payment-states';
import type { Language, MessageKey } from '../../i18n';
import { formatAmount } from '../../i18n/format';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const isState = (word: string): word is StateWord => (stateWords as readonly string[]).includes(word);
const roles = ['staff', 'support', 'finance', 'admin'] as const;
const retryDetails = { description: 'audit.result.detail.description', customer: 'audit.result.detail.customer', auth_only: 'audit.result.detail.authOnly' } as const;
const batchEnds = ['done', 'cancelled', 'interrupted'] as const;

/** An amount as `<minor> <currency>` (retry.sql's form) in the user's language; as written when it is not one. */
function amount(minor: string, currency: string, language: Language): string {
  return isCurrencyCode(currency) && /^-?\d{1,15}$/.test(minor) ? formatAmount(Number(minor), currency, language) : `${minor} ${currency}`;
}

/**
 * A state an entry recorded, in its badge's word: a creation's action names the payment's kind
 * (`create_link`: "Unpaid"); other entries (a status check, a lookup) do not, so their pending
 * is worded as the State filter's option that finds it, every badge word it may have.
 */
export function auditState(action: string, state: StateWord, t: Translate): string {
  if (state !== 'pending') return t(`state.${state}`);
  const kind = /^(?:checkup_)?create_(\w+)$/.exec(action)?.[1];
  return kind ? t(`state.${stateWordOf({ state, kind })}`) : t('state.pendingAnyKind');
}

/** The result of an entry in one of the known forms, worded; undefined when it is in none. */
export function databaseResult(action: string, result: string, t: Translate, language: Language): string | undefined {
  const recorded = /^recorded: (\w+)$/.exec(result);
  if (recorded && isState(recorded[1]!)) return t('audit.result.recorded', { state: auditState(action, recorded[1] as StateWord, t) });
  if (result === 'sending') return t('audit.result.sending');

  if (action === 'retry_details') {
    const m = /^amount (-?\d+) (\w+) -> (-?\d+) (\w+)(?:; (.+))?$/.exec(result);
    if (!m) return undefined;
    const others = (m[5] ?? '').split(', ').filter(Boolean).map((d) => (d in retryDetails ? t(retryDetails[d as keyof typeof retryDetails]) : d));
    const amounts = t('audit.result.retryAmount', { from: amount(m[1]!, m[2]!, language), to: amount(m[3]!, m[4]!, language) });
    return others.length ? t('audit.result.retryWithOthers', { amounts, others: others.join(language === 'ar' ? '، ' : ', ') }) : amounts;
  }
  if (action === 'import') {
    const m = /^(\w+): payments (\d+), operations (\d+), audit entries (\d+)$/.exec(result);
    return m ? t('audit.result.imported', { payments: Number(m[2]), operations: Number(m[3]), entries: Number(m[4]) }) : undefined;
  }
  if (action === 'add_person') return (roles as readonly string[]).includes(result) ? t('audit.result.personAdded', { role: t(`team.role.${result as (typeof roles)[number]}`) }) : undefined;
  if (action === 'remove_person') return result === 'removed' ? t('audit.result.personRemoved') : undefined;
  if (action === 'change_person_group') {
    // team-people.sql writes "<group before> -> <group after>".
    const m = /^(\w+) -> (\w+)$/.exec(result);
    const known = (r: string): r is (typeof roles)[number] => (roles as readonly string[]).includes(r);
    return m && known(m[1]!) && known(m[2]!) ? t('audit.result.personMoved', { oldGroup: t(`team.role.${m[1]}`), newGroup: t(`team.role.${m[2]}`) }) : undefined;
  }

  if (action === 'bulk_import') {
    const m = /^rows (\d+), to send (\d+)$/.exec(result);
    return m ? t('audit.result.bulkImported', { rows: Number(m[1]), toSend: Number(m[2]) }) : undefined;
  }
  if (action === 'bulk_run') {
    const m = /^to send (\d+)$/.exec(result);
    return m ? t('audit.result.bulkToSend', { toSend: Number(m[1]) }) : undefined;
  }
  if (action === 'bulk_cancel') return result === 'asked' ? t('audit.result.bulkCancelAsked') : undefined;
  if (action === 'bulk_finish') {
    const m = /^(\w+): created (\d+), failed (\d+), unknown (\d+), waiting (\d+)$/.exec(result);
    if (!m || !(batchEnds as readonly string[]).includes(m[1]!)) return undefined;
    return t('audit.result.bulkFinished', { state: t(`gp.bulk.state.${m[1] as (typeof batchEnds)[number]}`), created: m[2]!, failed: m[3]!, unknown: m[4]!, waiting: m[5]! });
  }

  if (action === 'checkup_started') {
    const m = /^(practice|sandbox|production), ([A-Z]{3})$/.exec(result);
    return m ? t('audit.result.checkupStarted', { environment: t(`env.${m[1] as 'practice' | 'sandbox' | 'production'}`), currency: m[2]! }) : undefined;
  }
  if (action === 'checkup_finished' || action === 'checkup_report_saved') {
    const m = /^(\d+) passed, (\d+) answered differently, (\d+) failed, (\d+) skipped(, cancelled)?$/.exec(result);
    if (!m) return undefined;
    const counts = t('audit.result.checkupCounts', { passed: m[1]!, different: m[2]!, failed: m[3]!, skipped: m[4]! });
    return m[5] ? t('audit.result.checkupCancelled', { counts }) : counts;
  }
  return undefined;
}
