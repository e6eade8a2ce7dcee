// A date typed into a date field as a person does it in a DOM test: focus, the text, then leaving
// the field (the field reads its text when the focus goes: ui/date-field.tsx).
import { fireEvent } from '@testing-library/react';

export function typeDate(field: HTMLInputElement, text: string): void {
  field.focus();
  fireEvent.change(field, { target: { value: text } });
  fireEvent.focusOut(field);
  field.blur();
}
