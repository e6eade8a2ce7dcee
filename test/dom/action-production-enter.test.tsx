// A refund on a production profile is sent only with its box ticked ("I confirm this moves real
// money…"). Enter in the dialog with the box not ticked did nothing at all (the Send button was
// disabled, so the browser sent no form and said nothing); now it says why under the box, in the
// user's language, and gives the box the keyboard. Nothing is sent until it is ticked.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';
import { cardSale, paymentDetail } from '../support/payment-view';

const live = { id: 'shop', name: 'Shop Riyadh', environment: 'production', baseUrl: 'https://gateway.example/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null };
const sale = cardSale({ profileId: 'shop', environment: 'production' });
const main = stubMain({
  getPayment: () => ({ ok: true, value: unchecked(paymentDetail(sale)) }),
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [live], activeId: 'shop' }) }),
  refundPayment: () => ({ ok: true, value: unchecked({ ...sale, refundedMinor: 1_000, state: 'partially_refunded' }) }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
useSession.setState({ info: appInfo(null), profile: live as never });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const sent = () => main.calls.filter((c) => c.name === 'refundPayment');

it('says to tick the box and gives it the keyboard when Enter is pressed without it, and sends once it is ticked', async () => {
  render(<PaymentDetailPanel paymentId={sale.id} onClose={() => undefined} />);
  fireEvent.click(await screen.findByTestId('action-refund'));
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '10' } });
  fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Returned' } });
  const send = screen.getByTestId('action-send') as HTMLButtonElement;
  // Enter in a field submits the form only while its button is not disabled: marked unavailable instead.
  expect(send.disabled).toBe(false);
  expect(send.getAttribute('aria-disabled')).toBe('true');
  fireEvent.submit(send.form!);
  expect(screen.getByTestId('action-live-error').textContent).toBe('Tick this box to send it: it moves real money.');
  const box = screen.getByTestId('action-live-confirm');
  expect(document.activeElement).toBe(box);
  expect(box.getAttribute('aria-describedby')).toBe('action-live-error');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('action-live-error').textContent).toBe('ضع علامة في هذا المربع لإرساله: فهو ينقل أموالًا حقيقية.');
  expect(sent()).toHaveLength(0);

  fireEvent.click(box);
  expect(screen.queryByTestId('action-live-error')).toBeNull();
  fireEvent.submit(send.form!);
  await waitFor(() => expect(sent()).toHaveLength(1));
  expect(sent()[0]!.input).toMatchObject({ paymentId: sale.id, amount: '10', confirm: { environment: 'production', profileId: 'shop' } });
});
