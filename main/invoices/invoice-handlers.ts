// The invoice methods of the contract: parse (done by createHandlers), call the service, answer.
import type { Implementations } from '../api/create-handlers';
import type { InvoiceService } from './invoice-service';

type Names = 'createInvoice' | 'getInvoice' | 'invoiceNumbers' | 'findDocumentNumber' | 'invoiceRegister' | 'invoiceDocument' | 'openInvoiceDocument';

export function invoiceHandlers(deps: { invoices: InvoiceService }): Pick<Implementations, Names> {
  const { invoices } = deps;
  return {
    createInvoice: (input, ctx) => invoices.create(input, ctx),
    getInvoice: ({ paymentId }) => invoices.get(paymentId),
    invoiceNumbers: ({ paymentIds }) => invoices.numbers(paymentIds),
    findDocumentNumber: ({ number }) => invoices.findNumber(number),
    invoiceRegister: (input) => invoices.register(input),
    invoiceDocument: (input) => invoices.document(input),
    openInvoiceDocument: (input) => invoices.open(input),
  };
}
