// A bulk file's column as a problem names it: in the reader's language, with the file's own header
// beside it ("Customer e-mail (customerEmail)"), the word a person looks for in the spreadsheet.
import type { MessageKey } from '../../i18n';

const columnNames: Record<string, MessageKey> = {
  orderId: 'gp.orderId', amount: 'gp.amount', currency: 'gp.currency', description: 'gp.description',
  customerName: 'gp.customer.name', customerEmail: 'gp.customer.email', customerPhone: 'gp.customer.phone',
  issueDate: 'gp.issueDate', expireDate: 'gp.expireDate', vat_rate: 'gp.bulk.column.vatRate', vat_reason: 'gp.bulk.column.vatReason',
};
/** A send's refusal names the link form's fields: the columns they came from. */
const fieldColumns: Record<string, string> = { 'customer.name': 'customerName', 'customer.email': 'customerEmail', 'customer.phone': 'customerPhone' };
/** Not a column of the file: a problem with the customer's details as a whole. */
const customerKey: MessageKey = 'gp.bulk.column.customer';

/** `header`: the file's own header name, null when the problem is not about one column of it. */
export function bulkColumn(column: string, t: (key: MessageKey) => string): { name: string; header: string | null } {
  const header = Object.hasOwn(fieldColumns, column) ? fieldColumns[column]! : column;
  if (Object.hasOwn(columnNames, header)) return { name: t(columnNames[header]!), header };
  if (header === 'customer') return { name: t(customerKey), header: null };
  return { name: header, header: null }; // a column a newer Paydesk checks: its own name
}
