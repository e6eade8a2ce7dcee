// The virtual terminal after a sale that failed: when nothing was sent (the gateway's server not
// found, main's own refusal), what the person typed stays, card included, so "Charge" again is one
// press and sends the same card; when the card reached the gateway and it refused, the card's
// fields are emptied as before and the form says why. English and Arabic. main is a recording
// stub answering the errors main answers (main/gateway/transport.ts, record-create.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { newPracticeLaptop } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';

let answers: Record<string, unknown> = {};
const main = stubMain({
  ...newPracticeLaptop(),
}, { otherwise: (name) => answers[name] ?? notStubbed });
const { calls } = main;
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage, translate } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');

/** What main answers when the sandbox's server name is not found: nothing left the machine. */
const unreachable = {
  ok: false,
  error: {
    code: 'network', message: 'The server name sandbox.gateway.example was not found (DNS). Nothing was sent.',
    reason: { key: 'gateway.unreachable', values: { cause: 'dns', serverName: 'sandbox.gateway.example', server: 'sandbox.gateway.example', code: 'ENOTFOUND' } },
  },
};
/** What main answers when the gateway refused the sale it was sent (definitely not created). */
const refused = {
  ok: false,
  error: { code: 'request_rejected', message: 'The gateway refused the request.', reason: { key: 'gateway.request_rejected', values: { said: 'Invalid request' } } },
};

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const sales = () => calls.filter((c) => c.name === 'terminalSale') as Array<{ name: string; input: { card: Record<string, string> } }>;
const cardFields = () => ['terminal-card-number', 'terminal-card-holder', 'terminal-card-expiryMonth', 'terminal-card-expiryYear', 'terminal-card-cvv'].map((id) => input(id).value);

async function fillSale(heading: string) {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('terminal'));
  await screen.findByRole('heading', { name: heading, level: 1 });
  await main.loaded(); // its first loads answered and drawn (stub-main.ts)
  type('terminal-amount', '99.90');
  type('terminal-card-number', '5123 4500 0000 0008');
  type('terminal-card-holder', 'OMAR SALEH');
  fireEvent.change(input('terminal-card-expiryMonth'), { target: { value: '01' } });
  fireEvent.change(input('terminal-card-expiryYear'), { target: { value: '2039' } });
  type('terminal-card-cvv', '100');
  type('terminal-customer-email', 'omar@example.com');
  type('terminal-customer-phone', '+966500000002');
}
const submit = () => fireEvent.click(screen.getByTestId('terminal-submit'));

beforeEach(() => {
  calls.length = 0;
  answers = {};
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
  useSession.setState({ profile: undefined, info: undefined });
});

describe('a card sale that failed', () => {
  it('keeps the card when nothing was sent, and one press sends the same card again', async () => {
    answers.terminalSale = unreachable;
    await fillSale(translate('en', 'gp.terminal.screen'));
    submit();
    await waitFor(() => expect(sales()).toHaveLength(1));
    await screen.findByText(/Nothing was sent\./);
    await waitFor(() => expect(cardFields()).toEqual(['5123 4500 0000 0008', 'OMAR SALEH', '01', '2039', '100']));
    expect(screen.queryByTestId('card-cleared')).toBeNull();
    submit();
    await waitFor(() => expect(sales()).toHaveLength(2));
    expect(sales()[1]!.input.card).toEqual(sales()[0]!.input.card);
    expect(sales()[1]!.input.card).toMatchObject({ number: '5123450000000008', cvv: '100' });
  });

  it('keeps the card when main refused the sale before sending it (an order id already used)', async () => {
    answers.terminalSale = { ok: false, error: { code: 'conflict', message: 'Order X already exists.', reason: { key: 'rule.orderExists', values: { orderId: 'X' } }, fieldReasons: { orderId: { key: 'rule.orderIdUsed' } } } };
    await fillSale(translate('en', 'gp.terminal.screen'));
    submit();
    await waitFor(() => expect(sales()).toHaveLength(1));
    await waitFor(() => expect(cardFields()).toEqual(['5123 4500 0000 0008', 'OMAR SALEH', '01', '2039', '100']));
    expect(screen.queryByTestId('card-cleared')).toBeNull();
  });

  it('keeps the card when the team ledger stopped the sale before sending it (two changes crossing twice)', async () => {
    answers.terminalSale = { ok: false, error: { code: 'storage', message: 'Nothing was sent to the gateway: another change …', reason: { key: 'teamLedger.notSentServer', values: { cause: 'conflict', host: 'db.example', code: '40P01' } } } };
    await fillSale(translate('en', 'gp.terminal.screen'));
    submit();
    await screen.findByText(/^Nothing was sent to the gateway: another change in the team ledger.*Details: 40P01\.$/);
    await waitFor(() => expect(cardFields()).toEqual(['5123 4500 0000 0008', 'OMAR SALEH', '01', '2039', '100']));
    expect(screen.queryByTestId('card-cleared')).toBeNull();
  });

  it('never says “this attempt charged nothing” when the sale was sent and its answer not recorded in the team ledger', async () => {
    answers.terminalSale = { ok: false, error: { code: 'storage', message: 'This was sent to the gateway, but …', reason: { key: 'teamLedger.answerNotRecorded', values: { host: 'db.example', code: '57P01' } } } };
    await fillSale(translate('en', 'gp.terminal.screen'));
    submit();
    await screen.findByText(/^This was sent to the gateway, but its answer could not be recorded.*do not send it again/);
    expect(cardFields()).toEqual(['', '', '', '', '']);
    expect(screen.queryByTestId('card-cleared')).toBeNull();
  });

  it('keeps it in Arabic too', async () => {
    answers.terminalSale = unreachable;
    act(() => useLanguage.getState().setLanguage('ar'));
    await fillSale(translate('ar', 'gp.terminal.screen'));
    submit();
    await screen.findByText(/لم يُرسل شيء\./);
    await waitFor(() => expect(cardFields()).toEqual(['5123 4500 0000 0008', 'OMAR SALEH', '01', '2039', '100']));
  });

  it.each([
    ['refused', refused],
    ['answered that the order exists', { ok: false, error: { code: 'conflict', message: 'The gateway says this order already exists.', reason: { key: 'gateway.conflict' } } }],
  ])('empties the card when it reached the gateway (%s), and says why and that this attempt charged nothing, until a new number is typed', async (_, answer) => {
    answers.terminalSale = answer;
    await fillSale(translate('en', 'gp.terminal.screen'));
    submit();
    expect((await screen.findByTestId('card-cleared')).textContent).toBe('The card’s details reached the gateway, so Paydesk does not keep them: type them again to try again. This attempt charged nothing.');
    expect(cardFields()).toEqual(['', '', '', '', '']);
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('card-cleared').textContent).toBe('وصلت بيانات البطاقة إلى البوابة، فلا يحتفظ بها بايدسك: اكتبها مجددًا لتحاول مرة أخرى. لم تخصم هذه المحاولة شيئًا.');
    // Gone once a card number is typed again: it spoke of the card that was sent.
    type('terminal-card-number', '4');
    expect(screen.queryByTestId('card-cleared')).toBeNull();
  });
});
