// Everything that happened to a payment, oldest first: states, operations (and who did them),
// status checks and webhooks, with the gateway's redacted answers for support.
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { stateWords, type StateWord } from '../../../../contract/payment-states';
import { formatAmount, formatDateTime } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import type { PaymentDetail } from './detail-store';
import type { CurrencyCode } from '../../../../contract/money';

const sources = ['create', 'capture', 'void', 'refund', 'status', 'reconcile', 'webhook', 'restart', 'schedule', 'watch', 'settled_by_hand'] as const;
/** Where a change came from, in words; a source a newer Paydesk wrote reads as "by Paydesk". */
const sourceKey = (source: string): MessageKey => ((sources as readonly string[]).includes(source) ? `source.${source as (typeof sources)[number]}` : 'source.other');
const isStateWord = (state: string | null): state is StateWord => state !== null && (stateWords as readonly string[]).includes(state);

type Entry = { at: string; key: string; text: string; raw?: string | null; tone?: 'error' | 'warning' };

export function Timeline({ detail }: { detail: PaymentDetail }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const currency = detail.payment.currency as CurrencyCode;
  const entries: Entry[] = [
    ...detail.history.map((h, i) => ({ at: h.at, key: `h${i}`, text: t('timeline.state', { state: t(`state.${h.state}`), source: t(sourceKey(h.source)) }) + (h.statusWord ? ` (${h.statusWord})` : '') })),
    ...detail.operations.map((op) => ({
      at: op.createdAt,
      key: op.id,
      text: t('timeline.operation', { kind: t(`op.${op.kind}`), amount: op.amountMinor !== null ? formatAmount(op.amountMinor, currency, language) : '', user: op.osUser, outcome: t(`outcome.${op.outcome}`) }) + (op.reason ? ` — ${op.reason}` : '') + (op.settledBy ? ` — ${t('timeline.settledBy', { user: op.settledBy, reason: op.settledReason ?? '' })}` : op.errorMessage ? ` — ${op.errorMessage}` : ''),
      raw: op.gatewayAnswer,
      tone: op.outcome === 'failed' ? ('error' as const) : op.outcome === 'unknown' ? ('warning' as const) : undefined,
    })),
    ...detail.checks.map((c, i) => ({ at: c.at, key: `c${i}`, text: c.outcome === 'stale' ? t('timeline.checkStale') : t('timeline.check', { outcome: c.outcome === 'ok' ? t(isStateWord(c.state) ? `state.${c.state}` : 'state.unknown') : c.outcome }) })),
    ...detail.webhooks.map((w, i) => ({ at: w.receivedAt, key: `w${i}`, text: t(w.duplicate ? 'timeline.webhookDuplicate' : 'timeline.webhook', { status: w.statusWord ?? '?', type: w.type ?? '' }) })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <ol className="timeline" aria-label={t('detail.timeline')}>
      {entries.map((entry) => (
        <li key={entry.key} className={entry.tone ? `timeline-${entry.tone}` : undefined}>
          <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time> <span>{entry.text}</span>
          {entry.raw && (
            <details>
              <summary>{t('detail.rawAnswer')}</summary>
              <pre dir="ltr"><Ltr>{entry.raw}</Ltr></pre>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
