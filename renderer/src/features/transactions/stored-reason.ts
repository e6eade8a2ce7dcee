// An operation's stored reason as the audit log and a payment's history show it: the reasons
// Paydesk writes itself are worded in the reader's language (old ledgers hold the same English
// words, so they read the same); a reason a person typed is shown as typed.
import { checkupRefundReason } from '../../../../contract/app-written-reasons';
import type { MessageKey } from '../../i18n';

const appWritten: Record<string, MessageKey> = { [checkupRefundReason]: 'reason.checkupRefund' };

export function storedReason(reason: string, t: (key: MessageKey) => string): string {
  return Object.hasOwn(appWritten, reason) ? t(appWritten[reason]!) : reason;
}
