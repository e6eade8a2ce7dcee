// The customer-facing pages the practice gateway serves: the hosted checkout page, the
// payment-link page, the 3-D Secure page and the result page. Plain HTML forms, no script,
// readable in any browser; every value shown is escaped. Each in English or Arabic
// (page-words.ts): the language the customer chose with the page's switch, else their browser's.
import { amountFormat, intlAmount } from '../../contract/amount-words';
import type { PracticeEngine } from './engine';
import { challengeCode, testCards, type Transaction } from './model';
import { languageNames, wordsOf, type PageLanguage } from './page-words';
import { Refusal } from './request-fields';
import type { PracticeStore } from './store';

export type PageResponse = { status: number; html?: string; location?: string };
/** A page asked for: its query or form, its language (pageLanguage), and this gateway's own origin. */
export type PageRequest = { params: URLSearchParams; language: PageLanguage; origin: string };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A left-to-right token (an amount, an order id, a card) kept whole inside Arabic text. */
const ltr = (text: string) => `<bdi dir="ltr">${escape(text)}</bdi>`;
const search = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
/** The same, inside an attribute. */
const query = (params: Record<string, string>) => escape(search(params));

/**
 * The switch to the other language: the same page asked again with `lang`, its other values kept
 * (`keep`: never a card field: a refused payment's page keeps only the link's or session's id).
 */
function languageSwitch(language: PageLanguage, keep: Record<string, string>): string {
  const names = (['en', 'ar'] as const).map((other) =>
    other === language
      ? `<span lang="${other}" aria-current="true">${languageNames[other]}</span>`
      : `<a href="${query({ ...keep, lang: other })}" lang="${other}" hreflang="${other}">${languageNames[other]}</a>`);
  return `<nav class="languages" aria-label="${escape(wordsOf(language)('languages'))}">${names.join(' / ')}</nav>`;
}

function page(language: PageLanguage, title: string, body: string, keep: Record<string, string>): string {
  const w = wordsOf(language);
  return `<!doctype html><html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · ${escape(w('practiceGateway'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
label{display:block;margin-top:.75rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;font:inherit;padding:.5rem 1rem}.note{color:#555;font-size:.9rem}.amount{font-size:1.5rem;font-weight:600}
.languages{text-align:end}</style>
</head><body>${languageSwitch(language, keep)}<p class="note">${escape(w('practiceNote'))}</p>${body}</body></html>`;
}

/** An amount as Paydesk shows it in that language (contract/amount-words.ts: Latin digits, the currency's exponent). */
const amountText = (tx: Transaction, language: PageLanguage) => intlAmount(amountFormat(language, tx.currency), tx.amountMinor, tx.currency);

function summary(tx: Transaction, language: PageLanguage): string {
  const w = wordsOf(language);
  return `<h1>${escape(tx.description ?? w('noDescription'))}</h1>
<p class="amount">${ltr(amountText(tx, language))}</p>
<p>${escape(w('order'))} ${ltr(tx.orderId)}</p>`;
}

const outcomeKeys = { approve: 'outcomeApprove', challenge: 'outcomeChallenge', decline: 'outcomeDecline' } as const;
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

