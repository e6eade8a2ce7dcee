// Webhook deliveries, shaped as the decisions file describes (§4): JSON POST, signed with an
// HMAC-SHA256 of the raw body (hex, header X-Paydesk-Signature), retried up to 3 times when
// not answered with 200, sometimes delivered twice.
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { stringifyExact } from '../gateway/exact-json';
import { numericCurrency } from '../gateway/currency-numbers';
import type { Logger } from '../log/logger';
import type { ChangeKind } from './engine';
import { money } from './answers';
import type { Transaction } from './model';

export const signatureHeader = 'X-Paydesk-Signature';

export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

export function webhookBody(tx: Transaction, change: { type: ChangeKind; amountMinor: number }, now: Date): string {
  return stringifyExact({
    transactionId: tx.transactionId,
    orderId: tx.orderId,
    amount: money(change.amountMinor, tx),
    currencyCode: numericCurrency[tx.currency],
    // The words the evidence shows: the change's type, Approved or Declined (EXPIRED for an expiry).
    status: change.type === 'Expiry' ? 'EXPIRED' : tx.status === 'DECLINED' ? 'Declined' : 'Approved',
    type: change.type === 'Expiry' ? undefined : change.type,
    createdAt: tx.createdAt,
    finishedAt: now.toISOString(),
    rrn: tx.rrn,
    cardScheme: tx.card?.scheme,
    recurringToken: tx.recurringToken,
    pgDetails: { reason: tx.reason ?? null },
  });
}

/**
 * One attempt's signal: aborted when the sender closes or after `ms`. Not `AbortSignal.any`: Node
 * keeps a WeakRef of each signal it made on every source, so the sender's close signal, alive as
 * long as the app, gained one per delivery (walk33). Here the close's listener goes with the attempt.
 */
function attemptSignal(closed: AbortSignal, ms: number): { signal: AbortSignal; done(): void } {
  const own = new AbortController();
  const onClose = () => own.abort(closed.reason);
  closed.addEventListener('abort', onClose, { once: true });
  const timer = setTimeout(() => own.abort(new DOMException('The webhook was not answered in time', 'TimeoutError')), ms);
  timer.unref?.();
  return {
    signal: own.signal,
    done() {
      clearTimeout(timer);
      closed.removeEventListener('abort', onClose);
    },
  };
}

export type WebhookSender = { deliver(body: string, copies: number): void; idle(): Promise<void>; close(): void };

export function createWebhookSender(options: {
  target: () => string | null;
  secret: () => string;
  logger: Logger;
  retryDelaysMs?: number[];
  fetch?: typeof fetch;
}): WebhookSender {
  const doFetch = options.fetch ?? globalThis.fetch;
  const delays = options.retryDelaysMs ?? [1000, 5000, 15000];
  const inFlight = new Set<Promise<void>>();
  const controller = new AbortController();

  async function attempt(url: string, body: string): Promise<void> {
    const headers = { 'Content-Type': 'application/json', [signatureHeader]: signBody(body, options.secret()) };
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (controller.signal.aborted) return;
      const stop = attemptSignal(controller.signal, 10_000);
      try {
        const response = await doFetch(url, { method: 'POST', headers, body, signal: stop.signal });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status === 200) return;
      } catch {
        // retried below
      } finally {
        stop.done();
      }
      const delay = delays[attempt];
      if (delay === undefined) break;
      await sleep(delay, undefined, { signal: controller.signal }).catch(() => undefined);
    }
    options.logger.warn('Practice gateway: a webhook was not accepted after all retries');
  }

  return {
    deliver(body, copies) {
      const url = options.target();
      if (!url) return;
      for (let i = 0; i < copies; i++) {
        const delivery = attempt(url, body).finally(() => inFlight.delete(delivery));
        inFlight.add(delivery);
      }
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    close: () => controller.abort(),
  };
}
