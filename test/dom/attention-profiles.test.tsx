// Needs attention lists every profile's payments (Home's count covers them all): once one is not
// the active profile's, each row names its profile and environment, so support knows which gateway
// it is on before opening it; with the active profile's payments only, no such column.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appInfo } from '../support/session';
import { paymentView } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';
import { attentionQueue } from '../support/attention-queue';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const shop = { ...practice, id: 'shop', name: 'Shop Riyadh', environment: 'production', baseUrl: 'https://gateway.example/api/v1' };
let flagged = [paymentView({ id: 'A', orderId: 'HERE-1', needsAttention: true })];
stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice, shop], activeId: 'practice' }) }),
  listNeedsAttention: attentionQueue(() => flagged),
});
const { AttentionScreen } = await import('../../renderer/src/features/transactions/attention-screen');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');

beforeEach(() => {
  useSession.setState({ info: appInfo(null), profile: practice as never });
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('names each row’s profile once a payment of another profile is listed, in English and Arabic', async () => {
  flagged = [paymentView({ id: 'A', orderId: 'HERE-1', needsAttention: true }), paymentView({ id: 'B', orderId: 'THERE-1', profileId: 'shop', environment: 'production', needsAttention: true })];
  render(<AttentionScreen />);
  const there = await screen.findByTestId('attention-THERE-1');
  expect(screen.getByRole('columnheader', { name: 'Profile' })).toBeTruthy();
  expect(await within(there).findByText('Shop Riyadh')).toBeTruthy();
  expect(there.querySelectorAll('td')[1]!.textContent).toBe('Shop Riyadh Production'); // the badge's word, in capitals by CSS
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('attention-HERE-1').querySelectorAll('td')[1]!.textContent).toBe('التدريب'); // the practice profile once, by its badge, in Arabic (its name and badge said «التدريب التدريب»)
});

it('has no profile column when every row is the active profile’s', async () => {
  flagged = [paymentView({ id: 'A', orderId: 'HERE-1', needsAttention: true })];
  render(<AttentionScreen />);
  await screen.findByTestId('attention-HERE-1');
  expect(screen.queryByRole('columnheader', { name: 'Profile' })).toBeNull();
});
