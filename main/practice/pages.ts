// The customer-facing pages the practice gateway serves: the hosted checkout page, the
// payment-link page and the 3-D Secure page. Plain HTML forms, no script, readable in any
// browser; every value shown is escaped.
import { formatMinor } from '../../contract/money';
import type { PracticeEngine } from './engine';
import { challengeCode, testCards, type Transaction } from './model';
import { Refusal } from './request-fields';
import type { PracticeStore } from './store';

export type PageResponse = { status: number; html?: string; location?: string };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · Practice gateway</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
label{display:block;margin-top:.75rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;font:inherit;padding:.5rem 1rem}.note{color:#555;font-size:.9rem}.amount{font-size:1.5rem;font-weight:600}</style>
</head><body><p class="note">Practice gateway: no real money moves.</p>${body}</body></html>`;
}

function summary(tx: Transaction): string {
  return `<h1>${escape(tx.description ?? 'Payment')}</h1>
<p class="amount">${escape(formatMinor(tx.amountMinor, tx.currency))} ${escape(tx.currency)}</p>
<p>Order <span>${escape(tx.orderId)}</span></p>`;
}

const outcomeWords = { approve: 'approved', challenge: `3-D Secure (code ${challengeCode})`, decline: 'declined' } as const;
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

// "Fill in" beside each test card puts it in the form (the page asked again with `testCard`, no
// script, and no card number in an address): paying a practice link took 38 key presses and clicks
// copying 16 digits from the list, where a typo declines.
function cardForm(action: string, hidden: Record<string, string>, testCard: string | null): string {
  const inputs = Object.entries(hidden).map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`).join('');
  const chosen = Object.entries(testCards).find(([, card]) => card.outcome === testCard);
  const [number, card] = chosen ?? ['', undefined];
  const value = (text: string | undefined) => (card && text ? ` value="${escape(text)}"` : '');
  const list = Object.entries(testCards).map(([n, c]) =>
    `<li>${grouped(n)}, ${c.expiry}, ${c.cvv}: ${escape(outcomeWords[c.outcome])} <a href="?${escape(new URLSearchParams({ ...hidden, testCard: c.outcome }).toString())}">Fill in</a></li>`).join('');
  return `<form method="post" action="${action}">${inputs}
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required${value(grouped(number))}>
<label for="cardHolder">Name on card</label><input id="cardHolder" name="cardHolder" autocomplete="cc-name" required${value('TEST CARD')}>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="01/39" required${value(card?.expiry)}>
<label for="cvv">Security code</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required${value(card?.cvv)}>
<button type="submit">Pay</button></form>
<details class="note"><summary>Test cards</summary><ul>${list}</ul></details>`;
}

function closed(tx: Transaction): string {
  const words: Record<string, string> = { EXPIRED: 'This payment page has expired.', DECLINED: 'This payment was declined.' };
  return page('Payment', `${summary(tx)}<p role="status">${escape(words[tx.status] ?? 'This payment has already been made.')}</p>`);
}

export function finalRedirect(tx: Transaction): string {
  const approved = tx.status !== 'DECLINED';
  const url = new URL(approved ? tx.successUrl : tx.failureUrl);
  url.searchParams.set('orderId', tx.orderId);
  url.searchParams.set('transactionId', tx.transactionId);
  url.searchParams.set('status', tx.status);
  return url.href;
}

export function createPages(engine: PracticeEngine, store: PracticeStore) {
  const lookup = (kind: 'checkout' | 'link', id: string | null) => {
    const tx = id ? (kind === 'checkout' ? store.bySession(id) : store.byLink(id)) : undefined;
    return tx ? engine.refreshExpiry(tx) : undefined;
  };
  const notFound: PageResponse = { status: 404, html: page('Not found', '<h1>No such payment page</h1><p>Check the address you were given.</p>') };

  function showPayment(kind: 'checkout' | 'link', id: string | null, testCard: string | null): PageResponse {
    const tx = lookup(kind, id);
    if (!tx) return notFound;
    if ((tx.status !== 'PENDING' && tx.status !== 'UNPAID') || tx.card) return { status: 200, html: closed(tx) };
    const hidden: Record<string, string> = kind === 'checkout' ? { sessionId: tx.sessionId! } : { linkId: tx.linkId! };
    return { status: 200, html: page('Payment', summary(tx) + cardForm(`/${kind}`, hidden, testCard)) };
  }

  function pay(kind: 'checkout' | 'link', form: URLSearchParams): PageResponse {
    const tx = lookup(kind, form.get(kind === 'checkout' ? 'sessionId' : 'linkId'));
    if (!tx) return notFound;
    const [month = '', year = ''] = (form.get('expiry') ?? '').split('/').map((part) => part.trim());
    try {
      const outcome = engine.payWithCard(tx, {
        number: form.get('cardNumber') ?? '',
        holder: form.get('cardHolder') ?? '',
        expiryMonth: month,
        expiryYear: year.length === 2 ? `20${year}` : year,
        cvv: (form.get('cvv') ?? '').trim(),
      });
      if (outcome.result === 'challenge') return { status: 303, location: `/challenge?id=${outcome.challengeId}` };
      return { status: 303, location: finalRedirect(tx) };
    } catch (e) {
      if (e instanceof Refusal) return { status: 200, html: closed(tx) };
      throw e;
    }
  }

  return {
    showCheckout: (query: URLSearchParams) => showPayment('checkout', query.get('sessionId'), query.get('testCard')),
    payCheckout: (form: URLSearchParams) => pay('checkout', form),
    showLink: (query: URLSearchParams) => showPayment('link', query.get('linkId'), query.get('testCard')),
    payLink: (form: URLSearchParams) => pay('link', form),
    showChallenge(query: URLSearchParams): PageResponse {
      const challenge = store.challenge(query.get('id') ?? '');
      if (!challenge || challenge.used) return notFound;
      return {
        status: 200,
        html: page('3-D Secure', `<h1>Verify your payment</h1><p>Enter the one-time code. (Practice: ${challengeCode}.)</p>
<form method="post" action="/challenge"><input type="hidden" name="challengeId" value="${escape(challenge.challengeId)}">
<label for="otp">One-time code</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Verify</button></form>`),
      };
    },
    completeChallenge(form: URLSearchParams): PageResponse {
      try {
        const tx = engine.completeChallenge(form.get('challengeId') ?? '', form.get('otp') ?? '');
        return { status: 303, location: finalRedirect(tx) };
      } catch (e) {
        if (e instanceof Refusal) return notFound;
        throw e;
      }
    },
  };
}
