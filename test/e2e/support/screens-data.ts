// What the every-screen sweeps (axe-every-screen, dark-and-forced-colours) walk over: a little data
// made through main's own calls (a link, a card sale refunded in part, a sandbox and a production
// profile beside the practice one), and the two moves each step uses (a navigation entry, the
// header's profile switch). `prefix` keeps each file's order references its own.
import type { Page } from 'playwright-core';
import { callApi } from './practice-control';
import { cardSale } from './test-card';

export const screensCustomer = { name: 'Huda Otaibi', email: 'huda@example.com', phone: '+966500000011' };

export type ScreensData = { saleOrder: string; linkOrder: string; practiceProfileId: string; liveProfileId: string };

export async function makeScreensData(page: Page, prefix: string): Promise<ScreensData> {
  const customer = screensCustomer;
  const [saleOrder, linkOrder] = [`${prefix}-SALE-1`, `${prefix}-LINK-1`];
  const practiceProfileId = (await callApi<{ id: string }>(page, 'getActiveProfile', {})).id;
  await callApi(page, 'createPaymentLink', { orderId: linkOrder, amount: '30.00', currency: 'SAR', description: 'Invoice 7', customer });
  const sale = await cardSale<{ id: string }>(page, { orderId: saleOrder, amount: '100.00', currency: 'SAR', holder: 'HUDA OTAIBI', customer });
  await callApi(page, 'refundPayment', { paymentId: sale.id, amount: '20.00', currency: 'SAR', reason: 'One item returned' });
  await callApi(page, 'createProfile', { name: 'Shop sandbox', environment: 'sandbox', baseUrl: 'https://sandbox.gateway.example/api/v1', defaultCurrency: 'SAR' });
  // With its default addresses: the production confirmation is reached without typing them (walk23: a
  // profile without them asks for them first).
  const liveProfileId = (await callApi<{ id: string }>(page, 'createProfile', { name: 'Riyadh live', environment: 'production', baseUrl: 'https://gateway.example/api/v1', defaultCurrency: 'SAR', successUrl: 'https://shop.example/paid', failureUrl: 'https://shop.example/not-paid' })).id;
  return { saleOrder, linkOrder, practiceProfileId, liveProfileId };
}

/** A navigation entry pressed, and its screen the one in use. */
export async function openScreen(page: Page, screen: string): Promise<void> {
  await page.getByTestId(`nav-${screen}`).click();
  await page.locator(`[data-testid="nav-${screen}"][aria-current="page"]`).waitFor();
}

/** The header's profile switch; a production profile asks first, and is confirmed. */
export async function switchProfile(page: Page, profileId: string, production = false): Promise<void> {
  await page.getByTestId('profile-switch').selectOption(profileId);
  await page.locator('form.profile-switcher button[type="submit"]').click();
  if (production) await page.getByTestId('production-confirm').locator('.live-confirm-yes').click();
  await page.locator('form.profile-switcher button[type="submit"]:disabled').waitFor();
}
