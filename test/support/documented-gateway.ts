// A gateway double that answers with the documented fields only (../shared/gateway-interface.md
// and the evidence of ../shared/gateway-decisions.md §3–4), written independently of the
// practice gateway so the two cannot share an invented assumption. It keeps amounts as the
// decimal text it was sent (no JSON number parsing of its own), answers capture, void and
// refund with nothing but the success envelope, names no transaction for a session or link
// until it is paid, sends status words in the shapes the public SDKs read (status,
// transactionStatus, paymentStatus) and never any total. The 3-D Secure card (4111…) is answered
// with the interface's `html` field alone (§4.2: no other sale field is shown): no transaction, no
// word, until the test finishes the customer's challenge. Tests script it: pay a session,
// delay a status answer (computed when asked, sent later), drop a connection after acting.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { randomUUID } from 'node:crypto';

type Tx = {
  orderId: string;
  transactionId?: string;
  kind: 'sale' | 'session' | 'link' | 'recurring';
  auth: boolean;
  recurringInit: boolean;
  amount: string;
  currency: string;
  state: 'open' | 'challenge' | 'authorised' | 'part_captured' | 'captured' | 'paid' | 'part_refunded' | 'refunded' | 'voided' | 'reversed' | 'declined';
  recurringToken?: string;
};

/** `path` as the double reads it (the version segment and the v2 recurring alias taken off); `url`, as it came. */
export type Received = { path: string; url: string; body: string; key: string | undefined };
/**
 * `proxy_502`: a proxy's HTML page, nothing acted on; `envelope_refusal`: HTTP 200 whose envelope
 * says no (code other than 200, an errorCode), nothing acted on.
 */
type Trouble = 'reset_after_acting' | 'server_error' | 'proxy_502' | 'envelope_refusal';
/** Where a session's or link's address is (gateway-decisions §3 lists all four). */
type UrlField = 'redirectUrl' | 'url' | 'paymentUrl' | 'link';
/** The field a status answer puts its word in, and a word to send instead of the state's own. */
type StatusShape = { field?: 'status' | 'transactionStatus' | 'paymentStatus'; word?: string };

/** What a status answer says of each state: the words public sources show, no totals. */
function statusAnswer(tx: Tx): Record<string, string | undefined> {
  const ids = { orderId: tx.orderId, transactionId: tx.transactionId, recurringToken: tx.recurringToken };
  switch (tx.state) {
    case 'open': return { orderId: tx.orderId, status: 'ACTIVE' };
    // The customer is on the challenge page: the SDKs read any word but done/failed as still pending.
    case 'challenge': return { orderId: tx.orderId, status: 'Pending' };
    case 'authorised': return { ...ids, status: 'Approved', type: 'Authorization' };
    case 'part_captured': return { ...ids, transactionStatus: 'Approved', type: 'Capture' };
    case 'captured': return { ...ids, status: 'CAPTURED' };
    case 'paid': return { ...ids, paymentStatus: tx.kind === 'sale' ? 'APPROVED' : 'PAID' };
    case 'part_refunded': return { ...ids, status: 'Approved', type: 'Refund' };
    case 'refunded': return { ...ids, status: 'REFUND' };
    case 'voided': return { ...ids, status: 'VOID' };
    case 'reversed': return { ...ids, status: 'REVERSAL' };
    case 'declined': return { ...ids, status: 'Declined', reason: 'Do not honour' };
  }
}

/** The double's own bookkeeping, in thousandths, from the decimal text (never through a float). */
function cents(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
}

