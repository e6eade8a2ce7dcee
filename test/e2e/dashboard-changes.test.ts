// The merchant also works in the gateway's own dashboard (walk35): a manager refunds, reverses or
// captures there, and Paydesk learns of it only from a status check whose answer says a word, perhaps
// a type, and ids, never an amount (gateway-decisions §3). A sandbox profile over TLS against the
// documented double (test/support/documented-gateway.ts, its `dashboard`), in Chromium by the visible
// labels, English then Arabic. Before: a partial dashboard refund said "REFUND" read as all of it
// refunded (SAR 150.00 of a 50.00 refund, on the detail, the list and Home); a paid sale said
// "REVERSAL" stayed Paid with its whole refund offered ("Status checked: Paid."); a hold captured in
// part there read Captured SAR 0.00 and offered a capture of all of it. Now each says the amount is not
// known and what happened, offers no refund or capture that could be more than is left, and the
// double's records show nothing sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSale } from './support/test-card';
import { openDocumentedSandbox, type DocumentedSandbox } from './support/documented-sandbox';
import { describeWithKeychain } from '../vault/support/keychain';

const profile = 'Souq sandbox';
const apiKey = 'sk_test_Dashboard_walk35_c41e';
const customer = { name: 'Noura Saleh', email: 'noura@example.com', phone: '+966501112233' };