// "Fill in" beside each test card puts it in the form (the page asked again with `testCard`, no
// script, and no card number in an address): paying a practice link took 38 key presses and clicks
// copying 16 digits from the list, where a typo declines. Card fields stay left to right in Arabic.
function cardForm(language: PageLanguage, action: string, hidden: Record<string, string>, testCard: string | null): string {
  const w = wordsOf(language);
  const inputs = Object.entries(hidden).map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`).join('');
  const chosen = Object.entries(testCards).find(([, card]) => card.outcome === testCard);
  const [number, card] = chosen ?? ['', undefined];
  const value = (text: string | undefined) => (card && text ? ` value="${escape(text)}"` : '');
  const list = Object.entries(testCards).map(([n, c]) =>
    `<li>${ltr(`${grouped(n)}, ${c.expiry}, ${c.cvv}`)}: ${escape(w(outcomeKeys[c.outcome], { code: challengeCode }))} <a href="${query({ ...hidden, testCard: c.outcome })}">${escape(w('fillIn'))}</a></li>`).join('');
  return `<form method="post" action="${action}">${inputs}
<label for="cardNumber">${escape(w('cardNumber'))}</label><input id="cardNumber" name="cardNumber" dir="ltr" inputmode="numeric" autocomplete="cc-number" required${value(grouped(number))}>
<label for="cardHolder">${escape(w('cardHolder'))}</label><input id="cardHolder" name="cardHolder" dir="auto" autocomplete="cc-name" required${value('TEST CARD')}>
<label for="expiry">${escape(w('expiry'))}</label><input id="expiry" name="expiry" dir="ltr" autocomplete="cc-exp" placeholder="01/39" required${value(card?.expiry)}>
<label for="cvv">${escape(w('cvv'))}</label><input id="cvv" name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc" required${value(card?.cvv)}>
<button type="submit">${escape(w('pay'))}</button></form>
<details class="note"><summary>${escape(w('testCards'))}</summary><ul>${list}</ul></details>`;
}

function closed(tx: Transaction, language: PageLanguage, keep: Record<string, string>): string {
  const w = wordsOf(language);
  const said = tx.status === 'EXPIRED' ? w('closedExpired') : tx.status === 'DECLINED' ? w('closedDeclined') : w('closedPaid');
  return page(language, w('paymentTitle'), `${summary(tx, language)}<p role="status">${escape(said)}</p>`, keep);
}

function notFound(language: PageLanguage, keep: Record<string, string> = {}): PageResponse {
  const w = wordsOf(language);
  return { status: 404, html: page(language, w('notFoundTitle'), `<h1>${escape(w('notFoundHeading'))}</h1><p>${escape(w('notFoundBody'))}</p>`, keep) };
}

/**
 * Where the customer goes at the end: the merchant's success or failure URL with the results
 * added. Only this gateway's own result page (`/done`) is told the language too: a merchant's
 * URL gets no field the interface does not name.
 */
export function finalRedirect(tx: Transaction, request?: Pick<PageRequest, 'language' | 'origin'>): string {
  const approved = tx.status !== 'DECLINED';
  const url = new URL(approved ? tx.successUrl : tx.failureUrl);
  url.searchParams.set('orderId', tx.orderId);
  url.searchParams.set('transactionId', tx.transactionId);
  url.searchParams.set('status', tx.status);
  if (request && url.origin === request.origin && url.pathname === '/done') url.searchParams.set('lang', request.language);
  return url.href;
}

/** Every value of a GET page's address, for its language switch (a GET address carries no card). */
const allOf = (params: URLSearchParams) => Object.fromEntries([...params].filter(([name]) => name !== 'lang'));

/** Where practice customers land when the merchant set no success or failure URL of their own. */
export function donePage({ params, language }: PageRequest): PageResponse {
  const w = wordsOf(language);
  const success = params.get('result') === 'success';
  const [title, body] = success ? [w('doneSuccessTitle'), w('doneSuccessBody')] : [w('doneFailureTitle'), w('doneFailureBody')];
  return { status: 200, html: page(language, title, `<h1>${escape(title)}</h1><p>${escape(body)}</p>`, allOf(params)) };
}

export function createPages(engine: PracticeEngine, store: PracticeStore) {
  const lookup = (kind: 'checkout' | 'link', id: string | null) => {
    const tx = id ? (kind === 'checkout' ? store.bySession(id) : store.byLink(id)) : undefined;
    return tx ? engine.refreshExpiry(tx) : undefined;
  };
  const idOf = (kind: 'checkout' | 'link', tx: Transaction): Record<string, string> => (kind === 'checkout' ? { sessionId: tx.sessionId! } : { linkId: tx.linkId! });

  function showPayment(kind: 'checkout' | 'link', { params, language }: PageRequest): PageResponse {
    const tx = lookup(kind, params.get(kind === 'checkout' ? 'sessionId' : 'linkId'));
    if (!tx) return notFound(language, allOf(params));
    if ((tx.status !== 'PENDING' && tx.status !== 'UNPAID') || tx.card) return { status: 200, html: closed(tx, language, allOf(params)) };
    const form = cardForm(language, `/${kind}`, { ...idOf(kind, tx), lang: language }, params.get('testCard'));
    return { status: 200, html: page(language, wordsOf(language)('paymentTitle'), summary(tx, language) + form, allOf(params)) };
  }

  function pay(kind: 'checkout' | 'link', request: PageRequest): PageResponse {
    const form = request.params;
    const tx = lookup(kind, form.get(kind === 'checkout' ? 'sessionId' : 'linkId'));
    if (!tx) return notFound(request.language);
    const [month = '', year = ''] = (form.get('expiry') ?? '').split('/').map((part) => part.trim());
    try {
      const outcome = engine.payWithCard(tx, {
        number: form.get('cardNumber') ?? '',
        holder: form.get('cardHolder') ?? '',
        expiryMonth: month,
        expiryYear: year.length === 2 ? `20${year}` : year,
        cvv: (form.get('cvv') ?? '').trim(),
      });
      if (outcome.result === 'challenge') return { status: 303, location: `/challenge${search({ id: outcome.challengeId!, lang: request.language })}` };
      return { status: 303, location: finalRedirect(tx, request) };
    } catch (e) {
      if (e instanceof Refusal) return { status: 200, html: closed(tx, request.language, idOf(kind, tx)) };
      throw e;
    }
  }

  return {
    showCheckout: (request: PageRequest) => showPayment('checkout', request),
    payCheckout: (request: PageRequest) => pay('checkout', request),
    showLink: (request: PageRequest) => showPayment('link', request),
    payLink: (request: PageRequest) => pay('link', request),
    showChallenge({ params, language }: PageRequest): PageResponse {
      const challenge = store.challenge(params.get('id') ?? '');
      if (!challenge || challenge.used) return notFound(language);
      const w = wordsOf(language);
      return {
        status: 200,
        html: page(language, w('challengeTitle'), `<h1>${escape(w('challengeHeading'))}</h1><p>${escape(w('challengeBody', { code: challengeCode }))}</p>
<form method="post" action="/challenge"><input type="hidden" name="challengeId" value="${escape(challenge.challengeId)}"><input type="hidden" name="lang" value="${language}">
<label for="otp">${escape(w('challengeCode'))}</label><input id="otp" name="otp" dir="ltr" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">${escape(w('verify'))}</button></form>`, allOf(params)),
      };
    },
    completeChallenge(request: PageRequest): PageResponse {
      try {
        const tx = engine.completeChallenge(request.params.get('challengeId') ?? '', request.params.get('otp') ?? '');
        return { status: 303, location: finalRedirect(tx, request) };
      } catch (e) {
        if (e instanceof Refusal) return notFound(request.language);
        throw e;
      }
    },
    showDone: donePage,
  };
}
