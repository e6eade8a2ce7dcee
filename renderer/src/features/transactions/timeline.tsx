// Everything that happened to a payment, oldest first, one entry per operation with its outcome:
// who did it, for how much and why; a state change the gateway brought (a status check, a
// notification, a restart) as its own entry. The gateway's own words and answers stay in a
// collapsed part for support, so every visible word is in the user's language.
import { minorFromDecimalText, type CurrencyCode } from '../../../../contract/money';
import { stateWordOf, stateWords, type StateWord } from '../../../../contract/payment-states';
import type { ErrorCode } from '../../../../contract/result';
import { useLanguage, useT } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { RowMoment } from '../../ui/row-moment';
import type { PaymentDetail } from './detail-store';
import { storedReason } from './stored-reason';

/** Changes that come from outside this payment's own operations (which have their own entries). */
const sources = ['status', 'reconcile', 'webhook', 'restart'] as const;
const isOutsideSource = (source: string): source is (typeof sources)[number] => (sources as readonly string[]).includes(source);
const isStateWord = (state: string | null): state is StateWord => state !== null && (stateWords as readonly string[]).includes(state);
const errorCodes: readonly string[] = ['network', 'timeout', 'gateway_error', 'malformed_response', 'key_rejected', 'not_found', 'request_rejected', 'cancelled'];

/** A notification's amount (major units, as the gateway wrote it) in the payment's currency's minor units, or null when it cannot be read so. */
const notifiedMinor = (amount: string | null, currency: CurrencyCode) => (amount === null ? null : minorFromDecimalText(amount, currency) ?? null);

/** `said`: what people typed (a reason, a settling's reason), each shown as it is, isolated from the sentence and from the other. */
type Entry = { at: string; key: string; text: string; said?: string[]; raw?: string | null; tone?: 'error' | 'warning' };

/** An authorise-only payment's creation is its authorisation ("Created" said nothing of it). */
const operationWord = (kind: PaymentDetail['operations'][number]['kind'], authOnly: boolean) => kind === 'create' && authOnly ? 'op.authorise' as const : `op.${kind}` as const;

export function Timeline({ detail }: { detail: PaymentDetail }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const currency = detail.payment.currency as CurrencyCode;
  const entries: Entry[] = [
    ...detail.operations.map((op) => ({
      at: op.createdAt,
      key: op.id,
      text: t('timeline.operation', { kind: t(operationWord(op.kind, detail.payment.authOnly)), amount: op.amountMinor !== null ? formatAmount(op.amountMinor, currency, language) : '', user: op.person ? t('timeline.person', { person: op.person, osUser: op.osUser }) : op.osUser, outcome: t(`outcome.${op.outcome}`) })
        + (op.settledBy ? ` — ${t('timeline.settledBy', { user: op.settledBy })}` : ''),
      // Each typed text on its own: joined, a reason's first letter set the direction of the other's.
      said: [op.reason && storedReason(op.reason, t), op.settledReason].filter((s): s is string => Boolean(s)),
      raw: [op.errorMessage, op.gatewayAnswer].filter(Boolean).join('\n') || null,
      tone: op.outcome === 'failed' ? ('error' as const) : op.outcome === 'unknown' ? ('warning' as const) : undefined,
    })),
    ...detail.history.flatMap((h, i) => isOutsideSource(h.source) && isStateWord(h.state)
      ? [{ at: h.at, key: `h${i}`, text: t('timeline.state', { state: t(`state.${h.state === 'pending' ? stateWordOf({ state: h.state, kind: detail.payment.kind }) : h.state}`), source: t(`source.${h.source}`) }), raw: h.statusWord }]
      : []),
    ...detail.checks.flatMap((c, i) => c.outcome === 'ok' ? [] : [{
      at: c.at, key: `c${i}`, tone: 'warning' as const,
      text: c.outcome === 'stale' ? t('timeline.checkStale') : t('timeline.checkFailed', { why: t(errorCodes.includes(c.outcome) ? (`error.code.${c.outcome as ErrorCode}` as const) : 'error.code.internal') }),
    }]),
    // What a notification told, in words (its operation, amount, approved or declined), where the ledger kept its amount:
    // on the practice profile, which has no dashboard, the one account of what the gateway did (walk35).
    ...detail.webhooks.map((w, i) => ({ at: w.receivedAt, key: `w${i}`, raw: [w.statusWord, w.type, w.amount].filter(Boolean).join(' ') || null,
      text: w.duplicate ? t('timeline.webhookDuplicate') : w.operation && w.outcome && notifiedMinor(w.amount, currency) !== null
        ? t('timeline.webhookSaid', { operation: w.operation, outcome: w.outcome, amount: formatAmount(notifiedMinor(w.amount, currency)!, currency, language) })
        : t('timeline.webhook') })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <ol className="timeline" aria-label={t('detail.timeline')}>
      {entries.map((entry) => (
        <li key={entry.key} className={entry.tone ? `timeline-${entry.tone}` : undefined}>
          <time dateTime={entry.at}><RowMoment iso={entry.at} /></time> <span>{entry.text}</span>
          {entry.said?.map((said, i) => <span key={i}> — <bdi className="user-text">{said}</bdi></span>)}
          {entry.raw && (
            <details>
              <summary>{t('timeline.details')}</summary>
              <pre dir="ltr" lang="en" className="gateway-words"><Ltr>{entry.raw}</Ltr></pre>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}