describeWithKeychain('money moved at the gateway\'s dashboard, told by status answers without amounts', () => {
  let sandbox: DocumentedSandbox;

  beforeAll(async () => {
    sandbox = await openDocumentedSandbox(apiKey);
    const { session, settings } = sandbox;
    expect(await sandbox.addProfile(profile)).toBe('saved');
    await session.page.getByText('The gateway accepted the key; it is saved in the keychain.').waitFor();
    await settings.cardActionNotice(profile, 'Use this profile');
    // Setup through main's own call, as Card payment sends them (not walked here).
    const sale = (orderId: string, amount: string, authOnly = false) => cardSale(session.page, { orderId, amount, currency: 'SAR', holder: customer.name, customer, authOnly, successUrl: 'https://souq.example/paid', failureUrl: 'https://souq.example/not-paid' } as never);
    await sale('DASH-REFUND', '150.00');
    await sale('DASH-REVERSAL', '80.00');
    await sale('DASH-HOLD', '400.00', true);
  });
  afterAll(() => sandbox?.close());

  /** The payment opened by its order reference and checked, as support does when a customer calls. */
  async function checkNow(orderId: string, state: string) {
    await sandbox.tx.show();
    await sandbox.tx.search(orderId);
    await sandbox.tx.openPayment(orderId);
    await sandbox.tx.action('status').click();
    await sandbox.tx.detailState(state);
  }
  const offered = async () => (await Promise.all((['capture', 'void', 'refund'] as const).map(async (kind) => ((await sandbox.tx.action(kind).count()) ? kind : null)))).filter(Boolean);
  const moneyMoves = () => sandbox.gateway.received.filter((r) => /s2s\/(capture|void|refund)$/.test(r.path));

  it('a part refund the gateway calls REFUND: refunded, its amount not known, no refund offered', async () => {
    sandbox.gateway.dashboard.refund('DASH-REFUND', '50.00');
    // A gateway whose REFUND means "a refund was made", whole or part (the gateway's SDKs' words).
    sandbox.gateway.statusAs({ word: 'REFUND' });
    await checkNow('DASH-REFUND', 'refunded');
    sandbox.gateway.statusAs(undefined);
    expect(await sandbox.tx.detail.getByTestId('detail-refunded').textContent()).toBe('Not known: refunded outside Paydesk (at the gateway). See the gateway’s dashboard for the amount.');
    expect(await sandbox.tx.detail.getByTestId('detail-refund-left').textContent()).toBe('Not known');
    expect(await sandbox.tx.detail.getByTestId('detail-outside').textContent()).toContain('The gateway reports a refund of this payment that Paydesk did not make');
    expect(await offered()).toEqual([]);
    await expect.poll(() => sandbox.tx.row('DASH-REFUND').textContent()).toContain('(amount refunded not known)');
    await sandbox.session.screenshot('dashboard-refund-not-known-en');
  });

  it('a paid sale the gateway now calls REVERSAL: its money went back, how much not known, said with the word', async () => {
    sandbox.gateway.dashboard.cancel('DASH-REVERSAL', 'REVERSAL');
    await checkNow('DASH-REVERSAL', 'refunded');
    expect(await sandbox.tx.detail.getByTestId('detail-outside').textContent()).toBe('The gateway now says “\u2066REVERSAL\u2069” of this payment, which Paydesk knew as paid: it was cancelled or reversed at the gateway, and its money went back to the customer, in whole or in part. Look up order reference \u2066DASH-REVERSAL\u2069 on the gateway’s dashboard for the amount, and refund any more there: Paydesk sends no refund of this payment, as it cannot know what is left.');
    expect(await offered()).toEqual([]);
  });

  it('a hold captured in part at the dashboard: captured and what is left not known, no capture or refund offered', async () => {
    sandbox.gateway.dashboard.capture('DASH-HOLD', '150.00');
    await checkNow('DASH-HOLD', 'partially_captured');
    expect(await sandbox.tx.detail.getByTestId('detail-captured').textContent()).toBe('Not known: captured outside Paydesk (at the gateway). See the gateway’s dashboard for the amount.');
    expect(await sandbox.tx.detail.getByTestId('detail-capture-left').textContent()).toBe('Not known');
    expect(await offered()).toEqual([]);
    await expect.poll(() => sandbox.tx.row('DASH-HOLD').textContent()).toContain('(amount captured not known)');
    await expect.poll(() => sandbox.session.page.getByTestId('tx-totals-captures-not-known').textContent()).toBe('SAR: 1 authorisation captured outside Paydesk: its amount is not known and not in Captured');
  });

  it('Home counts none of those amounts and says how many were refunded and captured outside; nothing was sent to the gateway', async () => {
    await sandbox.session.page.keyboard.press('Alt+1');
    const today = sandbox.session.page.getByTestId('ov-period-today');
    await expect.poll(() => today.getByTestId('ov-refunds-not-known').textContent()).toBe('2 refunded outside Paydesk: their amounts are not known and not in Refunded');
    // Captured: the two sales only (150.00 + 80.00); nothing refunded is invented; the hold captured at
    // the dashboard is said apart, as the list's totals say it (walk39).
    expect((await today.textContent())!.replace(/\u00a0/g, ' ')).toBe('TodaySARSAR 230.00SAR 0.00SAR 230.002 captured · 2 refunded outside Paydesk: their amounts are not known and not in Refunded · 1 authorisation captured outside Paydesk: its amount is not known and not in Captured');
    expect(moneyMoves()).toEqual([]);
  });

  it('says it in Arabic', async () => {
    await sandbox.settings.chooseLanguage('ar');
    await sandbox.session.page.keyboard.press('Alt+5');
    await sandbox.tx.search('DASH-HOLD');
    await sandbox.tx.openPayment('DASH-HOLD');
    expect(await sandbox.tx.detail.getByTestId('detail-outside').textContent()).toBe('تُبلغ البوابة أن هذا التفويض حُصّل بعملية تحصيل لم يُجرِها بايدسك (في لوحة تحكم البوابة أو بأداة أخرى)، ولا تذكر مبلغه. ابحث في لوحة تحكم البوابة عن مرجع الطلب \u2066DASH-HOLD\u2069 لتعرف المبلغ، وحصّل أو استرد من هناك: لا يرسل بايدسك أيًّا منهما ما دام لا يعرف كم تبقّى.');
    expect(await sandbox.tx.row('DASH-HOLD').textContent()).toContain('(المبلغ المحصَّل غير معروف)');
    await sandbox.session.screenshot('dashboard-capture-not-known-ar');
    await sandbox.settings.chooseLanguage('en');
  });
});
