// The description of a link whose invoice's lines make it (none typed): the gateway keeps it with
// the order and shows it to the customer on its pay page. The lines are joined in the invoice's
// language, the one chosen for the customer, not the app's (the person's at the keyboard, and
// another laptop's may differ): "كتاب، Export" in Arabic, "Book, Export" in English. An invoice in
// both languages follows its first line, whose first letter sets the direction the whole
// description is read in (as `dir="auto"` does). Built once, as the link is made: a description
// already sent is kept with its payment and never built again (docs/invoices.md).
import type { invoiceLanguages } from '../../contract/methods/invoices';

export function linesDescription(lines: ReadonlyArray<{ description: string }>, language: (typeof invoiceLanguages)[number]): string {
  const arabic = language === 'ar' || (language === 'both' && startsInArabic(lines[0]?.description ?? ''));
  return lines.map((l) => l.description).join(arabic ? '، ' : ', ').slice(0, 500);
}

const startsInArabic = (text: string) => /\p{Script=Arabic}/u.test(text.match(/\p{L}/u)?.[0] ?? '');
