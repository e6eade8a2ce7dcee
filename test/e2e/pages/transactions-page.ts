// Page object for the transactions list, the payment detail and the action dialog.
import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page';

export class TransactionsPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  /** Opens the transactions screen with no search or filter. */
  async show() {
    // A dialog a failed test left open covers the page: closed as a person would (Escape), so one
    // failure is one (a CI run failed all 18 tests of a file, each waiting on the first's dialog).
    if (await this.page.locator('.dialog-backdrop').count()) await this.page.keyboard.press('Escape');
    await this.page.getByTestId('nav-transactions').click();
    await this.page.getByTestId('clear-filters').click();
    await this.counted();
  }

  get list(): Locator {
    return this.page.getByTestId('tx-list');
  }

  row(orderId: string): Locator {
    return this.page.getByTestId(`tx-row-${orderId}`);
  }

  orderCell(orderId: string): Locator {
    return this.row(orderId).locator('.order-cell');
  }

  /** The count is shown (not "Loading…"): in any language, Arabic's "دفعتان" (two) has no digit. */
  async counted() {
    await this.page.locator('[data-testid="tx-count"]:not([aria-busy="true"])').waitFor();
  }

  async total(): Promise<number> {
    await this.counted();
    if (await this.page.getByTestId('tx-empty').count()) return 0; // no list drawn to read (not a 30 s wait for one)
    return Number(await this.list.getAttribute('data-total').catch(() => '0'));
  }

  async search(text: string) {
    await this.page.getByRole('searchbox').fill(text);
  }

  async openPayment(orderId: string) {
    // The list refreshes as main's events arrive (a payment just created moves the rows): a click
    // can land while a row shifts under it, so click again until the detail shows this payment.
    const title = this.page.locator(`[data-testid="payment-detail"] h2:has-text("${orderId}")`);
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.uncoverList();
      await this.scrollToRow(orderId);
      await this.row(orderId).filter({ visible: true }).click();
      if (await title.waitFor({ timeout: 4_000 }).then(() => true, () => false)) return;
    }
    await title.waitFor();
  }

  /**
   * A window too narrow for the list and a payment side by side (56rem) shows the payment in the
   * list's place, the list hidden under it: closes the payment (its ×, as a person would) so the
   * rows show again. A click on a hidden row would wait for it to show, for ever.
   */
  async uncoverList() {
    if (!(await this.detail.isVisible()) || (await this.list.isVisible())) return;
    await this.detail.locator('.close').click();
    await this.list.waitFor({ state: 'visible' });
    // Closed once the keyboard is back on the list, on the payment's row, scrolled into view.
    await this.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'tx-list');
  }

  /**
   * Scrolls the windowed list until the payment's row is in view, from the top (the newest) half a
   * view at a time, as a person looks for it: only the rows in view are in the page, and closing a
   * payment brings its own row into view, which may be far from the one wanted next.
   */
  async scrollToRow(orderId: string) {
    const inView = () => this.list.evaluate((grid, id) => {
      const row = grid.querySelector(`[data-testid="tx-row-${id}"]`);
      if (!row) return false;
      const [box, view] = [row.getBoundingClientRect(), grid.getBoundingClientRect()];
      return box.top >= view.top && box.bottom <= view.bottom;
    }, orderId);
    if (await inView()) return;
    await this.scrollListTo(0);
    while (!(await inView())) {
      const next = await this.list.evaluate((grid) => (grid.scrollTop + grid.clientHeight >= grid.scrollHeight ? undefined : grid.scrollTop + grid.clientHeight / 2));
      if (next === undefined) return;
      await this.scrollListTo(next);
    }
  }

  /** Scrolls the list and waits until the row at the top of the view is drawn, loaded. */
  private async scrollListTo(top: number) {
    await this.list.evaluate((grid, y) => { grid.scrollTop = y; }, top);
    await this.page.waitForFunction(() => {
      const grid = document.querySelector<HTMLElement>('[data-testid="tx-list"]')!;
      const row = grid.querySelector<HTMLElement>('.tx-rows [role="row"]');
      // Rows drawn 0 px high (a layout bug) would otherwise wait out the timeout on row "Infinity".
      if (row && row.offsetHeight === 0) throw new Error('The list\'s rows are drawn 0 px high: nothing can be scrolled into view');
      const rowHeight = row?.offsetHeight ?? 1;
      const first = Math.floor(grid.scrollTop / rowHeight) + 2; // its aria-rowindex: the header row is 1
      return grid.querySelector(`[aria-rowindex="${first}"]:not(:has(.loading-row))`) !== null;
    });
  }

  get detail(): Locator {
    return this.page.getByTestId('payment-detail');
  }

  async detailState(state: string) {
    await this.page.locator(`[data-testid="payment-detail"][data-state="${state}"]`).waitFor();
  }

  action(name: 'capture' | 'void' | 'refund' | 'recurring' | 'status'): Locator {
    return this.page.getByTestId(`action-${name}`);
  }

  get dialog(): Locator {
    return this.page.getByTestId('action-dialog');
  }

  get sendButton(): Locator {
    return this.page.getByTestId('action-send');
  }

  async startAction(name: 'capture' | 'void' | 'refund' | 'recurring') {
    await this.action(name).click();
    await this.dialog.waitFor();
    // The dialog moves the focus to its first field once mounted; typing before that can land
    // while the focus moves (a person sees the dialog first).
    await this.page.waitForFunction(() => document.querySelector('[data-testid="action-dialog"]')?.contains(document.activeElement) === true);
  }

  /** Opens the payment, fills its refund's amount and reason and presses Send; the dialog stays for main's answer. */
  async pressRefund(orderId: string, amount: string, reason: string) {
    await this.show();
    await this.openPayment(orderId);
    await this.startAction('refund');
    await this.page.locator('#action-amount').fill(amount);
    await this.page.locator('#action-reason').fill(reason);
    await this.sendButton.click();
  }

  /**
   * A refund of the whole payment whose answer the practice gateway loses, with every status check
   * failing after it: the payment stays unclear (Needs attention, a note in the band) until the test
   * lifts the status fault. `fault` is practice-control's; the dialog is closed on "Outcome unknown".
   */
  async refundWithLostAnswer(fault: (operation: string, fault: unknown) => Promise<void>, orderId: string, amount: string, reason: string) {
    await fault('refund', { failure: 'reset_after_processing', times: 1 });
    await fault('status', { failure: 'http_500' });
    await this.pressRefund(orderId, amount, reason);
    await this.page.getByTestId('outcome-unknown').waitFor();
    await this.dialog.getByRole('button', { name: 'Close' }).click();
  }

  async fillAmount(amount: string) {
    await this.dialog.getByLabel(/^Amount/).fill(amount);
  }

  async send() {
    await this.sendButton.click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  notice(): Locator {
    return this.page.getByTestId('detail-notice');
  }
}
