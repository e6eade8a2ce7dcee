// The one HTML template of an invoice and of a credit note: Arabic and English side by side
// (or one of them), each block marked with its lang and dir so Chromium shapes the Arabic and
// lays it out right to left. Chromium turns it into the PDF (page.pdf() in the preview and the
// tests, webContents.printToPDF in Electron) and into the PNG shown in the app first. Every
// value is escaped; amounts are written with the currency's decimals, left to right.
import type { SellerDetails } from '../../contract/methods/profiles';
import { formatMinor, type CurrencyCode } from '../../contract/money';
import { formatQuantity, formatRate, type VatCategory, type VatGroup } from '../../contract/vat';
import { documentWords, type WordKey } from './document-words';
import { qrDataUrl } from './qr-svg';
import { localColumns } from '../ledger/local-time';

export type DocumentLine = { description: string; quantityMilli: number; unitMinor: number; category: VatCategory; rateBp: number; reason: string | null; netMinor: number; vatMinor: number; grossMinor: number };
export type DocumentModel = {
  kind: 'invoice' | 'credit';
  language: 'both' | 'en' | 'ar';
  number: string;
  /** The invoice a credit note corrects. */
  refersTo?: string;
  issuedAt: string;
  /** The business's zone (IANA), in which the issue time is printed with its offset. */
  timeZone: string;
  orderId: string;
  currency: CurrencyCode;
  pricesIncludeVat: boolean;
  seller: SellerDetails;
  buyer: { name: string | null; email: string | null; phone: string | null; vatNumber: string | null };
  lines: DocumentLine[];
  breakdown: VatGroup[];
  totals: { netMinor: number; vatMinor: number; grossMinor: number };
  reason?: string | null;
  payUrl?: string | null;
  zatcaQr: string;
  /** Copied into the team ledger from a laptop: its name; the number is in that laptop's own series. */
  issuedOnLaptop?: string | null;
  /**
   * The payment's environment when no money moved (practice, sandbox): printed across the top, so a
   * test invoice with the seller's real VAT number and QR code is never taken for a tax invoice.
   */
  testEnvironment?: 'practice' | 'sandbox' | null;
};

