// "Copy" beside an id a person reads out or pastes elsewhere (a payment's order id and transaction
// id): one press puts the whole id on the clipboard, even where it is shown cut with an ellipsis.
// "Copied" shows on the button for a moment, and the button's name says it too ("Copied the order
// id"), so a screen reader reading the button hears what the eye sees; it is announced once, by the
// status below (the button has no live region of its own). A refused clipboard is said, and the id
// is left selected so Ctrl+C copies it.
import { useEffect, useState, type RefObject } from 'react';
import { useT } from '../i18n';
import { copyText, selectTextOf } from './clipboard';

/** How long "Copied" stays on the button: long enough to be read, then it says "Copy" again. */
export const copiedShownMs = 2_000;

type Props = {
  text: string;
  /** The button's name for screen readers, naming what it copies ("Copy the order reference"). */
  label: string;
  /** Its name while "Copied" shows ("Copied the order reference"): the name follows the words on it. */
  copiedLabel: string;
  /** Where the text is shown: selected when the clipboard is refused. */
  shown: RefObject<Element | null>;
  testId: string;
};

/**
 * What a Copy press said. `press` counts the presses: each one's words are a new node in the status,
 * so a second press is announced again without first emptying the button ("Copied" → "Copy" →
 * "Copied" made its name change twice, which a screen reader on the button may say each time).
 * "Copied" goes after `copiedShownMs`; a refusal stays, it asks for Ctrl+C.
 */
export function useCopySaid() {
  const [said, setSaid] = useState<{ what: 'copied' | 'refused'; press: number }>();
  useEffect(() => {
    if (said?.what !== 'copied') return;
    const timer = setTimeout(() => setSaid(undefined), copiedShownMs);
    return () => clearTimeout(timer);
  }, [said]);
  const say = (what: 'copied' | 'refused') => setSaid((last) => ({ what, press: (last?.press ?? 0) + 1 }));
  return { said, say, forget: () => setSaid(undefined) };
}

export function CopyButton({ text, label, copiedLabel, shown, testId }: Props) {
  const t = useT();
  const { said, say, forget } = useCopySaid();
  // Another payment's id in the same place: what was said of the last one goes.
  const [copiedText, setCopiedText] = useState(text);
  if (copiedText !== text) {
    setCopiedText(text);
    forget();
  }
  const copy = async () => {
    if (await copyText(text)) return say('copied');
    selectTextOf(shown.current);
    say('refused');
  };
  const copied = said?.what === 'copied';

  return (
    <span className="copy-button">
      <button type="button" onClick={() => void copy()} aria-label={copied ? copiedLabel : label} data-testid={testId}>
        {copied ? t('gp.share.copied') : t('gp.share.copy')}
      </button>
      {/* Always in the page, so what comes into it is announced: the one announcement of a press. */}
      <span role="status" className={said?.what === 'refused' ? 'copy-refused' : 'visually-hidden'} data-testid={`${testId}-status`}>
        {said && <span key={said.press}>{copied ? t('gp.share.copied') : t('copy.refused')}</span>}
      </span>
    </span>
  );
}
