// Receives the practice gateway's webhooks on loopback: checks the HMAC signature of the raw
// body, records every delivery (duplicates marked, not applied twice), and has the payment
// re-checked so its state and totals come from one exact source. Sandbox and production rely
// on status checks instead: a laptop is no public endpoint.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { field, parseExact, textOf } from '../gateway/exact-json';
import type { Logger } from '../log/logger';
import { leanAnswer, webhookColumns } from './lean-answer';
import type { LedgerDb } from './database';
import { createWords, packOrder, packTime } from './packing';
import { redactRaw } from '../gateway/transport';

export const webhookPath = '/webhooks/practice';
const maxBody = 256 * 1024;

export type WebhookReceiver = { url: string; close(): Promise<void> };

export async function startWebhookReceiver(options: {
  db: LedgerDb;
  secret: () => string;
  logger: Logger;
  now?: () => Date;
  /** Called once per new (non-duplicate) delivery that matches a payment. */
  onPaymentEvent(paymentId: string): void;
}): Promise<WebhookReceiver> {
  const now = options.now ?? (() => new Date());
  const server = createServer((req, res) => {
    receive(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  async function receive(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== webhookPath) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBody) return void res.writeHead(413).end();
      chunks.push(chunk);
    }
    const raw = Buffer.concat(chunks);
    const given = Buffer.from(String(req.headers['x-paydesk-signature'] ?? ''), 'utf8');
    const expected = Buffer.from(createHmac('sha256', options.secret()).update(raw).digest('hex'), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      options.logger.warn('A webhook with a wrong signature was refused');
      return void res.writeHead(401).end();
    }
    let body;
    try {
      body = parseExact(raw.toString('utf8'));
    } catch {
      return void res.writeHead(400).end();
    }
    const transactionId = textOf(field(body, 'transactionId')) ?? null;
    const orderId = textOf(field(body, 'orderId')) ?? null;
    const status = textOf(field(body, 'status')) ?? null;
    const type = textOf(field(body, 'type')) ?? null;
    const amount = textOf(field(body, 'amount')) ?? '';
    // Duplicates are expected: the same transaction, status, type, amount and finishing time is
    // one event (two partial refunds of the same amount are two).
    const dedupKey = [transactionId, status, type, amount, textOf(field(body, 'finishedAt')) ?? ''].join('|');
    const payment = options.db.prepare('SELECT rowid, id, order_id FROM payments WHERE transaction_id = ? OR (order_id = ? AND profile_id = ?) LIMIT 1').get(transactionId, orderId, 'practice') as { rowid: number; id: string; order_id: string } | undefined;
    // Stored packed (migration 11): the payment by its rowid, words by id, of the body only its reason.
    const word = createWords(options.db);
    const duplicate = options.db.transaction(() => {
      const seen = options.db.prepare('SELECT 1 FROM ledger_webhooks WHERE dedup_key = ? AND duplicate = 0 LIMIT 1').get(dedupKey) !== undefined;
      options.db.prepare('INSERT INTO ledger_webhooks (received_at, dedup_key, payment, transaction_id, order_id, status_word, type, duplicate, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(packTime(now().toISOString()), dedupKey, payment?.rowid ?? null, transactionId, packOrder(orderId, payment?.order_id), word(status), word(type), seen ? 1 : 0, leanAnswer(redactRaw(raw.toString('utf8'), ''), webhookColumns) ?? '');
      return seen;
    }).immediate();
    res.writeHead(200).end();
    if (!duplicate && payment) options.onPaymentEvent(payment.id);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}${webhookPath}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
