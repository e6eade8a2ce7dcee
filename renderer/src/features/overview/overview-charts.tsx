// The overview's charts (this chunk is loaded only when Home shows them): daily money taken and
// refunded over 30 or 90 days (uPlot), and the shares by card brand and by kind (HTML bars,
// share-bars.tsx), each per currency (amounts are never added across currencies). Every bar and
// table amount opens the payments behind it.
import type { CurrencyCode } from '../../../../contract/money';
import type { PaymentFilter } from '../../../../contract/methods/payments';
import { useLanguage, useT } from '../../i18n';
import { formatAmount, formatDate } from '../../i18n/format';
import { BarChart } from './bar-chart';
import { ShareBars } from './share-bars';
import { lastDays } from './periods';
import { useOverview, type OverviewData } from './overview-store';

// Custom properties (styles/app.css), so the bars follow the light or dark scheme.
const gross = 'var(--chart-gross)';
const refund = 'var(--chart-refund)';

/** "5 Nov" for the axis (the table and hover line show the full date). */
function dayMonths(dates: string[], language: 'en' | 'ar'): string[] {
  const format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC', numberingSystem: 'latn', calendar: 'gregory' });
  return dates.map((date) => format.format(new Date(`${date}T00:00:00Z`)));
}

/**
 * One profile's charts. `idp` (scope "all": another profile's, after the profile in use's) keeps its
 * ids apart and leaves the days' choice to the first charts, which it follows.
 */
export function OverviewCharts({ data, open, idp = '' }: { data: OverviewData; open: (filter: PaymentFilter) => void; idp?: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const chartDays = useOverview((s) => s.chartDays);
  const days = lastDays(new Date(), chartDays);
  const span = { from: days[0]!.from, to: days.at(-1)!.to };
  // The same days for every currency: their labels made once.
  const dayLabels = days.map((d) => formatDate(d.date, language));
  const axisLabels = dayMonths(days.map((d) => d.date), language);
  const currencies = [...new Set([...data.days.map((d) => d.currency), ...data.byKind.map((d) => d.currency)])].sort();

  return (
    <section aria-labelledby={`${idp}ov-charts-title`} data-testid="ov-charts">
      <h3 id={`${idp}ov-charts-title`}>{t('ov.charts.title')}</h3>
      {!idp && <fieldset className="ov-controls">
        <legend>{t('ov.charts.days')}</legend>
        {([30, 90] as const).map((n) => (
          <label key={n}>
            <input type="radio" name="ov-days" checked={chartDays === n} onChange={() => useOverview.getState().set({ chartDays: n })} /> {t('ov.charts.daysOption', { days: n })}
          </label>
        ))}
      </fieldset>}
      {currencies.length === 0 && <p>{t('ov.chart.empty')}</p>}
      {currencies.map((currency) => {
        const amount = (minor: number) => formatAmount(minor, currency as CurrencyCode, language);
        const byDate = new Map(data.days.filter((d) => d.currency === currency).map((d) => [d.date, d]));
        const daily = [
          { name: t('ov.chart.gross'), color: gross, values: days.map((d) => byDate.get(d.date)?.grossMinor ?? 0), filter: { withCaptured: true } },
          { name: t('ov.chart.refunds'), color: refund, values: days.map((d) => byDate.get(d.date)?.refundedMinor ?? 0), filter: { withRefunded: true } },
        ];
        const brands = data.byBrand.filter((b) => b.currency === currency).map((b) => ({ label: t(`brand.${b.brand}`), grossMinor: b.grossMinor, filter: { cardBrand: b.brand } }));
        const kinds = data.byKind.filter((k) => k.currency === currency).map((k) => ({ label: t(`kind.${k.kind}`), grossMinor: k.grossMinor, filter: { kinds: [k.kind] } }));
        const share = (title: string, head: string, rows: typeof brands | typeof kinds, testId: string) => {
          if (rows.reduce((n, r) => n + r.grossMinor, 0) === 0) return null;
          return (
            <ShareBars
              testId={testId}
              title={title}
              head={head}
              name={t('ov.chart.gross')}
              color={gross}
              rows={rows}
              amountText={amount}
              pick={(row) => open({ ...span, currency, withCaptured: true, ...rows[row]!.filter })}
            />
          );
        };
        return (
          <div key={currency} className="ov-currency-charts" data-testid={`ov-charts-${currency}`}>
            <BarChart
              testId={`${idp}ov-daily-${currency}`}
              title={t('ov.chart.daily', { currency })}
              head={t('ov.col.date')}
              labels={dayLabels}
              axisLabels={axisLabels}
              series={daily}
              amountText={amount}
              pick={(row, i) => open({ from: days[row]!.from, to: days[row]!.to, currency, ...daily[i]!.filter })}
            />
            <div className="ov-shares">
              {share(t('ov.chart.byBrand', { currency }), t('ov.col.brand'), brands, `ov-brand-${currency}`)}
              {share(t('ov.chart.byKind', { currency }), t('ov.col.kind'), kinds, `ov-kind-${currency}`)}
            </div>
          </div>
        );
      })}
    </section>
  );
}
