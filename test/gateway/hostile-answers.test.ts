// A gateway (or something posing as one) that echoes the key or the card back, hides them behind
// JSON escapes, or answers without end: nothing of the key or the card is kept or shown, and an
// answer too large is not read. Over real HTTP, a server on loopback that answers what each test says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type ServerResponse, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createGatewayClient } from '../../main/gateway/client';
import { createMemoryLogger } from '../../main/log/logger';
import { answerLimitBytes } from '../../main/gateway/transport';
import { approveCard, newOrderId, redirects, testCustomer } from '../support/practice';

// A key as a keychain may hold it: printable ASCII, so `/`, `"` and `\` too.
const apiKey = 'sk_live/Ab"Cd\\Ef+9Z31';
const cardDigits = approveCard.number.replace(/\D/g, '');
let server: Server;
let baseUrl = '';
let answer: (res: ServerResponse) => void;
let bytesWritten = 0;
const logger = createMemoryLogger();
const client = createGatewayClient({ logger, timeoutMs: 10_000, sleep: async () => undefined, fetch });

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server.close());
beforeEach(() => {
  logger.lines.length = 0;
  bytesWritten = 0;
});

const conn = () => ({ baseUrl, apiKey });
const json = (body: string, status = 200) => (res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body);
};
const sale = () => client.sale(conn(), { orderId: newOrderId(), amount: { minor: 10_050, currency: 'SAR' }, authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
/** The key as PHP's json_encode writes it inside a string (`/` as `\/`), without the quotes. */
const phpEscaped = JSON.stringify(apiKey).slice(1, -1).replace(/\//g, '\\/');
/** Every character as \uXXXX. */
const unicodeEscaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

function expectNoSecret(what: unknown) {
  const text = JSON.stringify(what);
  for (const parsedForm of [text, JSON.parse(text) as unknown].map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))) {
    // Read the way a person or the page would: after JSON escapes are undone.
    const decoded = parsedForm.replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\\(.)/g, '$1');
    expect(decoded).not.toContain(apiKey.replace(/\\/g, ''));
    expect(decoded).not.toContain('sk_live/Ab');
    expect(decoded).not.toContain(cardDigits);
  }
}

describe('a gateway that echoes the key or the card', () => {
  it('keeps neither the key written with PHP escapes nor a card number in \\u escapes: not in the raw answer, the error, the log', async () => {
    answer = json(`{"code":400,"message":"Bad key ${phpEscaped}","errorCode":"KEY_${phpEscaped}","data":{"headers":{"X-API-KEY":"${phpEscaped}"},"card":"${unicodeEscaped(cardDigits)}","cvv":"100"}}`);
    const result = await sale();
    expect(result).toMatchObject({ ok: false, error: { kind: 'request_rejected', gateway: { message: 'Bad key [redacted]' } } });
    expect(result.raw).toContain('[redacted]');
    expect(result.raw).toContain('[card number removed]');
    expectNoSecret(result);
    expectNoSecret(logger.lines);
  });

  it('keeps no key from a successful answer: the status word, the payment page address and the raw answer are without it', async () => {
    answer = json(`{"code":200,"data":{"redirectUrl":"https://pay.example/session?sessionId=s1&key=${unicodeEscaped(apiKey)}","status":"${unicodeEscaped(apiKey)}"}}`);
    const result = await client.initiateCheckout(conn(), { orderId: newOrderId(), amount: { minor: 10_050, currency: 'SAR' }, customer: testCustomer, authOnly: false, ...redirects });
    expect(result).toMatchObject({ ok: true, value: { sessionId: 's1' } });
    expectNoSecret(result);
    const status = await client.status(conn(), { transactionId: 't-1' });
    expect(status).toMatchObject({ ok: true, value: { statusWord: '[redacted]' } });
    expectNoSecret(status);
  });
});

