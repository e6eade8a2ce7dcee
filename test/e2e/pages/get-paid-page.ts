// Page objects for the getting-paid screens: payment links, checkout sessions, the virtual
// terminal and bulk links; and the practice gateway's own payment pages, as a customer uses them.
import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page';

export type Customer = { name: string; email: string; phone: string };
export type TestCard = { number: string; expiry: string; cvv: string };
export const cards = {
  approved: { number: '5123 4500 0000 0008', expiry: '01/39', cvv: '100' },
  challenge: { number: '4111 1111 1111 1111', expiry: '01/39', cvv: '123' },
  declined: { number: '4000 0000 0000 0002', expiry: '01/39', cvv: '123' },
} satisfies Record<string, TestCard>;

export class GetPaidPage extends AppPage {
  async openScreen(id: 'links' | 'checkout' | 'terminal' | 'bulk') {
    await this.page.getByTestId(`nav-${id}`).click();
    await this.page.getByTestId(`${id}-screen`).waitFor();
  }

  /** Alt+2: the links screen with the focus in a new link's first field. */
  async newLinkByKeyboard() {
    await this.page.keyboard.press('Alt+2');
    await this.page.getByTestId('link-form').waitFor();
  }

  form(name: 'link' | 'checkout' | 'terminal'): Locator {
    return this.page.getByTestId(`${name}-form`);
  }

  async fillCustomer(form: Locator, customer: Customer, labels = { name: 'Customer name', email: 'Customer e-mail', phone: 'Customer phone' }) {
    await form.getByLabel(labels.name, { exact: true }).fill(customer.name);
    await form.getByLabel(labels.email, { exact: true }).fill(customer.email);
    await form.getByLabel(labels.phone, { exact: true }).fill(customer.phone);
  }

  async createLink(input: { orderId: string; amount: string; description: string; customer: Customer }) {
    const form = this.form('link');
    await form.locator('#link-orderId').fill(input.orderId);
    await form.locator('#link-amount').fill(input.amount);
    await form.locator('#link-description').fill(input.description);
    await form.locator('#link-customer-name').fill(input.customer.name);
    await form.locator('#link-customer-email').fill(input.customer.email);
    await form.locator('#link-customer-phone').fill(input.customer.phone);
    await this.page.getByTestId('link-submit').click();
    await this.page.getByTestId('link-result').waitFor();
    return this.page.getByTestId('link-result').getByTestId('share-url').inputValue();
  }

  linkRow(orderId: string): Locator {
    return this.page.locator(`[data-testid="link-row"][data-order-id="${orderId}"]`);
  }

  /** The order id's cell of a row of the links list. */
  linkOrderCell(orderId: string): Locator {
    return this.linkRow(orderId).locator('td').first();
  }

  async waitForLinkState(orderId: string, state: string) {
    await this.linkRow(orderId).locator(`[data-testid="payment-state"][data-state="${state}"]`).waitFor({ timeout: 30_000 });
  }
}

/** The practice gateway's hosted page for a link or a checkout session, in a tab of its own. */
export async function payOnGatewayPage(page: Page, url: string, card: TestCard, otp?: string): Promise<string> {
  await page.goto(url);
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Name on card').fill('LAYLA HADDAD');
  await page.getByLabel('Expiry (MM/YY)').fill(card.expiry);
  await page.getByLabel('Security code').fill(card.cvv);
  await page.getByRole('button', { name: 'Pay' }).click();
  if (otp !== undefined) {
    await page.getByLabel('One-time code').fill(otp);
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL(/\/done\?/);
  return page.url();
}

/** The bulk-links screen: choose a file, read the preview, start, cancel, resume. */
export class BulkPage extends GetPaidPage {
  async choose(name: string, csv: string | Buffer) {
    await this.page.getByTestId('bulk-file').setInputFiles({ name, mimeType: 'text/csv', buffer: typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv });
    await this.page.getByTestId('bulk-preview').or(this.page.getByTestId('bulk-file-error')).or(this.page.getByTestId('bulk-encoding-choice')).or(this.page.getByTestId('send-error')).waitFor();
  }
  /** The preview's rows as [line, order id, name, problems]. */
  async rows(): Promise<string[][]> {
    return this.page.getByTestId('bulk-preview-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  }
  previewRows(valid: boolean): Locator {
    return this.page.locator(`[data-testid="bulk-preview-row"][data-valid="${valid}"]`);
  }
  get batch(): Locator {
    return this.page.getByTestId('bulk-batch');
  }
  async batchState(state: string) {
    await this.page.locator(`[data-testid="bulk-batch"][data-state="${state}"]`).waitFor({ timeout: 60_000 });
  }
  async progress(): Promise<{ value: number; max: number }> {
    const bar = this.page.getByTestId('bulk-progress');
    return { value: Number(await bar.getAttribute('value')), max: Number(await bar.getAttribute('max')) };
  }
}

/** The virtual terminal (Alt+4) filled with the approved test card, as a person types it. */
export async function fillTerminalSale(page: Page, sale: { amount: string; holder: string; customer: { name: string; email: string; phone: string }; orderId?: string }) {
  await page.keyboard.press('Alt+4');
  await page.locator('#terminal-amount').fill(sale.amount);
  await page.locator('#terminal-card-number').fill('5123 4500 0000 0008');
  await page.locator('#terminal-card-holder').fill(sale.holder);
  await page.locator('#terminal-card-expiryMonth').selectOption('01');
  await page.locator('#terminal-card-expiryYear').selectOption('2039');
  await page.locator('#terminal-card-cvv').fill('100');
  await page.locator('#terminal-customer-name').fill(sale.customer.name);
  await page.locator('#terminal-customer-email').fill(sale.customer.email);
  await page.locator('#terminal-customer-phone').fill(sale.customer.phone);
  if (sale.orderId) await page.locator('#terminal-orderId').fill(sale.orderId);
}
