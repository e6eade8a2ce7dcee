// "Copy" beside an id a person reads out or pastes elsewhere (a payment's order id and transaction
// id): one press puts the whole id on the clipboard, even where it is shown cut with an ellipsis.
// "Copied" shows on the button for a moment and is announced; a refused clipboard is said, and the
// id is left selected so Ctrl+C copies it.
import { useEffect, useState, type RefObject } from 'react';
import { useT } from '../i18n';
import { copyText, selectTextOf } from './clipboard';

/** How long "Copied" stays on the button: long enough to be read, then it says "Copy" again. */
export const copiedShownMs = 2_000;

type Props = {
  text: string;
  /** The button's name for screen readers, naming what it copies ("Copy the order id"). */
  label: string;
  /** Where the text is shown: selected when the clipboard is refused. */
  shown: RefObject<Element | null>;
  testId: string;
};

export function CopyButton({ text, label, shown, testId }: Props) {
  const t = useT();
  const [said, setSaid] = useState<'copied' | 'refused'>();
  // Another payment's id in the same place: what was said of the last one goes.
  const [copiedText, setCopiedText] = useState(text);
  if (copiedText !== text) {
    setCopiedText(text);
    setSaid(undefined);
  }
  useEffect(() => {
    if (said !== 'copied') return;
    const timer = setTimeout(() => setSaid(undefined), copiedShownMs);
    return () => clearTimeout(timer);
  }, [said]);

  const copy = async () => {
    setSaid(undefined);
    if (await copyText(text)) return setSaid('copied');
    selectTextOf(shown.current);
    setSaid('refused');
  };

  return (
    <span className="copy-button">
      <button type="button" onClick={() => void copy()} aria-label={label} data-testid={testId}>
        {said === 'copied' ? t('gp.share.copied') : t('gp.share.copy')}
      </button>
      {/* Always in the page, so what comes into it is announced; "Copied" is on the button for the eye. */}
      <span role="status" className={said === 'refused' ? 'copy-refused' : 'visually-hidden'} data-testid={`${testId}-status`}>
        {said === 'copied' ? t('gp.share.copied') : said === 'refused' ? t('copy.refused') : ''}
      </span>
    </span>
  );
}
