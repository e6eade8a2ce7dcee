// The words printed on invoices and credit notes, in English and Arabic (the document is
// drawn in main, so its words live here rather than in the renderer's catalogs).
export const documentWords = {
  invoiceTitle: ['Simplified Tax Invoice', 'فاتورة ضريبية مبسطة'],
  creditTitle: ['Credit Note', 'إشعار دائن'],
  invoiceNumber: ['Invoice number', 'رقم الفاتورة'],
  creditNumber: ['Credit note number', 'رقم الإشعار الدائن'],
  refersTo: ['For invoice', 'مرتبط بالفاتورة رقم'],
  issued: ['Issued', 'تاريخ الإصدار'],
  orderRef: ['Order reference', 'مرجع الطلب'],
  seller: ['Seller', 'البائع'],
  vatNumber: ['VAT number', 'الرقم الضريبي'],
  crNumber: ['CR number', 'رقم السجل التجاري'],
  address: ['Address', 'العنوان'],
  buyer: ['Buyer', 'المشتري'],
  email: ['E-mail', 'البريد الإلكتروني'],
  phone: ['Phone', 'الهاتف'],
  buyerVat: ['Buyer VAT number', 'الرقم الضريبي للمشتري'],
  description: ['Description', 'الوصف'],
  quantity: ['Qty', 'الكمية'],
  unitPrice: ['Unit price', 'سعر الوحدة'],
  rate: ['VAT rate', 'نسبة الضريبة'],
  taxable: ['Taxable amount', 'المبلغ الخاضع للضريبة'],
  vat: ['VAT', 'ضريبة القيمة المضافة'],
  lineTotal: ['Total', 'الإجمالي'],
  breakdown: ['VAT breakdown', 'تفاصيل ضريبة القيمة المضافة'],
  totalNet: ['Total excluding VAT', 'الإجمالي غير شامل ضريبة القيمة المضافة'],
  totalVat: ['Total VAT', 'إجمالي ضريبة القيمة المضافة'],
  totalGross: ['Total including VAT', 'الإجمالي شامل ضريبة القيمة المضافة'],
  pricesInclude: ['Unit prices include VAT', 'أسعار الوحدات شاملة ضريبة القيمة المضافة'],
  pricesExclude: ['Unit prices exclude VAT', 'أسعار الوحدات غير شاملة ضريبة القيمة المضافة'],
  zero: ['Zero-rated', 'نسبة صفرية'],
  exempt: ['Exempt', 'معفى'],
  reason: ['Reason', 'السبب'],
  refundReason: ['Reason for the refund', 'سبب الاسترداد'],
  currency: ['Amounts in', 'المبالغ بعملة'],
  payLink: ['Pay online', 'ادفع عبر الرابط'],
  zatcaQr: ['E-invoice QR code', 'رمز الفاتورة الإلكترونية'],
  refunded: ['Amount refunded', 'المبلغ المسترد'],
  refundOf: ['Refund of invoice', 'استرداد من الفاتورة'], // a credit note's line, before the invoice's number
  issuedOnLaptop: ['Issued on laptop', 'صدر على الحاسوب'], // a laptop's own number series, copied into the team ledger
  // A document of a payment made on the practice gateway or a sandbox: no money moved, so it is no tax document.
  testPractice: ['Practice document: made on Paydesk’s practice gateway; no money moved. Not valid for tax.', 'مستند تدريب: أُنشئ على بوابة التدريب في بايدسك، ولم تنتقل أي أموال. لا يُعتد به ضريبيًا.'],
  testSandbox: ['Test document: made on a gateway sandbox; no money moved. Not valid for tax.', 'مستند اختبار: أُنشئ على بيئة اختبار البوابة، ولم تنتقل أي أموال. لا يُعتد به ضريبيًا.'],
} as const satisfies Record<string, readonly [string, string]>;

export type WordKey = keyof typeof documentWords;
