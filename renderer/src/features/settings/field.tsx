// A labelled form field with the error main reported for it, wired for screen readers.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FileInput } from '../../ui/file-input';
import { QuotedWords } from '../../ui/quoted-words';

type FieldProps = {
  id: string;
  /** Text, or text with a person's data isolated in it (ui/isolated.tsx's withData). */
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown beside the label, outside it (a required field's "(required)"), so the label stays the field's name. */
  mark?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** A file field (FileInput, in the app's words): called with the chosen file. */
  onFile?: (file: File | undefined) => void;
} & InputHTMLAttributes<HTMLInputElement>;

export function Field({ id, label, error, hint, mark, children, onFile, ...input }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      {mark ? <span className="field-label"><label htmlFor={id}>{label}</label> {mark}</span> : <label htmlFor={id}>{label}</label>}
      {children ??
        (onFile ? (
          <FileInput id={id} accept={input.accept} aria-invalid={error ? true : undefined} aria-describedby={described} onFile={onFile} />
        ) : (
          <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
        ))}
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${id}`}>
          <QuotedWords text={error} />
        </p>
      )}
    </div>
  );
}
