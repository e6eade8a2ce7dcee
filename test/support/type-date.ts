// A date typed into a date field as a person does it in a DOM test: focus, the text, then leaving
// the field (the field reads its text when the focus goes: ui/date-field.tsx).
import { act, fireEvent } from '@testing-library/react';

export function typeDate(field: HTMLInputElement, text: string): void {
  // focus() and blur() are the DOM's own, not testing-library's events: inside act, as its events are,
  // so what the field does on them (it reads its text when left) is drawn before the test goes on.
  act(() => field.focus());
  fireEvent.change(field, { target: { value: text } });
  fireEvent.focusOut(field);
  act(() => field.blur());
}
