// The messages a getting-paid form shows next to its fields. A field told of a problem is checked
// again as it is edited: its message goes as soon as the value is right, or becomes the new
// problem (it used to stay until the next Save, wrong beside a value already fixed). Fields not
// told yet are left alone while the person types; Save tells them.
import { useState } from 'react';

/** A field's message by its path ("customer.email"), in the user's language. */
export type FieldErrors = Record<string, string>;
/** The id of a form's field element, from the form's name and the field's path. Here, not in form-kit: the transactions dialogs use these without the forms' code. */
export const fieldId = (form: string, path: string) => `${form}-${path.replace(/\./g, '-')}`;

type Told = { checked: string[]; main: FieldErrors };

/**
 * `current`: the form's own check of what it holds now, in the user's language, every render.
 * Main's message for a field (a rule only main knows, such as an order id already used) stays
 * until that field is edited; from then on the form's own check speaks for it.
 */
export function useFieldErrors(form: string, current: FieldErrors) {
  const [told, setTold] = useState<Told>({ checked: [], main: {} });
  const errors: FieldErrors = {};
  for (const path of told.checked) if (current[path]) errors[path] = current[path];
  Object.assign(errors, told.main);
  return {
    errors,
    /** Save found these problems: shown now, and re-checked from now on as their fields change. Whether there were any. */
    tell(problems: Record<string, unknown>): boolean {
      setTold((old) => ({ checked: [...new Set([...old.checked, ...Object.keys(problems)])], main: {} }));
      return Object.keys(problems).length > 0;
    },
    /** Main refused these fields, in its words. */
    tellMain(fields: FieldErrors) {
      setTold((old) => ({ checked: old.checked, main: fields }));
    },
    /** On the form's onChange: an edited field's message from main gives way to the form's own check. */
    edited(e: React.FormEvent<HTMLFormElement>) {
      const id = (e.target as HTMLElement).id;
      const path = Object.keys(told.main).find((p) => fieldId(form, p) === id);
      if (!path) return;
      setTold((old) => {
        const { [path]: _gone, ...main } = old.main;
        return { checked: [...new Set([...old.checked, path])], main };
      });
    },
    clear() {
      setTold({ checked: [], main: {} });
    },
  };
}
