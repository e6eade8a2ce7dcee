// On the team ledger, a staff person never sees Refund, Capture or Void, not even for a moment
// after a start or a change of screen (issue 15: the screens asked main for the role when they
// showed, and drew every action until it answered). The page's own entry runs against a stand-in
// for a staff laptop's main whose per-screen role answer comes only once a payment is drawn; the
// page is watched from before its first element (a MutationObserver), not just at the end. With
// the role not known (main could not check it), the money moves are drawn disabled, saying why,
// and come alive when main says it checked again. The real two-laptop path: e2e/team-laptops.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react'; // its act: React is told it is in a test while it runs
import { appInfo, type TestTeam } from '../support/session';
import { startPage } from '../support/page-start';
import { stubMain, unchecked } from '../support/stub-main';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' } };
const payment = {
  id: 'pay-1', profileId: 'practice', environment: 'practice', kind: 'sale', orderId: 'PD-ROLE-1', amountMinor: 8_000, currency: 'SAR',
  description: null, customer: { name: 'Sara Al-Harbi', email: null, phone: null }, cardMasked: '512345******0008', transactionId: 'tx-1',
  sessionId: null, url: null, authOnly: false, recurringAvailable: true, recurringRequested: true, parentPaymentId: null, state: 'paid',
  statusWord: 'CAPTURED', capturedMinor: 8_000, refundedMinor: 0, operationInFlight: false, needsAttention: false, attentionReason: null,
  watched: false, lastError: null, lastErrorReason: null, createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', lastCheckedAt: null,
};
const moneyMoves = ['action-refund', 'action-capture', 'action-void', 'action-recurring', 'action-settle'];

/** A team-ledger laptop's main: `team` as its check found it; the per-screen role answer waits until a payment is drawn. */
function teamLaptop(team: TestTeam) {
  const state = { team };
  const drawn = () => new Promise<void>((resolve) => {
    const look = () => document.querySelector('[data-testid="payment-detail"]') && (observer.disconnect(), resolve());
    const observer = new MutationObserver(look);
    observer.observe(document, { subtree: true, childList: true });
    look();
  });
  const main = stubMain({
    getAppInfo: () => ({ ok: true, value: appInfo(state.team) }),
    getActiveProfile: () => ({ ok: true, value: unchecked(practice) }),
    listProfiles: () => ({ ok: true, value: unchecked({ profiles: [practice], activeId: 'practice' }) }),
    searchPayments: () => ({ ok: true, value: unchecked({ total: 1, totalExact: true, rows: [payment] }) }),
    getPayment: () => ({ ok: true, value: unchecked({ payment, related: { parent: null, repeats: [] }, operations: [], history: [], checks: [], webhooks: [] }) }),
    getTeamLedger: async () => {
      await drawn();
      return { ok: true, value: { settings: null, passwordSaved: true, inUse: true, chosen: true, session: { login: 'sam', role: state.team?.role ?? null, reason: null }, savedRole: null } };
    },
    firstScreenShown: () => ({ ok: true, value: {} }),
  });
  return { main, state };
}

/** Every money move the page ever drew, and every one it ever drew enabled, from before its first element. */
function watchMoneyMoves() {
  const drawn = new Set<string>();
  const enabled = new Set<string>();
  const look = () => {
    for (const id of moneyMoves) {
      const button = document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
      if (!button) continue;
      drawn.add(id);
      if (!button.disabled) enabled.add(id);
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  return { drawn, enabled, stop: () => observer.disconnect() };
}

let watching: ReturnType<typeof watchMoneyMoves> | undefined;
afterEach(() => {
  watching?.stop();
  localStorage.clear();
});

async function openPayment() {
  fireEvent.click(await screen.findByTestId(`tx-row-${payment.orderId}`));
  await screen.findByTestId('action-status');
}

describe('the team ledger role at start', () => {
  it('staff: no Refund, Capture, Void, Charge again or Settle is ever drawn, from the start, nor after a change of screen', async () => {
    const laptop = teamLaptop({ role: 'staff' });
    watching = watchMoneyMoves();
    const page = await startPage(laptop.main, { lastScreen: 'transactions' });
    await openPayment();
    act(() => fireEvent.click(screen.getByTestId('nav-home')));
    act(() => fireEvent.click(screen.getByTestId('nav-transactions')));
    await openPayment();
    expect([...watching.drawn]).toEqual([]);
    // The role came with the session's first call, not asked again by each screen.
    expect(page.calls.filter((c) => c.name === 'getTeamLedger')).toEqual([]);
  });

  it('support: the payment\'s Refund and Charge again are offered', async () => {
    const laptop = teamLaptop({ role: 'support' });
    watching = watchMoneyMoves();
    await startPage(laptop.main, { lastScreen: 'transactions' });
    await openPayment();
    expect((screen.getByTestId('action-refund') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('action-recurring') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('detail-role-unknown')).toBeNull();
  });

  it('role not known (main could not check it): the money moves are drawn disabled, saying why, never enabled; they come alive when main checked again', async () => {
    const laptop = teamLaptop({ role: null });
    watching = watchMoneyMoves();
    await startPage(laptop.main, { lastScreen: 'transactions' });
    await openPayment();
    const refund = screen.getByTestId('action-refund') as HTMLButtonElement;
    expect(refund.disabled).toBe(true);
    expect(screen.getByTestId('detail-role-unknown').textContent).toBe('Paydesk could not check your role in the team ledger (the server may be out of reach), so capture, void, refund and the check-up wait until it can. It checks again as soon as the connection is back.');
    expect(refund.getAttribute('aria-describedby')).toBe('detail-role-unknown');
    expect([...watching.enabled]).toEqual([]);

    // The connection is back and main checked the role again: support.
    laptop.state.team = { role: 'support' };
    laptop.main.tell({ type: 'team.changed' });
    await waitFor(() => expect((screen.getByTestId('action-refund') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('detail-role-unknown')).toBeNull();
  });
});
