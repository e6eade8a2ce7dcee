// Which documents carry the test mark (the eleventh walk, docs/invoices.md "Test documents"): those
// of a payment made on the practice gateway or a sandbox, in the document's language(s); never a
// production one, which is the tax document. The drawn PDF's text: invoice-service.test.ts.
import { describe, expect, it } from 'vitest';
import { invoiceHtml, type DocumentModel } from '../../main/invoices/invoice-document';
import { seller } from '../support/seller';

const model = (over: Partial<DocumentModel>): DocumentModel => ({
  kind: 'invoice', language: 'both', number: 'INV-000001', issuedAt: '2026-12-01T09:00:00.000Z', timeZone: 'Asia/Riyadh', orderId: 'INV-DEC-01',
  currency: 'SAR', pricesIncludeVat: true, seller, buyer: { name: 'Muna', email: null, phone: null, vatNumber: null },
  lines: [{ description: 'Bag', quantityMilli: 1000, unitMinor: 34500, category: 'standard', rateBp: 1500, reason: null, netMinor: 30000, vatMinor: 4500, grossMinor: 34500 }],
  breakdown: [{ category: 'standard', rateBp: 1500, netMinor: 30000, vatMinor: 4500, grossMinor: 34500 }], totals: { netMinor: 30000, vatMinor: 4500, grossMinor: 34500 },
  zatcaQr: 'AQ==', ...over,
});
const mark = (html: string) => /<p class="test-mark" data-test-mark="(\w+)">(.*?)<\/p>/.exec(html);

describe('the test mark on invoices and credit notes', () => {
  it('says a sandbox document moved no money, in English and Arabic', () => {
    const found = mark(invoiceHtml(model({ testEnvironment: 'sandbox' })))!;
    expect(found[1]).toBe('sandbox');
    expect(found[2]).toContain('Test document: made on a gateway sandbox; no money moved. Not valid for tax.');
    expect(found[2]).toContain('مستند اختبار: أُنشئ على بيئة اختبار البوابة، ولم تنتقل أي أموال. لا يُعتد به ضريبيًا.');
  });

  it('is in the document’s one language only when it has one', () => {
    const arabic = mark(invoiceHtml(model({ kind: 'credit', refersTo: 'INV-000001', language: 'ar', testEnvironment: 'practice' })))![2]!;
    expect(arabic).toContain('مستند تدريب');
    expect(arabic).not.toContain('Practice document');
    const english = mark(invoiceHtml(model({ language: 'en', testEnvironment: 'practice' })))![2]!;
    expect(english).toContain('Practice document: made on Paydesk’s practice gateway; no money moved.');
    expect(english).not.toContain('مستند');
  });

  it('is not on a production document', () => {
    expect(mark(invoiceHtml(model({ testEnvironment: null })))).toBeNull();
    expect(invoiceHtml(model({}))).not.toContain('data-test-mark');
  });
});
