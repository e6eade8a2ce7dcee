// The refunds behind a "Refunds made in this period" line: one currency's refunds that went through
// in the chosen dates, oldest first, each on the day and at the time it was made, with its order
// reference (which opens the payment), amount, reason, who made it and the profile. A list of its
// own rather than the audit log filtered: the log also holds refunds that failed or were sent
// twice on the team ledger (`sending`, then the outcome), and dates a refund settled by hand on the
// day it was settled; this list is exactly the rows the figure counts and the CSV writes.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MethodOutput } from '../../../../contract/methods';
import type { CurrencyCode } from '../../../../contract/money';
import { api } from '../../api';
import { useNavigation } from '../../app/navigation-store';
import { useLanguage, useT } from '../../i18n';
import { formatAmount, formatDateSpelled } from '../../i18n/format';
import { useWords, type Words } from '../../i18n/words';
import { useDialogFocus } from '../../ui/dialog-focus';
import { Ltr } from '../../ui/ltr';
import { RowMoment } from '../../ui/row-moment';
import { showPayment } from '../transactions/find-payment';
import { ProfileCell } from '../transactions/profile-cell';
import { exportRefundsMade, type RefundsMadeScope, type RefundsMadeTotal } from './refunds-made';

type Row = MethodOutput<'listRefundsMade'>['rows'][number];
const pageSize = 100;

/** `total`: the line that opened the list (its count and sum), said again above the rows: the dialog covers the line. */
export default function RefundsMadeList({ scope, currency, total, onClose }: { scope: RefundsMadeScope; currency: string; total?: RefundsMadeTotal; onClose(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const go = useNavigation((s) => s.go);
  const words = useWords();
  const box = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useDialogFocus(body, onClose, box);
  const [rows, setRows] = useState<Row[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<Words>();
  const [exported, setExported] = useState<Words>();

  async function load(after?: Row) {
    setLoading(true);
    const result = await api.listRefundsMade({ from: scope.from, to: scope.to, profileId: scope.profileId, currency: currency as CurrencyCode, limit: pageSize, ...(after ? { after: { at: after.at, id: after.id } } : {}) });
    setLoading(false);
    if (!result.ok) return setFailure({ error: result.error });
    setRows((shown) => [...(after ? shown : []), ...result.value.rows]);
    setMore(result.value.more);
  }
  useEffect(() => {
    void load();
  }, [scope.from, scope.to, scope.profileId, currency]); // a new list for new dates or currency

  const title = t('ov.made.listTitle', { currency, first: formatDateSpelled(scope.firstDay, language), last: formatDateSpelled(scope.lastDay, language) });
  return createPortal(
    <div className="dialog-backdrop">
      <div ref={box} className="dialog ov-made-dialog" role="dialog" aria-modal="true" aria-labelledby="ov-made-list-title" data-testid="ov-made-list">
        <h2 id="ov-made-list-title">{title}</h2>
        <div ref={body} className="dialog-body" tabIndex={0} role="region" aria-labelledby="ov-made-list-title">
          {total && <p data-testid="ov-made-list-total"><strong>{t('ov.made.line', { count: total.count })} · <Ltr>{formatAmount(total.amountMinor, total.currency as CurrencyCode, language)}</Ltr></strong></p>}
          <p className="field-hint">{t('ov.made.listHint')}</p>
          {failure && <p role="alert" className="error">{words(failure)}</p>}
          <table className="ov-made-table" data-testid="ov-made-rows" aria-labelledby="ov-made-list-title">
            <thead>
              <tr>
                <th scope="col">{t('ov.made.col.when')}</th>
                <th scope="col">{t('tx.col.order')}</th>
                <th scope="col" className="num">{t('tx.col.amount')}</th>
                <th scope="col">{t('ov.made.col.reason')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.profile')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-payment={r.paymentId}>
                  <td><RowMoment iso={r.at} /></td>
                  <td><button type="button" className="link" onClick={() => { onClose(); showPayment(r.paymentId, go); }}><Ltr>{r.orderId}</Ltr></button></td>
                  <td className="num"><Ltr>{formatAmount(r.amountMinor, r.currency as CurrencyCode, language)}</Ltr></td>
                  <td>{r.reason ? <bdi className="user-text">{r.reason}</bdi> : '—'}</td>
                  <td><Ltr>{r.osUser}</Ltr></td>
                  <td><ProfileCell profileId={r.profileId} environment={null} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          {loading ? <p role="status">{t('ov.made.loading')}</p> : more && (
            <p><button type="button" onClick={() => void load(rows.at(-1))} data-testid="ov-made-more">{t('ov.made.more')}</button></p>
          )}
        </div>
        <div className="form-actions">
          <button type="button" onClick={() => void exportRefundsMade(scope, currency).then(setExported)} data-testid="ov-made-list-export">{t('ov.made.exportCurrency', { currency })}</button>
          <button type="button" onClick={onClose} data-testid="ov-made-close">{t('ov.made.close')}</button>
          {exported && <span role="status"> {words(exported)}</span>}
        </div>
      </div>
    </div>,
    document.body,
  );
}
