// A share chart (what was taken by card brand or by kind, one currency) as plain HTML: one
// button per category with its name, a bar as long as its share, its exact amount and its
// percentage. A handful of categories need no canvas: these are drawn with the page's own
// render (no chart library, no layout read), read as text by a screen reader, mirror in Arabic
// through logical properties, and open their payments when chosen. "Show as table" gives the
// same figures as the daily charts' table view.
import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { Ltr } from '../../ui/ltr';
import { ChartTable } from './chart-table';

export type ShareRow = { label: string; grossMinor: number };

/** A share in tenths of a percent, from integers (rounded half up). */
export function perMille(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Number((BigInt(part) * 1000n + BigInt(whole) / 2n) / BigInt(whole));
}

/** A share in tenths of a percent, from integers: "12.5". */
export function percent(part: number, whole: number): string {
  const p = perMille(part, whole);
  return `${Math.floor(p / 10)}.${p % 10}`;
}

type Props = {
  title: string;
  head: string;
  /** The series' name ("Taken"), the table's column. */
  name: string;
  color: string;
  rows: ShareRow[];
  amountText: (minor: number) => string;
  pick: (row: number) => void;
  testId?: string;
};

export function ShareBars({ title, head, name, color, rows, amountText, pick, testId }: Props) {
  const t = useT();
  const [table, setTable] = useState(false);
  const total = rows.reduce((n, r) => n + r.grossMinor, 0);
  const share = (row: number) => t('ov.share', { percent: percent(rows[row]!.grossMinor, total) });
  const titleId = `${useId()}-title`;
  return (
    <figure className="ov-chart" data-testid={testId} data-drawn="true">
      <figcaption id={titleId}>{title}</figcaption>
      <button type="button" className="link" aria-pressed={table} onClick={() => setTable(!table)}>{table ? t('ov.chart.asChart') : t('ov.chart.asTable')}</button>
      {table ? (
        <ChartTable title={title} head={head} labels={rows.map((r) => r.label)} series={[{ name, values: rows.map((r) => r.grossMinor) }]} amountText={amountText} pick={pick} extra={{ head: t('ov.col.share'), cell: share }} />
      ) : (
        <ul className="ov-share-bars" aria-labelledby={titleId}>
          {rows.map((r, row) => (
            <li key={r.label}>
              <button type="button" className="ov-share" onClick={() => pick(row)} data-testid="ov-share">
                <span className="ov-share-label">{r.label}</span>
                <span className="visually-hidden">: </span>
                <span className="ov-share-track" aria-hidden="true">
                  <span className="ov-share-bar" style={{ inlineSize: `calc(${perMille(r.grossMinor, total)}% / 10)`, background: color }} />
                </span>
                <span className="ov-share-amount"><Ltr>{amountText(r.grossMinor)}</Ltr> · <Ltr>{share(row)}</Ltr></span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
