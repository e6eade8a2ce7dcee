// A send left open past staleSendMinutes: the Paydesk sending it stopped mid-send (on the team
// ledger, another laptop that has not started again). Needs attention lists it; its row and the
// payment's detail say who sent what, when and from where, why nothing settles it yet and what to
// do, in the same words; the list's row says it briefly (docs/screens-after-sale.md, "A send left open").
import { useEffect, useReducer } from 'react';
import type { operationKinds } from '../../../../contract/methods/payments';
import { staleSendMinutes } from '../../../../contract/send-timing';
import type { CurrencyCode } from '../../../../contract/money';
import type { Language } from '../../i18n';
import { formatAmount, formatRowDateTime } from '../../i18n/format';
import type { useT } from '../../i18n';

export type LeftOpenSend = { kind: (typeof operationKinds)[number]; amountMinor: number | null; sentAt: string; sentBy: string | null; laptop: string | null };

const staleMs = staleSendMinutes * 60_000;

/** Open longer than staleSendMinutes by this computer's clock (main lists it by the ledger's own). */
export function leftOpenSince(sentAt: string, now = Date.now()): boolean {
  return now - Date.parse(sentAt) > staleMs;
}

/**
 * leftOpenSince for a send on screen, drawn again when it turns: one timer to that moment (none
 * once it has, none without a send), not a poll and not a call to main. A detail or a row drawn
 * before the two minutes passed said "being sent right now" until the payment next changed.
 */
export function useLeftOpen(sentAt: string | undefined): boolean {
  const [woke, wake] = useReducer((n: number) => n + 1, 0);
  const open = sentAt !== undefined && leftOpenSince(sentAt);
  useEffect(() => {
    const at = sentAt === undefined ? NaN : Date.parse(sentAt);
    if (!Number.isFinite(at) || leftOpenSince(sentAt!)) return;
    // A timer can wake a moment early: then the effect runs again (woke) and waits out the rest.
    const timer = setTimeout(wake, Math.min(at + staleMs - Date.now() + 1, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [sentAt, woke]);
  return open;
}

/**
 * The sending moment as a unit of an Arabic sentence: first-strong isolated (FSI…PDI). Its own
 * marks (RLM after day and month) make it right to left; a left-to-right isolate (LRI, as names
 * get) scrambled it in Chromium (the day drawn after the time's ص).
 */
const sentMoment = (sentAt: string, language: Language) => (language === 'ar' ? `\u2068${formatRowDateTime(sentAt, language)}\u2069` : formatRowDateTime(sentAt, language));

export function leftOpenWords(t: ReturnType<typeof useT>, language: Language, send: LeftOpenSend, payment: { amountMinor: number; currency: string }): string {
  const amount = formatAmount(send.amountMinor ?? payment.amountMinor, payment.currency as CurrencyCode, language);
  const values = { what: t(`leftOpen.what.${send.kind}`, { amount }), sent: sentMoment(send.sentAt, language), check: t('detail.checkStatus') };
  const where = send.laptop ? { key: 'leftOpen.fromLaptop', laptop: send.laptop } as const : { key: 'leftOpen.here', laptop: undefined } as const;
  const person = send.sentBy?.trim();
  // No name recorded: say so rather than show a blank or a bare sign where the name goes.
  // `person` and `laptop` are isolated left to right in Arabic (withIsolatedAmounts): "_omar.2" was drawn "omar.2_".
  if (!person) return t(`${where.key}.nameless`, { ...values, laptop: where.laptop ?? '' });
  return t(where.key, { ...values, person, laptop: where.laptop ?? '' });
}

/** A list row's hover text for a send left open: what, since when, and where to read the rest. */
export function leftOpenHint(t: ReturnType<typeof useT>, language: Language, send: { kind: LeftOpenSend['kind']; amountMinor: number | null; sentAt: string }, payment: { amountMinor: number; currency: string }): string {
  const amount = formatAmount(send.amountMinor ?? payment.amountMinor, payment.currency as CurrencyCode, language);
  return t('tx.open.leftOpen.hint', { what: t(`leftOpen.what.${send.kind}`, { amount }), sent: sentMoment(send.sentAt, language) });
}
