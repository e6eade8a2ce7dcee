// A labelled form field with the error main reported for it, wired for screen readers.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>;

export function Field({ id, label, error, hint, children, ...input }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children ?? <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />}
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}
