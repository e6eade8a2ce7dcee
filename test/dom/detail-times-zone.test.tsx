// A payment's detail shows its Created, Last checked and What happened times in this computer's
// wall time, and named no zone, while the list it is opened from names it under "Created" (walk27,
// walk31). Its Created names it the same way, in English and Arabic, once Intl is warmed (a list
// start pays no Intl before its rows: test/dom/intl-at-start.test.tsx).
import { afterAll, afterEach, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

const zone = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

stubMain({
  getPayment: () => ({ ok: true, value: unchecked({ payment: cardSale({}), related: { parent: null, repeats: [] }, operations: [], history: [], webhooks: [], checks: [] }) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: 'practice' }) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
const { warmFormatters } = await import('../../renderer/src/i18n/format');
useSession.setState({ info: appInfo(null) });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069\u200b]/g, '');

it('names the zone under Created, in English and Arabic', async () => {
  act(() => warmFormatters('en'));
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  await screen.findByTestId('detail-created');
  await waitFor(() => expect(plain(screen.getByTestId('detail-zone').textContent)).toBe('America/New_York time'));
  expect(plain(screen.getByTestId('detail-zone').closest('dt')!.textContent)).toBe('Created America/New_York time');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(plain(screen.getByTestId('detail-zone').textContent)).toBe('بتوقيت America/New_York');
});