/** `tls`: served over https with this certificate (a sandbox base URL must be https). */
export async function startDocumentedGateway(apiKey = 'documented-key', options: { tls?: { key: string; cert: string } } = {}) {
  const byOrder = new Map<string, Tx>();
  const byTransaction = new Map<string, Tx>();
  const received: Received[] = [];
  const troubles = new Map<string, Trouble>();
  let statusDelay: Promise<void> | undefined;
  let urlField: UrlField | undefined;
  let statusShape: StatusShape | undefined;
  const captured = new Map<Tx, number>();
  const refunded = new Map<Tx, number>();

  const envelope = (res: ServerResponse, status: number, data: object | null, error?: { code: number; errorCode: string; message: string }) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(error ? { code: error.code, message: error.message, errorCode: error.errorCode, data: null } : { code: 200, message: 'Success', errorCode: null, data }));
  };
  const amountText = (body: string) => /"amount"\s*:\s*(-?\d+(?:\.\d+)?)/.exec(body)?.[1] ?? '';
  const text = (body: string, name: string) => new RegExp(`"${name}"\\s*:\\s*"([^"]*)"`).exec(body)?.[1];
  const named = (transactionId: string | undefined) => (transactionId ? byTransaction.get(transactionId) : undefined);
  const newTransaction = (tx: Tx) => {
    tx.transactionId = randomUUID();
    byTransaction.set(tx.transactionId, tx);
    if (tx.recurringInit) tx.recurringToken = `tok_${randomUUID()}`;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    // The recurring path some sources publish under v2 (gateway-decisions §1) is the same operation.
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/v1/, '').replace(/^\/api\/v2\/payment-gateway\/recurring$/, '/payment-gateway/s2s/recurring');
    const key = req.headers['x-api-key'] as string | undefined;
    received.push({ path, url: req.url ?? '/', body, key });
    if (key !== apiKey) return envelope(res, 401, null, { code: 401, errorCode: 'UNAUTHORIZED', message: 'Invalid API key' });
    const trouble = troubles.get(path);
    troubles.delete(path);
    if (trouble === 'server_error') return envelope(res, 500, null, { code: 500, errorCode: 'INTERNAL', message: 'Try later' });
    if (trouble === 'envelope_refusal') return envelope(res, 200, null, { code: 400, errorCode: 'VALIDATION_ERROR', message: 'Request rejected' });
    if (trouble === 'proxy_502') {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      return void res.end('<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>');
    }
    if (trouble === 'reset_after_acting') {
      // It acts, but its answer never leaves: the connection drops.
      const silent = { writeHead: () => silent, end: () => silent } as unknown as ServerResponse;
      await act(path, body, silent);
      return void res.socket?.destroy();
    }
    await act(path, body, res);
  }

  function act(path: string, body: string, res: ServerResponse): void | Promise<void> {
    const orderId = text(body, 'orderId');
    switch (path) {
      case '/payment-gateway/s2s/sale': {
        const tx: Tx = { orderId: orderId!, kind: 'sale', auth: text(body, 'auth') === 'Y', recurringInit: text(body, 'recurringInit') === 'Y', amount: amountText(body), currency: text(body, 'currency')!, state: 'open' };
        byOrder.set(tx.orderId, tx);
        if ((text(body, 'cardNumber') ?? '').startsWith('4111')) {
          tx.state = 'challenge';
          return envelope(res, 200, { html: `<form method="post" action="https://acs.example/challenge"><input type="hidden" name="order" value="${tx.orderId}"></form>` });
        }
        newTransaction(tx);
        const declined = (text(body, 'cardNumber') ?? '').startsWith('4000');
        tx.state = declined ? 'declined' : tx.auth ? 'authorised' : 'paid';
        return envelope(res, 200, { transactionId: tx.transactionId, status: declined ? 'Declined' : 'Approved', type: tx.auth ? 'Authorization' : 'Purchase' });
      }
      case '/payment-gateway/initiate':
      case '/payment-links': {
        const session = path === '/payment-gateway/initiate';
        const tx: Tx = { orderId: orderId!, kind: session ? 'session' : 'link', auth: text(body, 'auth') === 'Y', recurringInit: text(body, 'recurringInit') === 'Y', amount: amountText(body), currency: text(body, 'currency')!, state: 'open' };
        byOrder.set(tx.orderId, tx);
        const id = randomUUID();
        const url = session ? `https://pay.example/checkout?sessionId=${id}` : `https://pay.example/invoice/${id}`;
        return envelope(res, 200, { [urlField ?? (session ? 'redirectUrl' : 'link')]: url, id });
      }
      case '/payment-gateway/s2s/capture': {
        const refusal = capture(named(text(body, 'transactionId')), amountText(body));
        return refusal ? envelope(res, 422, null, refusal) : envelope(res, 200, {});
      }
      case '/payment-gateway/s2s/void': {
        const tx = named(text(body, 'transactionId'));
        if (!tx || tx.state !== 'authorised') return envelope(res, 422, null, { code: 422, errorCode: 'INVALID_STATE', message: 'Cannot void' });
        tx.state = 'voided';
        return envelope(res, 200, {});
      }
      case '/payment-gateway/s2s/refund': {
        const refusal = refund(named(text(body, 'transactionId')), amountText(body));
        return refusal ? envelope(res, 422, null, refusal) : envelope(res, 200, {});
      }
      case '/payment-gateway/s2s/recurring': {
        const parent = named(text(body, 'transactionId'));
        if (!parent || parent.recurringToken !== text(body, 'recurringToken')) return envelope(res, 422, null, { code: 422, errorCode: 'INVALID_TOKEN', message: 'Bad token' });
        const number = /"number"\s*:\s*"([^"]*)"/.exec(body)![1]!;
        const tx: Tx = { orderId: number, kind: 'recurring', auth: false, recurringInit: false, amount: amountText(body), currency: parent.currency, state: 'paid' };
        byOrder.set(tx.orderId, tx);
        newTransaction(tx);
        return envelope(res, 200, { transactionId: tx.transactionId, status: 'SUCCESS' });
      }
      case '/payment-gateway/status': {
        const tx = orderId ? byOrder.get(orderId) : named(text(body, 'transactionId'));
        if (!tx) return envelope(res, 404, null, { code: 404, errorCode: 'NOT_FOUND', message: 'No such transaction' });
        // Computed now, sent when the test lets it go: a late answer about the past.
        const answer = reshaped(statusAnswer(tx));
        const delay = statusDelay;
        statusDelay = undefined;
        if (!delay) return envelope(res, 200, answer);
        return delay.then(() => envelope(res, 200, answer));
      }
      default:
        return envelope(res, 404, null, { code: 404, errorCode: 'NOT_FOUND', message: 'No such path' });
    }
  }

  type Refusal = { code: number; errorCode: string; message: string };
  function capture(tx: Tx | undefined, amount: string): Refusal | undefined {
    if (!tx || (tx.state !== 'authorised' && tx.state !== 'part_captured')) return { code: 422, errorCode: 'INVALID_STATE', message: 'Cannot capture' };
    const total = (captured.get(tx) ?? 0) + cents(amount);
    if (total > cents(tx.amount)) return { code: 422, errorCode: 'AMOUNT_TOO_HIGH', message: 'Exceeds the authorisation' };
    captured.set(tx, total);
    tx.state = total === cents(tx.amount) ? 'captured' : 'part_captured';
    return undefined;
  }
  function refund(tx: Tx | undefined, amount: string): Refusal | undefined {
    const taken = tx ? (tx.auth ? captured.get(tx) ?? 0 : cents(tx.amount)) : 0;
    if (!tx || !['paid', 'captured', 'part_captured', 'part_refunded'].includes(tx.state)) return { code: 422, errorCode: 'INVALID_STATE', message: 'Cannot refund' };
    const total = (refunded.get(tx) ?? 0) + cents(amount);
    if (total > taken) return { code: 422, errorCode: 'AMOUNT_TOO_HIGH', message: 'Exceeds what was captured' };
    refunded.set(tx, total);
    tx.state = total === taken ? 'refunded' : 'part_refunded';
    return undefined;
  }

  /** The status answer in the scripted shape: its word moved to another field, or another word. */
  function reshaped(answer: Record<string, string | undefined>) {
    if (!statusShape) return answer;
    const { status, transactionStatus, paymentStatus, ...rest } = answer;
    return { ...rest, [statusShape.field ?? 'status']: statusShape.word ?? status ?? transactionStatus ?? paymentStatus };
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => void handle(req, res).catch(() => res.destroy());
  const server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`;

  return {
    conn: { baseUrl, apiKey },
    received,
    /** The customer pays a checkout session or link: the gateway now has a transaction. */
    pay(orderId: string) {
      const tx = byOrder.get(orderId)!;
      newTransaction(tx);
      tx.state = tx.auth ? 'authorised' : 'paid';
    },
    /** The customer finishes the 3-D Secure challenge of a sale: passed, the gateway has a transaction; failed, a decline. */
    finishChallenge(orderId: string, passed: boolean) {
      const tx = byOrder.get(orderId)!;
      newTransaction(tx);
      tx.state = !passed ? 'declined' : tx.auth ? 'authorised' : 'paid';
    },
    /**
     * What a manager does in the gateway's own dashboard: Paydesk is not told, and learns of it only
     * from its next status answer (which says the state's word, never an amount). A refusal
     * (more than is left, a state that does not allow it) throws, as the dashboard would refuse it.
     */
    dashboard: {
      refund(orderId: string, amount: string) {
        const refusal = refund(byOrder.get(orderId), amount);
        if (refusal) throw new Error(refusal.message);
      },
      capture(orderId: string, amount: string) {
        const refusal = capture(byOrder.get(orderId), amount);
        if (refusal) throw new Error(refusal.message);
      },
      /** A void (VOID) or a reversal (REVERSAL) of a payment in any state that took or held money. */
      cancel(orderId: string, word: 'VOID' | 'REVERSAL') {
        const tx = byOrder.get(orderId)!;
        tx.state = word === 'VOID' ? 'voided' : 'reversed';
      },
    },
    /** The next status answer is computed when asked and sent when `release` is called. */
    holdNextStatus() {
      let release!: () => void;
      statusDelay = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
    /** The next request on this path acts, then its connection drops (or it gets a 500 without acting). */
    trouble(path: string, trouble: Trouble) {
      troubles.set(path, trouble);
    },
    /** Sessions and links made from now on carry their address in this field of `data`. */
    urlIn(field: UrlField | undefined) {
      urlField = field;
    },
    /** Status answers from now on carry their word in this field, or this word (undefined: as documented by state). */
    statusAs(shape: StatusShape | undefined) {
      statusShape = shape;
    },
    sent: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
