// An unpaid link's expiry under its state on the links list: "Expires 3 Dec" up to and on that day,
// "Past its expiry date, 3 Dec" after it. The date is the one kept when the link was made (the date
// sent, or the issue date plus 7 days, the documented default: gateway-interface.md 4.4). The State
// stays what the gateway last said (Unpaid): the gateway may still take payment, and main checks the
// link once soon after its date ends (payments/schedule.ts); its State turns Expired when the
// gateway answers so. A paid, declined or expired link, and one whose date is not known, shows nothing.
// The words follow the clock (useToday): at midnight "Expires 6 Dec" turns "Past its expiry date, 6 Dec"
// at once; it waited for main's check to redraw the list (up to 5 minutes).
import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../../contract/methods/payments';
import { useLanguage, useT } from '../../i18n';
import { formatDayMonth } from '../../i18n/format';
import { today } from './form-kit';

export type ExpiryWord = 'today' | 'tomorrow' | 'expires' | 'yesterday' | 'passed';

/**
 * What the row says of the expiry, or null; `on` is today as YYYY-MM-DD in the user's time zone.
 * The days next to today are said as such ("Expires today, 30 Nov", "Its expiry date was yesterday,
 * 29 Nov"): a link that can be paid for one more hour read "Expires 30 Nov", whose day a person had
 * to compare with the calendar (walk of 2026-12-01).
 */
export function expiryWord(payment: Pick<PaymentView, 'state' | 'expiresOn'>, on: string): ExpiryWord | null {
  if (payment.state !== 'pending' || !payment.expiresOn) return null;
  const date = payment.expiresOn;
  if (date === on) return 'today';
  if (date === dayAfter(on, 1)) return 'tomorrow';
  if (date === dayAfter(on, -1)) return 'yesterday';
  return on < date ? 'expires' : 'passed';
}

/** A calendar day `days` after YYYY-MM-DD, as YYYY-MM-DD (UTC arithmetic on the date alone: no zone, no DST). */
function dayAfter(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const wordKeys = { today: 'gp.links.expiresToday', tomorrow: 'gp.links.expiresTomorrow', expires: 'gp.links.expires', yesterday: 'gp.links.pastExpiryYesterday', passed: 'gp.links.pastExpiry' } as const;

/**
 * Today (YYYY-MM-DD, the user's time zone), drawn again at each local midnight while the caller is
 * shown, and when the window comes back (a computer asleep at midnight may wake with the timer late).
 */
export function useToday(): string {
  const [on, setOn] = useState(() => today());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const now = new Date();
      const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1); // local: a DST day is 23 or 25 hours
      timer = setTimeout(() => {
        setOn(today());
        arm(); // fired a moment early, today() is still yesterday: the next arm waits the rest
      }, midnight.getTime() - now.getTime());
    };
    const onBack = () => setOn(today());
    arm();
    window.addEventListener('focus', onBack);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', onBack);
    };
  }, []);
  return on;
}

/** `on`: today from the list's one `useToday` (one timer for the list, not one per row). */
export function LinkExpiry({ payment, on }: { payment: Pick<PaymentView, 'state' | 'expiresOn'>; on: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const word = expiryWord(payment, on);
  if (!word) return null;
  const date = formatDayMonth(payment.expiresOn!, language);
  // The words may wrap in a narrow list (get-paid.css), the day and month never ("Expires 7" / "Dec").
  const [before = '', after = ''] = t(wordKeys[word], { date: '\u0000' }).split('\u0000');
  return (
    <span className={`gp-expiry gp-expiry-${word === 'yesterday' ? 'passed' : word}`} data-testid="link-expiry">
      {before}<span className="gp-expiry-date">{date}</span>{after}
    </span>
  );
}
