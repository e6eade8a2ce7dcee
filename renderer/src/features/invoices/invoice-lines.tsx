// The line items of an invoice in the link form: description, quantity, unit price, VAT rate
// (15% by default; 0% and exempt with a reason), prices with or without VAT, and the totals as
// main will compute them (the same rule, contract/vat.ts), shown while typing.
import { useEffect, useState } from 'react';
import { toAsciiDigits } from '../../../../contract/digits';
import { parseAmount, type CurrencyCode } from '../../../../contract/money';
import { computeInvoice, parseQuantity, parseRatePercent, type VatCategory } from '../../../../contract/vat';
import { useT, type MessageKey } from '../../i18n';
import { Amount } from '../get-paid/outcome';
import { fieldId, TextField, type FieldErrors } from '../get-paid/form-kit';
import { amountProblem } from '../get-paid/validate';
import { useLanguage, wordReason } from '../../i18n';
import { Field } from '../settings/field';
import { typedDir } from '../../ui/typed-dir';

export type LineDraft = { description: string; quantity: string; unitPrice: string; vat: VatCategory; rate: string; reason: string };
export const emptyLine = (): LineDraft => ({ description: '', quantity: '1', unitPrice: '', vat: 'standard', rate: '15', reason: '' });

/** The renderer's own check of the lines, in the user's language; main checks again. */
export function checkLines(lines: LineDraft[], currency: CurrencyCode): Record<string, MessageKey> {
  const problems: Record<string, MessageKey> = {};
  lines.forEach((line, i) => {
    if (!line.description.trim()) problems[`lines.${i}.description`] = 'inv.check.description';
    const quantity = quantityProblem(line.quantity);
    if (quantity) problems[`lines.${i}.quantity`] = quantity;
    if (!parseAmount(line.unitPrice, currency).ok) problems[`lines.${i}.unitPrice`] = 'inv.check.unitPrice';
    if (line.vat === 'standard' && !parseRatePercent(line.rate || '15')) problems[`lines.${i}.rate`] = 'inv.check.rate';
    if (line.vat !== 'standard' && !line.reason.trim()) problems[`lines.${i}.reason`] = 'inv.check.reason';
  });
  return problems;
}

/**
 * What is wrong with a quantity as typed, said for what was typed: a comma (a decimal comma, or a
 * thousands separator, which a quantity of 3 decimals cannot tell from one: "1,000"), a fourth
 * decimal, zero. Before, all of them said "Enter a quantity above 0, with at most 3 decimals."
 * and only at Create, while the totals showed "—" without a word.
 */
export function quantityProblem(text: string): MessageKey | undefined {
  if (parseQuantity(text) !== undefined) return undefined;
  const typed = toAsciiDigits(text).trim().replace(/\u066B/g, '.');
  if (/[,\u066C\u060C]/.test(typed)) return 'inv.check.quantityComma';
  const plain = /^(\d+)(?:\.(\d*))?$/.exec(typed);
  if (plain && (plain[2] ?? '').length > 3) return 'inv.check.quantityDecimals';
  if (plain && /^0*$/.test(plain[1]! + (plain[2] ?? ''))) return 'inv.check.quantityZero';
  return 'inv.check.quantity';
}

/** A VAT rate with a comma or a third decimal, said as it is typed; anything else at Create ("Enter the VAT rate in percent, for example 15."). */
export function rateProblem(text: string): MessageKey | undefined {
  const typed = toAsciiDigits(text).trim().replace(/\u066B/g, '.').replace(/[%\u066A]$/, '');
  if (/^\d+[,\u066C\u060C]\d+$/.test(typed)) return 'inv.check.rateComma';
  if (/^\d+\.\d{3,}$/.test(typed)) return 'inv.check.rateDecimals';
  return undefined;
}

/** Said as it is typed (as the unit price's decimals are): what is certainly wrong, not a quantity half typed ("0" before "0.5"). */
const quantitySaidWhileTyping = new Set<MessageKey>(['inv.check.quantityComma', 'inv.check.quantityDecimals']);

/** Totals of the lines that can be read so far; undefined while none can. */
export function draftTotals(lines: LineDraft[], currency: CurrencyCode, pricesIncludeVat: boolean) {
  const read = lines.flatMap((l) => {
    const quantityMilli = parseQuantity(l.quantity);
    const price = parseAmount(l.unitPrice, currency);
    if (quantityMilli === undefined || !price.ok) return [];
    // A rate that cannot be read leaves its line out, as a quantity or price does: the totals were
    // drawn at 15% beside a rate field saying "15,5" (walk of 2026-11-30).
    const rateBp = l.vat === 'standard' ? parseRatePercent(l.rate || '15') : 0;
    if (rateBp === undefined || (l.vat === 'standard' && !rateBp)) return [];
    return [{ quantityMilli, unitMinor: price.minor, category: l.vat, rateBp }];
  });
  if (read.length === 0) return undefined;
  try {
    return computeInvoice(read, pricesIncludeVat);
  } catch {
    return undefined;
  }
}

