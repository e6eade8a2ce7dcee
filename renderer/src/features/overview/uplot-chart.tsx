// A bar chart drawn by uPlot, the kept chart library (docs/overview.md, Charts: chosen for size).
// Values are Numbers of integer minor units, for drawing only: every text on the chart (the value
// axis, the hover line) comes from `amountText`, the app's exact formatter. With one series the
// bars are centred on their category; with two they stand side by side (first before, second
// after, in the axis's own direction). In right-to-left the category axis runs right to left and
// the value axis stands on the right, as an Arabic reader expects.
import { useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import { ltrIsolated } from '../../../../contract/amount-words';
// uPlot's stylesheet comes with the page's own (overview-section.tsx), not with this chunk.
import { drawWhenSeen } from './draw-when-seen';
import { useColourScheme } from '../../ui/colour-scheme';

export type ChartSeries = { name: string; color: string; values: number[] };

type Props = {
  /** Category labels on the axis (days or names). */
  labels: string[];
  series: ChartSeries[];
  rtl: boolean;
  amountText: (minor: number) => string;
  /** The category under the pointer, or null when it leaves. */
  onHover: (row: number | null) => void;
  /** A click on a bar: its category and series. */
  onPick: (row: number, series: number) => void;
  /** Called after each draw (tests and the bench wait on it). */
  onDrawn: () => void;
  /** Fewest pixels between two category labels. */
  labelSpace?: number;
};

const height = 180;
// Value-axis steps: whole minor units only (1, 2, 5 × 10^n), so each tick is an exact amount.
const moneySteps = Array.from({ length: 16 }, (_, n) => [1, 2, 5].map((m) => m * 10 ** n)).flat();
const daySteps = [1, 2, 7, 14, 30];

/** The value axis as wide as its longest label (uPlot's fixed 50 px cuts amounts short). */
function axisWidth(u: uPlot, values: string[] | null, axisIdx: number, cycle: number): number {
  const axis = u.axes[axisIdx]!;
  if (cycle > 1) return (axis as { _size?: number })._size ?? 60;
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  u.ctx.font = (axis.font as unknown as string[])[0] ?? '12px sans-serif';
  return Math.ceil(u.ctx.measureText(longest).width / devicePixelRatio) + 16;
}

export function UplotChart(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const calls = useRef(props);
  calls.current = props;
  const plot = useRef<{ chart: uPlot; values: string }>(undefined);
  // Its colours are read from the CSS when made: made again when the system turns dark or light.
  const scheme = useColourScheme();
  // Made again only when its shape changes (days, series, direction, colours); new values of the same
  // shape (a live update) are given to the chart it has. A parent's render makes new arrays each
  // time, so both are compared as text.
  const shape = JSON.stringify([props.labels, props.series.map((s) => [s.name, s.color]), props.rtl, props.labelSpace, scheme]);
  const values = JSON.stringify(props.series.map((s) => s.values));

  // Before the browser paints (a layout effect): a chart in view comes with the frame that shows
  // it; one below the fold is drawn after that frame or when scrolled to (draw-when-seen.ts).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let undraw: (() => void) | undefined;
    const cancel = drawWhenSeen(el, () => {
      const draw = measureChart(el, calls);
      return () => {
        const made = draw();
        plot.current = { chart: made.chart, values: JSON.stringify(calls.current.series.map((s) => s.values)) };
        undraw = made.undraw;
      };
    });
    return () => {
      cancel();
      undraw?.();
      plot.current = undefined;
    };
  }, [shape]);

  useLayoutEffect(() => {
    const drawn = plot.current;
    if (!drawn || drawn.values === values) return;
    drawn.values = values;
    drawn.chart.setData(chartData(calls.current));
  }, [values]);

  return <div ref={box} className="ov-plot" />;
}

const chartData = ({ labels, series }: Props): uPlot.AlignedData => [labels.map((_, i) => i), ...series.map((s) => s.values)];

/** Reads what the chart in `el` needs from the layout; returns the step that makes the chart. */
function measureChart(el: HTMLDivElement, calls: { current: Props }): () => { chart: uPlot; undraw: () => void } {
  const width = Math.max(280, el.clientWidth);
  const style = getComputedStyle(el);
  const ink = style.color || '#1b1f24';
  // A series' colour may be a custom property ("var(--chart-gross)"), which a canvas cannot take:
  // read its value for the colour scheme in use (the dark one has lighter bars, walk21).
  const paint = (color: string) => {
    const name = /^var\((--[\w-]+)\)$/.exec(color)?.[1];
    return name ? style.getPropertyValue(name).trim() || ink : color;
  };
  return () => drawChart(el, calls, width, { ink, grid: paint('var(--chart-grid)'), paint });
}

type Look = { ink: string; grid: string; paint: (color: string) => string };

/** Makes the uPlot chart in `el`; returns it and what takes it down. */
function drawChart(el: HTMLDivElement, calls: { current: Props }, width: number, { ink, grid, paint }: Look): { chart: uPlot; undraw: () => void } {
  const { labels, series, rtl, labelSpace } = calls.current;
  const amountText = (minor: number) => calls.current.amountText(minor);
  // The canvas draws right to left in Arabic: an amount unisolated read "¥JP 10,000" and "$US 500.00"
  // on the axis beside "12,345 JP¥" in the figures. Isolated left to right, as <Ltr> draws them.
  const axisAmount = (text: string) => (rtl ? ltrIsolated(text) : text);
  const n = labels.length;
  const two = series.length > 1;
  const options: uPlot.Options = {
    width,
    height,
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false, setScale: false, click: () => undefined } }, // let clicks through: a click opens a bar's payments
    scales: {
      x: { time: false, dir: rtl ? -1 : 1, range: () => [-0.5, n - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.08] },
    },
    axes: [
      { stroke: ink, grid: { show: false }, incrs: daySteps, space: labelSpace ?? 90, values: (_u, splits) => splits.map((i) => labels[i] ?? '') },
      { side: rtl ? 1 : 3, stroke: ink, grid: { stroke: grid }, incrs: moneySteps, size: axisWidth, values: (_u, splits) => splits.map((v) => axisAmount(amountText(Math.round(v)))) },
    ],
    series: [
      {},
      ...series.map((s, i) => ({
        label: s.name,
        fill: paint(s.color),
        stroke: paint(s.color),
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars!({ size: [two ? 0.4 : 0.6, 64], align: two ? (i === 0 ? -1 : 1) : 0 }),
      })),
    ],
    hooks: {
      setCursor: [(u) => calls.current.onHover(u.cursor.idx ?? null)],
      draw: [() => calls.current.onDrawn()],
    },
  };
  const plot = new uPlot(options, chartData(calls.current), el);
  const click = () => {
    const row = plot.cursor.idx;
    if (row == null || plot.cursor.left == null || plot.cursor.left < 0) return;
    // Two bars per category: the pointer's side of the category's centre (in values, so it
    // holds in both directions) says which.
    const side = two && plot.posToVal(plot.cursor.left, 'x') >= row ? 1 : 0;
    calls.current.onPick(row, side);
  };
  plot.over.addEventListener('click', click);
  const leave = () => calls.current.onHover(null);
  plot.over.addEventListener('mouseleave', leave);
  const resize = new ResizeObserver(() => {
    const width = Math.max(280, el.clientWidth);
    if (width !== plot.width) plot.setSize({ width, height });
  });
  resize.observe(el);
  return {
    chart: plot,
    undraw: () => {
      resize.disconnect();
      plot.destroy();
    },
  };
}