/** The currency's name in a language ("دينار كويتي", "Kuwaiti Dinar"), from the ICU data Node and Electron carry; the code if none. */
const currencyName = (code: string, language: 'en' | 'ar') => new Intl.DisplayNames([language], { type: 'currency', fallback: 'code' }).of(code) ?? code;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invoiceHtml(model: DocumentModel): string {
  const { language } = model;
  const en = language !== 'ar';
  const ar = language !== 'en';
  const money = (minor: number) => `<bdi dir="ltr" class="num">${escape(groupThousands(formatMinor(minor, model.currency)))}</bdi>`;
  /** A label in the chosen language(s): English above Arabic when both. */
  const label = (key: WordKey) => [en ? `<span lang="en" dir="ltr">${documentWords[key][0]}</span>` : '', ar ? `<span lang="ar" dir="rtl">${documentWords[key][1]}</span>` : ''].join('');
  const row = (key: WordKey, value: string) => (en && ar
    ? `<tr><th lang="en" dir="ltr">${documentWords[key][0]}</th><td dir="auto">${value}</td><th lang="ar" dir="rtl">${documentWords[key][1]}</th></tr>`
    : `<tr><th>${label(key)}</th><td dir="auto">${value}</td></tr>`);
  const ltr = (text: string) => `<bdi dir="ltr">${escape(text)}</bdi>`;
  const rateText = (g: { category: VatCategory; rateBp: number }) =>
    g.category === 'standard' ? `<bdi dir="ltr">${formatRate(g.rateBp)}%</bdi>` : `<bdi dir="ltr">0%</bdi> ${[en ? documentWords[g.category][0] : '', ar ? `<span lang="ar">${documentWords[g.category][1]}</span>` : ''].filter(Boolean).join(' / ')}`;
  // A credit note's lines are its refund's share per VAT rate: said in words, not the bare invoice number.
  const refundOf = (number: string) => [en ? `<div lang="en" dir="ltr">${documentWords.refundOf[0]} ${ltr(number)}</div>` : '', ar ? `<div lang="ar" dir="rtl">${documentWords.refundOf[1]} ${ltr(number)}</div>` : ''].join('');
  const title: WordKey = model.kind === 'invoice' ? 'invoiceTitle' : 'creditTitle';
  const issued = localIssueTime(model.issuedAt, model.timeZone);

  const sellerName = [en ? `<div lang="en" dir="ltr">${escape(model.seller.legalNameEn)}</div>` : '', ar ? `<div lang="ar" dir="rtl">${escape(model.seller.legalNameAr)}</div>` : ''].join('');
  const info = [
    row(model.kind === 'invoice' ? 'invoiceNumber' : 'creditNumber', ltr(model.number)),
    model.refersTo ? row('refersTo', ltr(model.refersTo)) : '',
    model.issuedOnLaptop ? row('issuedOnLaptop', ltr(model.issuedOnLaptop)) : '',
    row('issued', ltr(issued)),
    row('orderRef', ltr(model.orderId)),
    row('seller', sellerName),
    row('vatNumber', ltr(model.seller.vatNumber)),
    row('crNumber', ltr(model.seller.crNumber)),
    row('address', escape(model.seller.address)),
    model.buyer.name ? row('buyer', escape(model.buyer.name)) : '',
    model.buyer.email ? row('email', ltr(model.buyer.email)) : '',
    model.buyer.phone ? row('phone', ltr(model.buyer.phone)) : '',
    model.buyer.vatNumber ? row('buyerVat', ltr(model.buyer.vatNumber)) : '',
    model.reason ? row(model.kind === 'credit' ? 'refundReason' : 'reason', escape(model.reason)) : '',
    // Named as well as coded: an Arabic reader saw only "KWD" under «المبالغ بعملة».
    row('currency', [ltr(model.currency), en ? `<span lang="en" dir="ltr">${escape(currencyName(model.currency, 'en'))}</span>` : '', ar ? `<span lang="ar" dir="rtl">${escape(currencyName(model.currency, 'ar'))}</span>` : ''].filter(Boolean).join(' · ')),
  ].join('');

  const lines = model.lines.map((l, i) => `<tr>
    <td class="num">${i + 1}</td>
    <td dir="auto" class="desc">${model.kind === 'credit' && model.refersTo ? refundOf(model.refersTo) : escape(l.description)}${l.reason ? `<div class="reason" dir="auto">${escape(l.reason)}</div>` : ''}</td>
    <td class="num">${pricesPrinted(l) ? ltr(formatQuantity(l.quantityMilli)) : ''}</td>
    <td class="num">${pricesPrinted(l) ? money(l.unitMinor) : ''}</td>
    <td class="num">${rateText(l)}</td>
    <td class="num">${money(l.netMinor)}</td>
    <td class="num">${money(l.vatMinor)}</td>
    <td class="num">${money(l.grossMinor)}</td></tr>`).join('');
  const breakdown = model.breakdown.map((g) => `<tr><td class="num">${rateText(g)}</td><td class="num">${money(g.netMinor)}</td><td class="num">${money(g.vatMinor)}</td></tr>`).join('');
  // The totals carry the currency's code, as every amount on the screens does: a total is what is
  // read out and copied ("SAR 1,173.00"), and "Amounts in" sat a page's height above it. The columns
  // keep bare numbers under that one "Amounts in" line. Arabic alone puts the code after (as the app does).
  const coded = (minor: number) => `<bdi dir="ltr" class="num">${escape(language === 'ar' ? `${groupThousands(formatMinor(minor, model.currency))} ${model.currency}` : `${model.currency} ${groupThousands(formatMinor(minor, model.currency))}`)}</bdi>`;
  const total = (key: WordKey, minor: number, strong = false) => `<tr class="${strong ? 'grand' : ''}"><th>${label(key)}</th><td class="num">${coded(minor)}</td></tr>`;
  // Said only under unit prices: a credit note's lines (its refund's share per rate) print none.
  const pricesNote = model.lines.some(pricesPrinted) ? `<p class="note">${label(model.pricesIncludeVat ? 'pricesInclude' : 'pricesExclude')}</p>` : '';
  const logo = model.seller.logo ? `<img class="logo" src="${escape(model.seller.logo)}" alt="">` : '';
  const testKey: WordKey | null = model.testEnvironment === 'practice' ? 'testPractice' : model.testEnvironment === 'sandbox' ? 'testSandbox' : null;
  const testMark = testKey ? `<p class="test-mark" data-test-mark="${model.testEnvironment}">${[en ? `<span lang="en" dir="ltr">${documentWords[testKey][0]}</span>` : '', ar ? `<span lang="ar" dir="rtl">${documentWords[testKey][1]}</span>` : ''].join('')}</p>` : '';
  const qr = (data: string, key: WordKey, testId: string) => `<figure data-qr="${testId}"><img src="${qrDataUrl(data)}" alt=""><figcaption>${label(key)}</figcaption></figure>`;

  return `<!doctype html>
<html lang="${language === 'ar' ? 'ar' : 'en'}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${escape(model.number)}</title>
<style>
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 9pt/1.3 'Noto Sans', 'DejaVu Sans', Arial, sans-serif; color: #111; }
[lang="ar"] { font-family: 'Noto Naskh Arabic', 'Noto Sans Arabic', 'Geeza Pro', 'Traditional Arabic', serif; font-size: 1.08em; }
body { padding: 0 1px; }
header { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 2px solid #222; padding-bottom: 3mm; margin-bottom: 4mm; gap: 4mm; }
header h1 { margin: 0; font-size: 16pt; }
header .side { flex: 1; }
header .side[lang="ar"] { text-align: right; }
.logo { display: block; max-height: 16mm; max-width: 40mm; margin-top: 2mm; }
table { border-collapse: collapse; width: 100%; margin-bottom: 3mm; }
th, td { border: 1px solid #bbb; padding: 0.7mm 1.6mm; vertical-align: top; text-align: start; }
th { background: #f1f1f1; font-weight: 600; }
th span, h2 span, .note span, figcaption span { display: block; }
.lines { font-size: 8.5pt; }
.info th { width: 30%; }
.info td { text-align: center; }
.num { text-align: end; white-space: nowrap; }
.reason { color: #444; font-size: 0.9em; }
h2 { font-size: 10.5pt; margin: 2mm 0; }
.totals { width: 60%; margin-inline-start: auto; }
.totals .grand th, .totals .grand td { font-size: 11pt; font-weight: 700; background: #e6e6e6; }
.note { color: #333; }
.test-mark { border: 0.6mm solid #b00020; color: #b00020; font-weight: 700; text-align: center; padding: 1.5mm; margin: 0 0 2mm; }
.test-mark span { display: block; }
.codes { display: flex; gap: 4mm; }
figure { margin: 0; text-align: center; font-size: 7.5pt; }
figure img { width: 32mm; height: 32mm; display: block; margin: 0 auto; }
</style></head>
<body>
<header>
${en ? `<div class="side" lang="en" dir="ltr"><h1>${documentWords[title][0]}</h1>${logo}</div>` : ''}
<section class="codes">${model.payUrl ? qr(model.payUrl, 'payLink', 'link') : ''}${qr(model.zatcaQr, 'zatcaQr', 'zatca')}</section>
${ar ? `<div class="side" lang="ar" dir="rtl"><h1>${documentWords[title][1]}</h1>${en ? '' : logo}</div>` : ''}
</header>
${testMark}
<table class="info">${info}</table>
<table class="lines">
<thead><tr><th>#</th><th>${label('description')}</th><th>${label('quantity')}</th><th>${label('unitPrice')}</th><th>${label('rate')}</th><th>${label('taxable')}</th><th>${label('vat')}</th><th>${label('lineTotal')}</th></tr></thead>
<tbody>${lines}</tbody></table>
${pricesNote}
<h2>${label('breakdown')}</h2>
<table class="breakdown"><thead><tr><th>${label('rate')}</th><th>${label('taxable')}</th><th>${label('vat')}</th></tr></thead><tbody>${breakdown}</tbody></table>
<table class="totals">${total('totalNet', model.totals.netMinor)}${total('totalVat', model.totals.vatMinor)}${total(model.kind === 'credit' ? 'refunded' : 'totalGross', model.totals.grossMinor, true)}</table>
</body></html>`;
}

/**
 * "2026-11-30 09:25 UTC+03:00": the issue time on the business's clock, its offset said so that
 * it reads the same anywhere. It printed UTC ("06:25 UTC"), three hours off a Riyadh shop's own
 * time. The ZATCA QR code keeps the same instant in UTC (zatca-qr.ts).
 */
export function localIssueTime(iso: string, zone: string): string {
  const [local] = localColumns(zone)(iso);
  return local ? `${local.slice(0, 10)} ${local.slice(11, 16)} UTC${local.slice(19)}` : iso;
}

/** A line with a quantity prints its unit price; a credit note's lines have neither. */
const pricesPrinted = (line: DocumentLine) => line.quantityMilli > 0;

/** "12345.50" → "12,345.50" (digits only ever from formatMinor). */
function groupThousands(text: string): string {
  const [whole, fraction] = text.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