/** `errors`: the form's (get-paid/field-errors.ts): a line's message is checked again as its field is edited. */
export function InvoiceLines({ form, lines, setLines, currency, pricesIncludeVat, setPricesIncludeVat, errors }: {
  form: string; lines: LineDraft[]; setLines(next: LineDraft[]): void; currency: CurrencyCode; pricesIncludeVat: boolean; setPricesIncludeVat(v: boolean): void; errors: FieldErrors;
}) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  /** Main's error for the field, or what is wrong with the price as typed, live. */
  const priceError = (price: string, path: string): FieldErrors => {
    const problem = price.trim() ? amountProblem(price, currency) : undefined;
    const live = problem && wordReason(language, problem);
    return live ? { ...errors, [path]: live } : errors;
  };
  const quantityError = (quantity: string, path: string): FieldErrors => {
    const problem = quantityProblem(quantity);
    return problem && quantitySaidWhileTyping.has(problem) ? { ...errors, [path]: t(problem) } : errors;
  };
  const rateError = (rate: string, path: string): FieldErrors => {
    const problem = rateProblem(rate);
    return problem ? { ...errors, [path]: t(problem) } : errors;
  };
  const set = (index: number, key: keyof LineDraft) => (value: string) => {
    setLines(lines.map((l, i) => (i === index ? { ...l, [key]: value } : l)));
  };
  const totals = draftTotals(lines, currency, pricesIncludeVat);
  // A line added or removed takes the keyboard to a line's first field: before, it stayed on
  // "Add a line" (six Shift+Tabs back to the new line) or fell to the page's start.
  const [focusLine, setFocusLine] = useState<number>();
  useEffect(() => {
    if (focusLine === undefined) return;
    document.getElementById(fieldId(form, `lines.${focusLine}.description`))?.focus();
    setFocusLine(undefined);
  }, [focusLine, form]);
  const addLine = () => {
    setLines([...lines, emptyLine()]);
    setFocusLine(lines.length);
  };
  const removeLine = (index: number) => {
    setLines(lines.filter((_, j) => j !== index));
    setFocusLine(Math.min(index, lines.length - 2));
  };
  return (
    <fieldset className="gp-group inv-lines" data-testid="invoice-lines">
      <legend>{t('inv.lines')}</legend>
      {lines.map((line, i) => (
        <fieldset key={i} className="inv-line" data-testid="invoice-line">
          <legend>{t('inv.line', { n: String(i + 1) })}</legend>
          {/* One row, as on the printed invoice: description, quantity, price, VAT, rate (invoices.css). */}
          <div className="gp-row inv-line-fields">
            <TextField form={form} path={`lines.${i}.description`} label={t('inv.line.description')} value={line.description} dir={typedDir(line.description)} onChange={set(i, 'description')} errors={errors} autoComplete="off" />
            <TextField form={form} path={`lines.${i}.quantity`} label={t('inv.line.quantity')} value={line.quantity} onChange={set(i, 'quantity')} errors={quantityError(line.quantity, `lines.${i}.quantity`)} ltr inputMode="decimal" autoComplete="off" />
            {/* The price as typed; what cannot be sent in the currency is said next to it. */}
            <TextField form={form} path={`lines.${i}.unitPrice`} label={t('inv.line.unitPrice')} value={line.unitPrice} onChange={set(i, 'unitPrice')} errors={priceError(line.unitPrice, `lines.${i}.unitPrice`)} ltr inputMode="decimal" autoComplete="off" />
            <Field id={fieldId(form, `lines.${i}.vat`)} label={t('inv.line.vat')}>
              <select id={fieldId(form, `lines.${i}.vat`)} value={line.vat} onChange={(e) => set(i, 'vat')(e.target.value)}>
                <option value="standard">{t('inv.line.vat.standard')}</option>
                <option value="zero">{t('inv.line.vat.zero')}</option>
                <option value="exempt">{t('inv.line.vat.exempt')}</option>
              </select>
            </Field>
            {line.vat === 'standard' && <TextField form={form} path={`lines.${i}.rate`} label={t('inv.line.rate')} value={line.rate} onChange={set(i, 'rate')} errors={rateError(line.rate, `lines.${i}.rate`)} ltr inputMode="decimal" autoComplete="off" />}
          </div>
          {line.vat !== 'standard' && <TextField form={form} path={`lines.${i}.reason`} label={t('inv.line.reason')} value={line.reason} dir={typedDir(line.reason)} onChange={set(i, 'reason')} errors={errors} autoComplete="off" />}
          {lines.length > 1 && <button type="button" onClick={() => removeLine(i)} data-testid="invoice-line-remove">{t('inv.line.remove', { n: String(i + 1) })}</button>}
        </fieldset>
      ))}
      <div className="gp-row inv-line-actions">
        <button type="button" onClick={addLine} data-testid="invoice-line-add">{t('inv.line.addAnother')}</button>
        <label className="inv-check"><input type="checkbox" checked={pricesIncludeVat} onChange={(e) => setPricesIncludeVat(e.target.checked)} data-testid="invoice-prices-include-vat" /> {t('inv.pricesIncludeVat')}</label>
      </div>
      <dl className="inv-totals" data-testid="invoice-totals" aria-live="polite">
        <dt>{t('inv.totals.net')}</dt><dd>{totals ? <Amount minor={totals.netMinor} currency={currency} /> : '—'}</dd>
        <dt>{t('inv.totals.vat')}</dt><dd>{totals ? <Amount minor={totals.vatMinor} currency={currency} /> : '—'}</dd>
        <dt>{t('inv.totals.total')}</dt><dd data-testid="invoice-total">{totals ? <Amount minor={totals.totalMinor} currency={currency} /> : '—'}</dd>
      </dl>
    </fieldset>
  );
}
