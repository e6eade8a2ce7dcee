// The "Keyboard shortcuts" dialog (opened by shortcuts-help.tsx): every shortcut, grouped, each key
// as it is pressed. The list is the table the handlers read (ui/shortcuts.ts) and the navigation's
// screens; Escape closes it and the keyboard goes back where it was (useDialogFocus).
import { Fragment, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n';
import { Ltr } from '../ui/ltr';
import { useDialogFocus } from '../ui/dialog-focus';
import { screenKeys, shortcuts, type ShortcutGroup, type ShortcutId } from '../ui/shortcuts';
import { useOfferedScreens } from './screens';

const groups: ShortcutGroup[] = ['anywhere', 'list', 'detail', 'forms'];

/** A key as printed on the keyboard: ? is Shift with the / key, on an English and an Arabic layout. */
const caps: Record<string, string> = { Control: 'Ctrl', Escape: 'Esc', ArrowDown: '↓', ArrowUp: '↑', PageDown: 'Page Down', PageUp: 'Page Up', '?': '/' };

/** "Alt+L" as <kbd>Alt</kbd>+<kbd>L</kbd>, each left to right; alternatives apart by "or", in the page's direction. */
function Keys({ keys }: { keys: string }) {
  const t = useT();
  return (
    <>
      {keys.split(' ').map((combo, i) => (
        <Fragment key={combo}>
          {i > 0 && ` ${t('keys.or')} `}
          <Ltr className="shortcut-keys">
            <kbd>
              {combo.split('+').map((key, j) => (
                <Fragment key={key}>
                  {j > 0 && '+'}
                  <kbd>{caps[key] ?? key}</kbd>
                </Fragment>
              ))}
            </kbd>
          </Ltr>
        </Fragment>
      ))}
    </>
  );
}

export default function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  // The list takes the keyboard, not Close at the end: it is read from its start, and ↓ / Page Down
  // scroll it where it is longer than the window (the title and Close stay in view: app.css, .dialog).
  const list = useRef<HTMLDivElement>(null);
  useDialogFocus(list, onClose, box);
  const screens = useOfferedScreens();
  const rows = (group: ShortcutGroup) => {
    const own = (Object.keys(shortcuts) as ShortcutId[]).filter((id) => shortcuts[id].group === group)
      .map((id) => ({ keys: shortcuts[id].keys, label: t(shortcuts[id].label) }));
    // A screen's Alt+digit, from the navigation's own list (the screens this person is offered), right after this list's key.
    const screenRows = screens.map((entry) => ({ keys: screenKeys(entry.id), label: t('keys.screen', { screen: t(entry.label) }) }));
    return group === 'anywhere' ? [own[0]!, ...screenRows, ...own.slice(1)] : own;
  };
  // On the page's body: inside the navigation (sticky, so a layer of its own) the list's sticky header was drawn over it.
  return createPortal(
    <div className="dialog-backdrop">
      <div ref={box} className="dialog shortcuts-help" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title" data-testid="shortcuts-help">
        <h2 id="shortcuts-title">{t('keys.title')}</h2>
        {/* A scrolling region with nothing focusable in it: focusable itself, named by the title. */}
        <div ref={list} className="dialog-body" tabIndex={0} role="region" aria-labelledby="shortcuts-title" data-testid="shortcuts-body">
          <p>{t('keys.intro')}</p>
          {groups.map((group) => (
            <section key={group} aria-labelledby={`shortcuts-${group}`}>
              <h3 id={`shortcuts-${group}`}>{t(`keys.group.${group}`)}</h3>
              <dl className="shortcuts-list">
                {rows(group).map((row) => (
                  <div key={row.keys + row.label} data-keys={row.keys}>
                    <dt><Keys keys={row.keys} /></dt>
                    <dd>{row.label}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <div className="form-actions">
          <button type="button" onClick={onClose} data-testid="shortcuts-close">{t('keys.close')}</button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
