// "Keyboard shortcuts": `?` (Shift with the / key, on an Arabic layout too) anywhere outside a field,
// or the button ending the navigation's list, opens a dialog listing every shortcut (shortcuts-dialog.tsx,
// fetched when first opened: the first screen's files carry only this button and the key).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { modalOpen } from '../ui/modal-keys';
import { typingIn } from '../ui/shortcut-key';
import { pressed, shortcutKeys } from '../ui/shortcuts';
import { focusScreenHeading } from './screen-heading';

const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

export function ShortcutsHelp() {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!pressed(event, 'help') || typingIn(event.target) || modalOpen()) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // Opened by `?` while a screen's code was on its way, the help had the page's body to give the
  // keyboard back to: it goes to the screen's heading, drawn meanwhile (keys-while-loading.ts).
  const wasOpen = useRef(false);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasOpen.current && !open && lost) focusScreenHeading();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button type="button" className="shortcuts-open" onClick={() => setOpen(true)} aria-keyshortcuts={shortcutKeys('help')} aria-haspopup="dialog" title={t('keys.open')} data-testid="shortcuts-open">
        {/* A narrow window shows only the key (app.css): the words stay the button's name for a screen reader. */}
        <span className="shortcuts-open-words">{t('keys.open')}</span>
        <span className="shortcuts-open-key" aria-hidden="true">?</span>
      </button>
      {open && <Suspense fallback={null}><ShortcutsDialog onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
