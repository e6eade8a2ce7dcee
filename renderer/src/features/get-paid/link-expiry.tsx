// An unpaid link's expiry under its state on the links list: "Expires 3 Dec" up to and on that day,
// "Past its expiry date, 3 Dec" after it. The date is the one kept when the link was made (the date
// sent, or the issue date plus 7 days, the documented default: gateway-interface.md 4.4). The State
// stays what the gateway last said (Unpaid): the gateway may still take payment, and main checks the
// link once soon after its date ends (payments/schedule.ts); its State turns Expired when the
// gateway answers so. A paid, declined or expired link, and one whose date is not known, shows nothing.
import type { PaymentView } from '../../../../contract/methods/payments';
import { useLanguage, useT } from '../../i18n';
import { formatDayMonth } from '../../i18n/format';
import { today } from './form-kit';

/** What the row says of the expiry, or null; `on` is today as YYYY-MM-DD in the user's time zone. */
export function expiryWord(payment: Pick<PaymentView, 'state' | 'expiresOn'>, on: string): 'expires' | 'passed' | null {
  if (payment.state !== 'pending' || !payment.expiresOn) return null;
  return on <= payment.expiresOn ? 'expires' : 'passed';
}

export function LinkExpiry({ payment }: { payment: Pick<PaymentView, 'state' | 'expiresOn'> }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const word = expiryWord(payment, today());
  if (!word) return null;
  const date = formatDayMonth(payment.expiresOn!, language);
  return (
    <span className={`gp-expiry gp-expiry-${word}`} data-testid="link-expiry">
      {word === 'expires' ? t('gp.links.expires', { date }) : t('gp.links.pastExpiry', { date })}
    </span>
  );
}
