// A chart's "Show as table" view: the same figures as a table whose amounts open their payments
// (the shares with their percentages). Shared by the daily bar charts and the share bars.
import { Ltr } from '../../ui/ltr';

export type TableSeries = { name: string; values: number[] };

type Props = {
  title: string;
  /** The first column's heading and its cells (days or names). */
  head: string;
  labels: string[];
  series: TableSeries[];
  amountText: (minor: number) => string;
  pick: (row: number, series: number) => void;
  extra?: { head: string; cell: (row: number) => string };
};

export function ChartTable({ title, head, labels, series, amountText, pick, extra }: Props) {
  return (
    <table>
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          {series.map((s) => <th key={s.name} scope="col">{s.name}</th>)}
          {extra && <th scope="col">{extra.head}</th>}
        </tr>
      </thead>
      <tbody>
        {labels.map((label, row) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {series.map((s, i) => (
              <td key={s.name}><button type="button" className="link" onClick={() => pick(row, i)}><Ltr>{amountText(s.values[row] ?? 0)}</Ltr></button></td>
            ))}
            {extra && <td><Ltr>{extra.cell(row)}</Ltr></td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
