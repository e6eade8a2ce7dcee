// One daily chart as a figure: its caption, a legend, the uPlot bars or the same figures as a
// table ("Show as table"), and a line that reads out the day under the pointer. The chart is one
// named image described by its totals; every amount (table, hover line, summary, axis) is
// formatted exactly from integer minor units. A bar or a table amount opens its payments.
import { useId, useRef, useState } from 'react';
import { useLanguage, useT } from '../../i18n';
import { Ltr } from '../../ui/ltr';
import { ChartTable } from './chart-table';
import { UplotChart, type ChartSeries } from './uplot-chart';

export type Series = ChartSeries;

type Props = {
  title: string;
  /** Full category labels (table rows, hover line); `axisLabels` may be shorter. */
  labels: string[];
  axisLabels?: string[];
  /** The table's first column heading. */
  head: string;
  series: Series[];
  amountText: (minor: number) => string;
  /** Opens the payments behind one category of one series. */
  pick: (row: number, series: number) => void;
  testId?: string;
};

export function BarChart(props: Props) {
  const t = useT();
  const rtl = useLanguage((s) => s.language) === 'ar';
  const [table, setTable] = useState(false);
  const [hover, setHover] = useState<number | null>(null);
  // Set on the element, not through state: a drawn chart needs no second render.
  const figure = useRef<HTMLElement>(null);
  const id = useId();
  const { labels, series, amountText } = props;
  const money = (minor: number) => <Ltr>{amountText(minor)}</Ltr>;
  // Totals of integer minor units: exact while below 2^53, as every amount the contract allows.
  const summary = series.map((s) => t('ov.chart.total', { series: s.name, amount: amountText(s.values.reduce((a, v) => a + v, 0)) })).join(' ');

  return (
    <figure ref={figure} className="ov-chart" data-testid={props.testId} data-drawn={table ? 'true' : 'false'}>
      <figcaption id={`${id}-title`}>{props.title}</figcaption>
      <button type="button" className="link" aria-pressed={table} onClick={() => setTable(!table)}>{table ? t('ov.chart.asChart') : t('ov.chart.asTable')}</button>
      <ul className="ov-legend" aria-hidden="true">
        {series.map((s) => <li key={s.name}><span className="swatch" style={{ background: s.color }} /> {s.name}</li>)}
      </ul>
      {table ? (
        <ChartTable title={props.title} head={props.head} labels={labels} series={series} amountText={amountText} pick={props.pick} />
      ) : (
        <>
          <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-sum`} className="ov-plot-box">
            <UplotChart labels={props.axisLabels ?? labels} series={series} rtl={rtl} amountText={amountText} onHover={setHover} onPick={props.pick} onDrawn={() => figure.current?.setAttribute('data-drawn', 'true')} labelSpace={props.axisLabels ? 56 : 40} />
          </div>
          <p id={`${id}-sum`} className="visually-hidden">{summary}</p>
          <p className="ov-readout" data-testid="ov-readout">
            {hover === null ? t('ov.chart.hint') : (
              <>
                <strong>{labels[hover]}</strong>
                {series.map((s) => <span key={s.name}> · {s.name}: {money(s.values[hover] ?? 0)}</span>)}
              </>
            )}
          </p>
        </>
      )}
    </figure>
  );
}
