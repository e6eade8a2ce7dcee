// The cells an audit entry shows after its number, time and person: the same on the team's log and
// on the entries copied from laptops (audit-screen.tsx, copied-audit.tsx), so the two read alike.
import type { CurrencyCode } from '../../../../contract/money';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { auditAction, auditResult } from './audit-words';
import { storedReason } from './stored-reason';
import { ProfileCell } from './profile-cell';

type Entry = {
  profileId: Parameters<typeof ProfileCell>[0]['profileId'];
  environment: Parameters<typeof ProfileCell>[0]['environment'];
  action: string;
  reason: string | null;
  orderId: string | null;
  paymentId?: string | null;
  amountMinor: number | null;
  currency: string | null;
  result: string;
};

/**
 * open: the log's own entries name their payment, and its order reference opens it (finance read
 * "who refunded what" and then had to type the reference into Transactions' search to see it).
 */
export function AuditEntryCells({ row, open }: { row: Entry; open?: (paymentId: string) => void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <>
      <td><ProfileCell profileId={row.profileId} environment={row.environment} /></td>
      <td>{auditAction(row.action, t)}{row.reason ? <> — <bdi className="user-text">{storedReason(row.reason, t)}</bdi></> : null}</td>
      <td>{row.orderId ? (open && row.paymentId
        ? <button type="button" className="link audit-open" title={t('audit.openPayment')} onClick={() => open(row.paymentId!)}><Ltr className="mono" cut={row.orderId}>{row.orderId}</Ltr></button>
        : <Ltr className="mono" cut={row.orderId}>{row.orderId}</Ltr>) : '—'}</td>
      <td className="num">{row.amountMinor !== null && row.currency ? <Ltr>{formatAmount(row.amountMinor, row.currency as CurrencyCode, language)}</Ltr> : '—'}</td>
      <td>{auditResult(row.action, row.result, t, language, row.profileId)}</td>
    </>
  );
}
