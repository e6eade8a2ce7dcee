// A payment page the gateway gave on plain http at another host than this computer
// (contract/pay-page.ts): customers would type card numbers into a page anyone on the way can read.
// The link exists at the gateway and stays in the ledger; here it is said, with what to do, and the
// address shown as text for the gateway's support: no copy button, QR code, message or Open.
import { useT } from '../../i18n';
import { ltrIsolated } from '../../../../contract/amount-words';
import { IsolatedRuns } from '../../ui/isolated-runs';
import { Ltr } from '../../ui/ltr';

export function InsecurePayPage({ url, orderId, testId = 'insecure-page' }: { url: string; orderId: string; testId?: string }) {
  const t = useT();
  return (
    <div className="gp-insecure" data-testid={testId}>
      <p className="gp-insecure-title"><strong>{t('gp.share.insecure.title')}</strong></p>
      {/* The order id a left-to-right run of its own, as main's reasons isolate every orderId (contract/amount-words.ts). */}
      <p><IsolatedRuns text={t('gp.share.insecure.body', { orderId: ltrIsolated(orderId) })} /></p>
      <p>{t('gp.share.insecure.address')} <Ltr className="mono url" testId="insecure-url">{url}</Ltr></p>
    </div>
  );
}
