// A send left open past staleSendMinutes: the Paydesk sending it stopped mid-send (on the team
// ledger, another laptop that has not started again). Needs attention lists it; its row and the
// payment's detail say who sent what, when and from where, why nothing settles it yet and what to
// do, in the same words (docs/screens-after-sale.md, "A send left open").
import { staleSendMinutes, type operationKinds } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import type { Language } from '../../i18n';
import { formatAmount, formatRowDateTime } from '../../i18n/format';
import type { useT } from '../../i18n';

export type LeftOpenSend = { kind: (typeof operationKinds)[number]; amountMinor: number | null; sentAt: string; sentBy: string | null; laptop: string | null };

/** Open longer than staleSendMinutes by this computer's clock (main lists it by the ledger's own). */
export function leftOpenSince(sentAt: string, now = Date.now()): boolean {
  return now - Date.parse(sentAt) > staleSendMinutes * 60_000;
}

export function leftOpenWords(t: ReturnType<typeof useT>, language: Language, send: LeftOpenSend, payment: { amountMinor: number; currency: string }): string {
  const amount = formatAmount(send.amountMinor ?? payment.amountMinor, payment.currency as CurrencyCode, language);
  const values = { what: t(`leftOpen.what.${send.kind}`, { amount }), sent: formatRowDateTime(send.sentAt, language), check: t('detail.checkStatus') };
  const where = send.laptop ? { key: 'leftOpen.fromLaptop', laptop: send.laptop } as const : { key: 'leftOpen.here', laptop: undefined } as const;
  const who = send.sentBy?.trim();
  // No name recorded: say so rather than show a blank or a bare sign where the name goes.
  if (!who) return t(`${where.key}.nameless`, { ...values, laptop: where.laptop ?? '' });
  return t(where.key, { ...values, who, laptop: where.laptop ?? '' });
}
