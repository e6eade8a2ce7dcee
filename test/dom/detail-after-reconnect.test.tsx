// A payment open on the team ledger when the server went away says why ("cannot reach"); when main
// is connected again it tells every screen to read again (payments.changed with no ids: anything may
// have changed, as after a missed event), and the payment shows again without a click.
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { cardSale, paymentDetail } from '../support/payment-view';
import { stubMain, unchecked } from '../support/stub-main';

let serverAway = true;
const main = stubMain({
  getPayment: (input) => serverAway
    ? { ok: false, error: { code: 'storage', message: 'The server refused the connection.', reason: { key: 'teamLedger.unreachable', values: { cause: 'refused', serverName: 'db.example.com', server: 'db.example.com:5432', code: 'ECONNREFUSED' } } } }
    : { ok: true, value: unchecked(paymentDetail(cardSale({ id: input?.paymentId ?? 'pay-1', orderId: 'BACK-1' }))) },
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { PaymentDetailPanel } = await import('../../renderer/src/features/transactions/payment-detail');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null) });

afterEach(cleanup);

it('reads the payment again when main says anything may have changed (the team ledger reachable again)', async () => {
  render(<PaymentDetailPanel paymentId="pay-1" onClose={() => undefined} />);
  expect(await screen.findByText(/db\.example\.com/)).toBeTruthy();
  serverAway = false;
  main.tell({ type: 'payments.changed', paymentIds: [] });
  expect(await screen.findByRole('heading', { name: /BACK-1/ })).toBeTruthy();
});
