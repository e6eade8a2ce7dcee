// The list's totals never add two profiles' money together (the twelfth walk, docs/screens-walks.md:
// with a sandbox profile in use, "Paid, last month" said "SAR 799.00", the sandbox's 99.00 and the
// practice profile's 700.00 as one figure under the SANDBOX header). A list of several profiles'
// payments (or of another profile than the one in use) shows each profile's nets after its name, the
// profile in use first, and the table a Profile column; a list of the profile in use's payments looks as before. English and Arabic; main is a stub.
import { expect, it } from 'vitest';
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { practice, sandboxProfile, withProfileInUse } from '../support/two-profiles';
import { stubMain, unchecked } from '../support/stub-main';

const sandbox = sandboxProfile('shop-sandbox', 'Shop sandbox');
const sums = (profileId: string, currency: string, payments: number, capturedMinor: number) => ({ profileId, currency, payments, capturedPayments: payments, capturedMinor, refundedMinor: 0, refundsNotKnown: 0 });
let answer = [sums('practice', 'SAR', 2, 70_000), sums('shop-sandbox', 'SAR', 1, 9_900), sums('shop-sandbox', 'JPY', 1, 5_000)];
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, sandbox], activeId: 'shop-sandbox' }) }),
  searchPayments: () => ({ ok: true, value: { total: 4, totalExact: true, rows: [] } }),
  listTotals: () => ({ ok: true, value: unchecked({ stopped: false, currencies: answer }) }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

const line = () => screen.getByTestId('tx-totals-line').textContent!.replace(/\u00a0/g, ' ');
const rows = () => [...screen.getByTestId('tx-totals').querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent!.replace(/\u00a0/g, ' ')));

withProfileInUse(sandbox);

it('shows each profile’s money apart, the profile in use first, never one sum of both', async () => {
  render(<TransactionsScreen />);
  await screen.findByTestId('tx-totals-line');
  expect(line()).toBe('Net of refunds, every payment listed, by profile: Shop sandbox \u2066SAR 99.00\u2069 · \u2066JPY 5,000\u2069 — Practice \u2066SAR 700.00\u2069');
  expect(line()).not.toContain('799.00');
  expect(rows()).toEqual([
    ['Shop sandbox', 'SAR', '1 payment, 1 captured', '\u2066SAR 99.00\u2069', '\u2066SAR 0.00\u2069', '\u2066SAR 99.00\u2069'],
    ['Shop sandbox', 'JPY', '1 payment, 1 captured', '\u2066JPY 5,000\u2069', '\u2066JPY 0\u2069', '\u2066JPY 5,000\u2069'],
    ['Practice', 'SAR', '2 payments, 2 captured', '\u2066SAR 700.00\u2069', '\u2066SAR 0.00\u2069', '\u2066SAR 700.00\u2069'],
  ]);
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(line()).toBe('الصافي بعد الاستردادات، لكل المدفوعات المعروضة، حسب ملف التعريف: Shop sandbox الاختبار \u2066\u200f99.00 SAR\u2069 · \u2066\u200f5,000 JPY\u2069 — التدريب \u2066\u200f700.00 SAR\u2069');
  expect(screen.getByTestId('tx-totals').querySelector('thead th')!.textContent).toBe('ملف التعريف');
});

it('another profile’s payments only (the sandbox in use, last month’s practice payments): named too', async () => {
  answer = [sums('practice', 'SAR', 2, 70_000)];
  render(<TransactionsScreen />);
  await screen.findByTestId('tx-totals-line');
  expect(line()).toBe('Net of refunds, every payment listed, by profile: Practice \u2066SAR 700.00\u2069');
  expect(rows()).toEqual([['Practice', 'SAR', '2 payments, 2 captured', '\u2066SAR 700.00\u2069', '\u2066SAR 0.00\u2069', '\u2066SAR 700.00\u2069']]);
});

it('a removed profile’s payments: named as removed, apart from the others', async () => {
  answer = [sums('shop-sandbox', 'SAR', 1, 9_900), sums('gone-1', 'SAR', 3, 30_000)];
  render(<TransactionsScreen />);
  await screen.findByTestId('tx-totals-line');
  expect(line()).toBe('Net of refunds, every payment listed, by profile: Shop sandbox \u2066SAR 99.00\u2069 — a removed profile \u2066SAR 300.00\u2069');
});

it('a list of the profile in use’s payments only: one line and no Profile column, as before', async () => {
  answer = [sums('shop-sandbox', 'SAR', 1, 9_900)];
  render(<TransactionsScreen />);
  await screen.findByTestId('tx-totals-line');
  expect(line()).toBe('Net of refunds, every payment listed: \u2066SAR 99.00\u2069');
  expect(rows()).toEqual([['SAR', '1 payment, 1 captured', '\u2066SAR 99.00\u2069', '\u2066SAR 0.00\u2069', '\u2066SAR 99.00\u2069']]);
});

// A franchise's twenty branches (walk37): the line named every profile with each of its currencies,
// sixteen lines at 1366 × 768, and the list's first row fell out of the window. It names the first
// three (the profile in use first) and counts the others; the table keeps every profile's rows.
it('names three profiles on the line and counts the others; the table keeps them all', async () => {
  answer = [sums('shop-sandbox', 'SAR', 1, 9_900), ...Array.from({ length: 19 }, (_, i) => sums(`branch-${i}`, 'SAR', 19 - i, 1_000 * (i + 1)))];
  render(<TransactionsScreen />);
  await screen.findByTestId('tx-totals-line');
  expect(line()).toBe('Net of refunds, every payment listed, by profile: Shop sandbox \u2066SAR 99.00\u2069 — a removed profile \u2066SAR 10.00\u2069 — a removed profile \u2066SAR 20.00\u2069 — and 17 more profiles, each apart in the table this line opens');
  expect(rows()).toHaveLength(20);
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(line()).toMatch(/ — و17 ملف تعريف آخر، لكلٍّ منها صفوفه في الجدول الذي يفتحه هذا السطر$/);
});
