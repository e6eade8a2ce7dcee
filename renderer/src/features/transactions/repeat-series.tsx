// A stored card's repeat charges, told apart (the eleventh walk: support asked "which month was
// this" and had to open each): the series named by its first payment (order id, what it was for,
// its amount, the customer), and whether a person stopped it because the customer cancelled
// (main/payments/repeat-stop.ts). The detail draws them; the buttons stay in its row of actions.
import type { CurrencyCode } from '../../../../contract/money';
import type { MethodOutput } from '../../../../contract/methods';
import { useLanguage, useT } from '../../i18n';
import { formatAmount, formatShortDateTime } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';

type Detail = MethodOutput<'getPayment'>;
export type RepeatSeries = { orderId: string; description: string | null; amountMinor: number; customerName: string | null };

/** The first payment of the card's series: this one when it stored the card, a repeat charge's parent; null for any other payment. */
export function repeatSeriesOf(detail: Detail): RepeatSeries | null {
  const { payment, related } = detail;
  if (payment.kind === 'recurring') {
    const parent = related.parent;
    return parent ? { orderId: parent.orderId, description: parent.description ?? null, amountMinor: parent.amountMinor, customerName: parent.customerName ?? null } : null;
  }
  return payment.recurringRequested ? { orderId: payment.orderId, description: payment.description, amountMinor: payment.amountMinor, customerName: payment.customer.name } : null;
}

/**
 * "Card stored with BOX-MUNA · Monthly box · SAR 99.00 · منى الدوسري": the series' first payment,
 * above its list; `afterOrder`: only what follows the order id, beside the first payment's own link.
 */
export function RepeatSeriesLine({ series, currency, afterOrder = false }: { series: RepeatSeries; currency: CurrencyCode; afterOrder?: boolean }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const rest = (
    <>
      {series.description && <> · <bdi className="user-text">{series.description}</bdi></>}
      {' · '}<Ltr>{formatAmount(series.amountMinor, currency, language)}</Ltr>
      {series.customerName && <> · <bdi className="customer-name">{series.customerName}</bdi></>}
    </>
  );
  if (afterOrder) return <span className="repeat-series-after" data-testid="repeat-series">{rest}</span>;
  return <p className="repeat-series" data-testid="repeat-series">{t('detail.repeatSeries')} <Ltr className="mono">{series.orderId}</Ltr>{rest}</p>;
}

/** Who stopped the card's repeat charges and when, and that "Charge again" is refused meanwhile. */
export function RepeatStoppedNote({ stop }: { stop: NonNullable<Detail['repeatStop']> }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return <p className="attention-note" role="status" data-testid="repeat-stopped">{t('detail.repeatStopped', { person: stop.by, date: formatShortDateTime(stop.at, language) })}</p>;
}
