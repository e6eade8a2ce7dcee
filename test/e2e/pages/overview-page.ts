// Page object for Home's money overview: figures by period and currency, the charts (the daily
// ones are uPlot on a canvas, so a bar is reached by where it is drawn; the shares are buttons)
// and the settlement export.
import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page';

export class OverviewPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  get section(): Locator {
    return this.page.getByTestId('overview');
  }

  /** One currency's row of a period's figures ("today", "week", "month", "lastMonth", "range"). */
  row(period: 'today' | 'week' | 'month' | 'lastMonth' | 'range', currency: string): Locator {
    return this.page.locator(`[data-testid="ov-period-${period}"] tr[data-currency="${currency}"]`);
  }

  /** A chart by its caption, once drawn (e.g. "Captured and refunded per day, SAR"). */
  async chart(title: string): Promise<Locator> {
    const figure = this.page.locator('figure.ov-chart').filter({ has: this.page.locator('figcaption', { hasText: title }) });
    await figure.and(this.page.locator('[data-drawn="true"]')).waitFor();
    return figure;
  }

  /** Every chart on the overview drawn (axe and screenshots wait for it). */
  async chartsDrawn() {
    await this.page.getByTestId('ov-charts').waitFor();
    await this.page.waitForFunction(() => {
      const figures = [...document.querySelectorAll('figure.ov-chart')];
      return figures.length > 0 && figures.every((f) => f.getAttribute('data-drawn') === 'true');
    });
  }

  /**
   * Where a bar is drawn: category `row` of `count`, series 0 (before the category's centre) or 1
   * (after it) of a two-series chart, near the bottom where every bar starts. `rtl`: the
   * categories run right to left.
   */
  async barPoint(chart: Locator, row: number, count: number, series: 0 | 1 | null, rtl = false): Promise<{ x: number; y: number }> {
    const over = chart.locator('.u-over');
    await over.scrollIntoViewIfNeeded(); // the pointer reaches only what is in view
    const box = (await over.boundingBox())!;
    const value = row + (series === null ? 0 : series === 0 ? -0.2 : 0.2);
    const fraction = (value + 0.5) / count;
    const point = { x: box.x + box.width * (rtl ? 1 - fraction : fraction), y: box.y + box.height - 3 };
    // A currency's charts below the fold are skipped until scrolled near (content-visibility:
    // auto, overview.css): until the page has drawn them in view, a pointer there reaches their
    // box, not the plot, and a single move is lost (a person's next move is not).
    await this.page.waitForFunction(({ x, y }) => document.elementFromPoint(x, y)?.closest('.u-over') != null, point);
    return point;
  }

  async pointAt(chart: Locator, point: { x: number; y: number }): Promise<string> {
    const readout = chart.getByTestId('ov-readout');
    await this.page.mouse.move(0, 0); // leave first, so the line read is this bar's
    await readout.locator('strong').waitFor({ state: 'detached' });
    await this.page.mouse.move(point.x, point.y);
    await readout.locator('strong').waitFor();
    return (await readout.textContent()) ?? '';
  }

  get exportButton(): Locator {
    return this.page.getByRole('button', { name: 'Export settlement summary (CSV)' });
  }
}
