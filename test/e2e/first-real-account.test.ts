// The first real account (walk30): a sandbox profile against the documented double
// (test/support/documented-gateway.ts) served over TLS on loopback with a throwaway authority that
// only the preview's process trusts (NODE_EXTRA_CA_CERTS at its start; the https rule stays). A
// refund whose answer is a proxy's HTML 502 page is unclear, and the payment says what came back:
// a server error, in English and Arabic. It said "The connection broke before the answer came", so
// support looked for a network fault on their own side.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { E2eSession } from './support/session';
import type { SettingsPage } from './pages/settings-page';
import type { TransactionsPage } from './pages/transactions-page';
import { typeCardPayment } from './support/test-card';
import { openDocumentedSandbox, type DocumentedSandbox } from './support/documented-sandbox';
import { describeWithKeychain } from '../vault/support/keychain';

const profile = 'Souq sandbox';
const apiKey = 'sk_test_FirstRealAccount_docs_7f3a';

describeWithKeychain('the first real account: a sandbox that answers with the documented fields only', () => {
  let sandbox: DocumentedSandbox;
  let session: E2eSession;
  let gateway: DocumentedSandbox['gateway'];
  let settings: SettingsPage;
  let tx: TransactionsPage;

  beforeAll(async () => {
    sandbox = await openDocumentedSandbox(apiKey);
    ({ session, gateway, settings, tx } = sandbox);
  });
  afterAll(() => sandbox?.close());

  it('takes the sandbox profile over https, its key checked with the gateway', async () => {
    expect(gateway.conn.baseUrl).toMatch(/^https:/);
    expect(await sandbox.addProfile(profile)).toBe('saved');
    await expect.poll(() => settings.card(profile).getByTestId('profile-notice').textContent()).toBe('The gateway accepted the key; it is saved in the keychain.');
    await settings.cardActionNotice(profile, 'Use this profile');
  });

  it('a refund answered by a proxy’s HTML 502 page: unclear, said as a server error that came back, in English and Arabic', async () => {
    const page = session.page;
    await typeCardPayment(page, { orderId: 'FIRST-REAL-1', amount: '200.00' });
    await page.getByText('Payment approved').waitFor();

    gateway.trouble('/payment-gateway/s2s/refund', 'proxy_502');
    await tx.pressRefund('FIRST-REAL-1', '50.00', 'Returned one');
    await page.getByTestId('outcome-unknown').waitFor();
    await tx.dialog.getByRole('button', { name: 'Close' }).click();
    const detail = tx.detail;
    await expect.poll(() => detail.innerText()).toContain('The gateway answered with a server error (HTTP 502) instead of a result, so it may or may not have processed the request.');
    expect(await detail.innerText()).not.toContain('The connection broke');
    // The double's records are the witness: the refund reached it once, 50.00, and was never resent.
    expect(gateway.sent('/payment-gateway/s2s/refund').map((r) => JSON.parse(r.body).amount)).toEqual([50]);
    await settings.chooseLanguage('ar');
    await expect.poll(() => detail.innerText()).toContain('ردّت البوابة بخطأ في الخادم (HTTP 502) بدل النتيجة');
    expect(await detail.innerText()).not.toContain('انقطع الاتصال');
    await settings.chooseLanguage('en');
  });
});