describe('a gateway or proxy whose HTML error page echoes the key in character references', () => {
  /** What a browser shows of the page: every reference read back as its character (the legacy four without `;` too). */
  const shown = (html: string) => html
    .replace(/&#[xX]([0-9a-fA-F]+);?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(quot|QUOT|amp|AMP|lt|LT|gt|GT);?|&(apos|sol|bsol|plus|lowbar|excl|equals);/g, (_, legacy?: string, other?: string) =>
      ({ quot: '"', amp: '&', lt: '<', gt: '>', apos: "'", sol: '/', bsol: '\\', plus: '+', lowbar: '_', excl: '!', equals: '=' })[(legacy ?? other)!.toLowerCase()]!)
    .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const html = (body: string, status = 502) => (res: ServerResponse) => {
    res.writeHead(status, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><body><h1>${status} Bad Gateway</h1>${body}<hr><center>nginx</center></body></html>`);
  };
  // A key with every character HTML escapes: `&`, `<`, `>`, `"`, `'` (a keychain may hold any printable one).
  const htmlKey = `sk_live/A&b<C>d"E'f\\9Z+1`;
  const forms = {
    named: htmlKey.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    hexOwasp: htmlKey.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/\//g, '&#x2F;'),
    everyCharacterDecimal: [...htmlKey].map((c) => `&#${c.charCodeAt(0)};`).join(''),
    everyCharacterHexUpper: [...htmlKey].map((c) => `&#X${c.charCodeAt(0).toString(16).toUpperCase()};`).join(''),
    html5Names: htmlKey.replace(/&/g, '&AMP;').replace(/\//g, '&sol;').replace(/\\/g, '&bsol;').replace(/'/g, '&apos;').replace(/"/g, '&QUOT').replace(/</g, '&LT;').replace(/>/g, '&GT;').replace(/\+/g, '&plus;').replace(/_/g, '&lowbar;'),
    inAnAddress: encodeURIComponent(htmlKey),
  };

  it.each(Object.entries(forms))('keeps no key written as %s: not in the raw answer, the error or the log', async (_, escaped) => {
    expect(shown(escaped)).toBe(htmlKey);
    answer = html(`<p>Upstream refused the header X-API-KEY: &quot;${escaped}&quot;</p><a href="https://gw.example/retry?key=${escaped}">retry</a>`);
    const result = await client.sale({ baseUrl, apiKey: htmlKey }, { orderId: newOrderId(), amount: { minor: 10_050, currency: 'SAR' }, authOnly: false, card: approveCard, customer: testCustomer, ...redirects });
    expect(result).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', httpStatus: 502 } });
    expect(result.raw).toContain('[redacted]');
    for (const kept of [result.raw!, JSON.stringify(result), ...logger.lines]) {
      expect(shown(kept)).not.toContain(htmlKey);
      expect(shown(kept)).not.toContain('A&b<C>d');
    }
  });
});

describe('a gateway that says too much', () => {
  it('quotes the start of a message of a megabyte, not the megabyte', async () => {
    answer = json(JSON.stringify({ code: 400, message: `Card refused. ${'Lorem ipsum '.repeat(90_000)}`, errorCode: `E_${'X'.repeat(100_000)}` }));
    const result = await sale();
    if (result.ok) throw new Error('expected a refusal');
    expect(result.error.gateway?.message).toMatch(/^Card refused\. Lorem ipsum .*…$/);
    expect(result.error.gateway?.message?.length).toBeLessThanOrEqual(501);
    expect(result.error.gateway?.errorCode?.length).toBeLessThanOrEqual(501);
  });
});

describe('an answer without end', () => {
  it('stops reading a 200 MB answer at the limit: a sale is unclear (check its status), nothing of it kept', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const more = () => {
        while (bytesWritten < 200 * chunk.length) {
          bytesWritten += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('{"code":200}');
      };
      res.on('error', () => undefined);
      more();
    };
    const result = await sale();
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed_response', mayHaveHappened: true, reasonKey: 'gateway.answerTooLarge', reasonValues: { limit: answerLimitBytes / 1024 / 1024 } } });
    expect(result.raw).toBeUndefined();
    expect(bytesWritten).toBeLessThan(100 * chunk.length);
  });

  it('counts what a compressed answer becomes: 100 MB of gzip in 100 kB is not read past the limit either', async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"code":200,"data":{"pad":"'), Buffer.alloc(100 * 1024 * 1024, 0x61), Buffer.from('"}}')]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': bomb.length });
      res.end(bomb);
    };
    const result = await client.status(conn(), { transactionId: 't-2' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed_response', reasonKey: 'gateway.answerTooLarge' } });
  });
});
