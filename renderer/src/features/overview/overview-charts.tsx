// The overview's charts: daily money taken and refunded over 30 or 90 days, and the shares by
// card brand and by kind, each per currency (amounts are never added across currencies). Every
// bar and row opens the payments behind it.
import type { CurrencyCode } from '../../../../contract/money';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import { useLanguage, useT } from '../../i18n';
import { formatAmount, formatDate } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { BarChart } from './bar-chart';
import { lastDays } from './periods';
import { useOverview, type OverviewData } from './overview-store';

/** A share in tenths of a percent, from integers: "12.5". */
function percent(part: number, whole: number): string {
  const perMille = Number((BigInt(part) * 1000n + BigInt(whole) / 2n) / BigInt(whole));
  return `${Math.floor(perMille / 10)}.${perMille % 10}`;
}

export function OverviewCharts({ data, open }: { data: OverviewData; open: (filter: PaymentFilter) => void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const chartDays = useOverview((s) => s.chartDays);
  const days = lastDays(new Date(), chartDays);
  const span = { from: days[0]!.from, to: days.at(-1)!.to };
  const currencies = [...new Set([...data.days.map((d) => d.currency), ...data.byKind.map((d) => d.currency)])].sort();
  const amount = (minor: number, currency: string) => formatAmount(minor, currency as CurrencyCode, language);

  return (
    <section aria-labelledby="ov-charts-title">
      <h3 id="ov-charts-title">{t('ov.charts.title')}</h3>
      <fieldset className="ov-controls">
        <legend>{t('ov.charts.days')}</legend>
        {([30, 90] as const).map((n) => (
          <label key={n}>
            <input type="radio" name="ov-days" checked={chartDays === n} onChange={() => useOverview.getState().set({ chartDays: n })} /> {t('ov.charts.daysOption', { days: n })}
          </label>
        ))}
      </fieldset>
      {currencies.length === 0 && <p>{t('ov.chart.empty')}</p>}
      {currencies.map((currency) => {
        const byDate = new Map(data.days.filter((d) => d.currency === currency).map((d) => [d.date, d]));
        const series = [
          { name: t('ov.chart.gross'), className: 'ov-gross', values: days.map((d) => byDate.get(d.date)?.grossMinor ?? 0), filter: { withCaptured: true } },
          { name: t('ov.chart.refunds'), className: 'ov-refund', values: days.map((d) => byDate.get(d.date)?.refundedMinor ?? 0), filter: { withRefunded: true } },
        ];
        return (
          <div key={currency} data-testid={`ov-charts-${currency}`}>
            <BarChart
              testId={`ov-daily-${currency}`}
              title={t('ov.chart.daily', { currency })}
              labels={days.map((d) => formatDate(d.date, language))}
              series={series}
              amountText={(v) => amount(v, currency)}
              cell={(v, row, i) => <button type="button" className="link" onClick={() => open({ from: days[row]!.from, to: days[row]!.to, currency, ...series[i]!.filter })}><Ltr>{amount(v, currency)}</Ltr></button>}
            />
            <ShareTable title={t('ov.chart.byBrand', { currency })} head={t('ov.col.brand')} rows={data.byBrand.filter((b) => b.currency === currency).map((b) => ({ key: b.brand, label: t(`brand.${b.brand}`), grossMinor: b.grossMinor, filter: { cardBrand: b.brand } }))} currency={currency} open={(f) => open({ ...span, currency, withCaptured: true, ...f })} />
            <ShareTable title={t('ov.chart.byKind', { currency })} head={t('ov.col.kind')} rows={data.byKind.filter((k) => k.currency === currency).map((k) => ({ key: k.kind, label: t(`kind.${k.kind}`), grossMinor: k.grossMinor, filter: { kinds: [k.kind] } }))} currency={currency} open={(f) => open({ ...span, currency, withCaptured: true, ...f })} />
          </div>
        );
      })}
    </section>
  );
}

/** Shares as a table whose rows carry a bar: the chart and its table view at once. */
function ShareTable(props: { title: string; head: string; currency: string; rows: Array<{ key: string; label: string; grossMinor: number; filter: PaymentFilter }>; open: (filter: PaymentFilter) => void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const total = props.rows.reduce((n, r) => n + r.grossMinor, 0);
  if (total === 0) return null;
  return (
    <table className="ov-figures">
      <caption>{props.title}</caption>
      <thead>
        <tr>
          <th scope="col">{props.head}</th>
          <th scope="col">{t('ov.col.gross')}</th>
          <th scope="col">{t('ov.col.share')}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => {
          const share = percent(r.grossMinor, total);
          return (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td><button type="button" className="link" onClick={() => props.open(r.filter)}><Ltr>{formatAmount(r.grossMinor, props.currency as CurrencyCode, language)}</Ltr></button></td>
              <td>
                <span className="ov-share-bar" aria-hidden="true" style={{ inlineSize: `${share}px` }} /> <Ltr>{t('ov.share', { percent: share })}</Ltr>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
