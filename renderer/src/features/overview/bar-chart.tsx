// A small accessible bar chart in SVG (no chart library: two series of daily bars need little),
// always with a table view of the same figures. The chart is one image with a name; each bar
// carries its own label; in Arabic time runs right to left like the text.
import { useId, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '../../i18n';

export type Series = { name: string; className: string; values: number[] };

export function BarChart(props: { title: string; labels: string[]; series: Series[]; cell: (value: number, row: number, series: number) => ReactNode; amountText: (value: number) => string; testId?: string }) {
  const t = useT();
  const rtl = useLanguage((s) => s.language) === 'ar';
  const [table, setTable] = useState(false);
  const id = useId();
  const { labels, series } = props;
  // Pixel heights only: the amounts themselves are shown from the integer minor units.
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const width = 640;
  const height = 160;
  const slot = width / Math.max(1, labels.length);
  const bar = Math.max(1, (slot - 2) / series.length);
  return (
    <figure className="ov-chart" data-testid={props.testId}>
      <figcaption id={id}>{props.title}</figcaption>
      <button type="button" className="link" aria-pressed={table} onClick={() => setTable(!table)}>{table ? t('ov.chart.asChart') : t('ov.chart.asTable')}</button>
      <ul className="ov-legend" aria-hidden="true">
        {series.map((s) => <li key={s.name}><span className={`swatch ${s.className}`} /> {s.name}</li>)}
      </ul>
      {table ? (
        <table>
          <caption className="visually-hidden">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ov.col.date')}</th>
              {series.map((s) => <th key={s.name} scope="col">{s.name}</th>)}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s, i) => <td key={s.name}>{props.cell(s.values[row] ?? 0, row, i)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={id} className="ov-bars">
          {labels.map((label, row) => {
            const x = (rtl ? labels.length - 1 - row : row) * slot;
            return series.map((s, i) => {
              const value = s.values[row] ?? 0;
              const h = value === 0 ? 0 : Math.max(1, (value / max) * (height - 4));
              return (
                <rect key={`${label}-${s.name}`} className={s.className} x={x + 1 + i * bar} y={height - h} width={bar} height={h}>
                  <title>{`${label}, ${s.name}: ${props.amountText(value)}`}</title>
                </rect>
              );
            });
          })}
        </svg>
      )}
    </figure>
  );
}
