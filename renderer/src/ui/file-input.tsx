// A file field in the app's own language. The browser's file input words its button and "no
// file" text in the system's language whatever Paydesk's is (English text in an Arabic screen),
// so it stays in the page unseen but focusable (its label, the keyboard, screen readers and
// tests still reach it; its focus ring is drawn on the button) and people see a button and the
// chosen file's name in the app's words.
import { useRef, useState, type InputHTMLAttributes } from 'react';
import { useT } from '../i18n';

type FileInputProps = {
  id: string;
  onFile(file: File | undefined): void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'accept' | 'aria-invalid' | 'aria-describedby'> & { 'data-testid'?: string };

export function FileInput({ id, onFile, ...input }: FileInputProps) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string>();
  return (
    <span className="file-input">
      <input ref={field} id={id} type="file" {...input}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setName(file?.name);
          onFile(file);
        }} />
      {/* For the pointer only: the input above is the control (named by its label). It takes the
          keyboard, as from the keyboard: left on this button, screen readers heard nothing there. */}
      <button type="button" tabIndex={-1} aria-hidden="true" onClick={() => { field.current?.focus(); field.current?.click(); }}>{t('file.choose')}</button>
      <span className="file-input-chosen" aria-hidden="true">{name ? <bdi>{name}</bdi> : t('file.none')}</span>
    </span>
  );
}
