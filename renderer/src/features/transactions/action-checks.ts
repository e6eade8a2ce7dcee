// What the capture, void, refund, repeat-charge and settle dialogs check as a person types, with
// main's own reasons (the same words main would answer with); main checks everything again.
import type { Reason } from '../../../../contract/reasons';
import { textCharsProblem } from '../get-paid/validate';

/** The contract's limit on every reason and description these dialogs send. */
export const typedTextMax = 500;

/**
 * A typed text's problem, or nothing: `required`, the reason an empty one gets (a refund's
 * reason, a repeat charge's description; main trims first); `chars`: main refuses characters it
 * cannot send in this text (it does for a refund's reason and a description, not a void's reason).
 */
export function typedTextProblem(text: string, options: { required?: Reason; chars?: boolean }): Reason | undefined {
  if (options.required && !text.trim()) return options.required;
  if (text.length > typedTextMax) return { key: 'input.tooLong', values: { max: typedTextMax } };
  return options.chars ? textCharsProblem(text) : undefined;
}
