// The messages a getting-paid form shows next to its fields. A field told of a problem is checked
// again as it is edited: its message goes as soon as the value is right, or becomes the new
// problem (it used to stay until the next Save, wrong beside a value already fixed). Fields not
// told yet are left alone while the person types; Save tells them.
import { useState } from 'react';
import type { AppError } from '../../../../contract/result';
import { useWordedError } from '../../i18n/words';

/** A field's message by its path ("customer.email"), in the user's language. */
export type FieldErrors = Record<string, string>;
/** The id of a form's field element, from the form's name and the field's path. Here, not in form-kit: the transactions dialogs use these without the forms' code. */
export const fieldId = (form: string, path: string) => `${form}-${path.replace(/\./g, '-')}`;

/** `main`: the fields main's error still speaks for; the error is kept as it came and worded at each draw (it follows a change of language). */
type Told = { checked: string[]; main: string[]; mainError?: AppError };

/**
 * `current`: the form's own check of what it holds now, in the user's language, every render.
 * Main's message for a field (a rule only main knows, such as an order id already used) stays
 * until that field is edited; from then on the form's own check speaks for it. `ownWords`: the
 * form's own words for a field main refused, in place of main's (an invoice line's).
 */
export function useFieldErrors(form: string, current: FieldErrors, ownWords?: (path: string) => string | undefined) {
  const [told, setTold] = useState<Told>({ checked: [], main: [] });
  const wordError = useWordedError();
  const errors: FieldErrors = {};
  for (const path of told.checked) if (current[path]) errors[path] = current[path];
  const mainFields = told.mainError ? wordError(told.mainError).fields ?? {} : {};
  for (const path of told.main) errors[path] = ownWords?.(path) ?? mainFields[path] ?? '';
  return {
    errors,
    /** Save found these problems: shown now, and re-checked from now on as their fields change. Whether there were any. */
    tell(problems: Record<string, unknown>): boolean {
      setTold((old) => ({ checked: [...new Set([...old.checked, ...Object.keys(problems)])], main: [] }));
      return Object.keys(problems).length > 0;
    },
    /** Main refused: the fields its error names, in its words. */
    tellMain(error: AppError) {
      setTold((old) => ({ checked: old.checked, main: Object.keys(error.fields ?? {}), mainError: error }));
    },
    /** On the form's onChange: an edited field's message from main gives way to the form's own check. */
    edited(e: React.FormEvent<HTMLFormElement>) {
      const id = (e.target as HTMLElement).id;
      const path = told.main.find((p) => fieldId(form, p) === id);
      if (!path) return;
      setTold((old) => ({ ...old, checked: [...new Set([...old.checked, path])], main: old.main.filter((p) => p !== path) }));
    },
    clear() {
      setTold({ checked: [], main: [] });
    },
  };
}
