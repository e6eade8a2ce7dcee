// The audit log in words: each action and result main records as a code, worded in the user's
// language; a code a newer Paydesk wrote is shown as it is rather than hidden.
import { stateWords, type StateWord } from '../../../../contract/payment-states';
import type { Language, MessageKey } from '../../i18n';
import { auditState, databaseResult } from './database-audit-words';
import { profileName } from '../../ui/profile-name';
import { exportResult } from './export-words';

const actions = [
  'create_link', 'create_checkout', 'create_sale', 'create_recurring', 'capture', 'void', 'refund', 'status_check', 'lookup',
  // A stored card's repeat charges stopped and allowed again (repeat-stops.ts; on the team ledger repeat-stops.sql).
  'stop_repeat_charges', 'allow_repeat_charges',
  'settle_capture', 'settle_void', 'settle_refund', 'export_payments', 'export_audit_log', 'export_settlement', 'export_refunds', 'export_bulk_links',
  'profile_add', 'profile_change', 'profile_remove', 'profile_switch', 'key_set', 'key_replace', 'key_remove',
  // Written by the team ledger's database (invoices.sql); the result is the number.
  'invoice_reserved', 'credit_note', 'document_numbers_continued',
  // retry.sql: the result is the old and new amount (and which other details changed).
  'retry_details',
  // Written by the team ledger's database when finance's status check changes a payment (status-answers.sql).
  'status_answer',
  // The team ledger's database: a laptop's copy (import.sql), its people (security.sql).
  'import', 'add_person', 'remove_person', 'change_person_group',
  // A bulk links batch, on both ledgers (bulk-audit.sql, ledger/bulk-store.ts).
  'bulk_import', 'bulk_run', 'bulk_cancel', 'bulk_finish',
] as const;

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Every action code worded here, a check-up's moves included (main prefixes a check-up payment's actions with `checkup_`). */
export const knownAuditActions: readonly string[] = [
  ...actions, 'checkup_started', 'checkup_finished', 'checkup_report_saved',
  ...actions.filter((a) => /^(create_|capture|void|refund|status_|lookup|settle_|retry_)/.test(a)).map((a) => `checkup_${a}`),
];

const checkupActions = { checkup_started: 'audit.action.checkup_started', checkup_finished: 'audit.action.checkup_finished', checkup_report_saved: 'audit.action.checkup_report_saved' } as const;

export function auditAction(action: string, t: Translate): string {
  if (action in checkupActions) return t(checkupActions[action as keyof typeof checkupActions]);
  // A money move of a gateway check-up: the move, marked as the check-up's.
  if (action.startsWith('checkup_')) return t('audit.action.checkupMove', { action: auditAction(action.slice('checkup_'.length), t) });
  return (actions as readonly string[]).includes(action) ? t(`audit.action.${action as (typeof actions)[number]}`) : action;
}

/** A result: a payment state, an outcome, what an export wrote, a profile's name, or one of the forms database-audit-words.ts words.
 *  `profileId`: the entry's profile, whose name a profile's or key's entry holds (the built-in practice profile's is worded). */
export function auditResult(action: string, result: string, t: Translate, language: Language = 'en', profileId?: string | null): string {
  if (action.startsWith('profile_') || action.startsWith('key_')) return profileId ? profileName({ id: profileId, name: result }, t) : result;
  const exported = action.startsWith('export_') ? exportResult(result, t, language, action) : undefined;
  if (exported !== undefined) return exported;
  const worded = databaseResult(action, result, t, language);
  if (worded !== undefined) return worded;
  if ((stateWords as readonly string[]).includes(result)) return auditState(action, result as StateWord, t);
  const rows = /^(\d+) rows$/.exec(result);
  if (rows) return t('audit.result.rows', { rows: Number(rows[1]) });
  const failed = /^failed: (\w+)$/.exec(result);
  if (failed) return t('audit.result.failed', { why: failed[1] === 'declined' ? t('audit.result.declined') : t('audit.result.error') });
  const known = { succeeded: 'audit.result.succeeded', outcome_unknown: 'audit.result.unknown', exported: 'audit.result.exported', went_through: 'audit.result.wentThrough', did_not_go_through: 'audit.result.didNotGoThrough', stopped: 'audit.result.stopped', allowed: 'audit.result.allowed' } as const;
  return result in known ? t(known[result as keyof typeof known]) : result;
}
