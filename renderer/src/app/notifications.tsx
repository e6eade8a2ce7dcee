// In-app notifications from main (a watched link paid, a refund failed), announced to screen
// readers and dismissable. Electron also shows them as OS notifications (main words those).
import { Fragment, useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { translate, useLanguage, useT, wordReason, type Language } from '../i18n';
import type { AppEvent } from '../../../contract/events';
import { Ltr } from '../ui/ltr';
import { useHeldWhilePointing } from './held-while-pointing';

/** What main said, kept as said: worded at each draw, so a change of language words it again. */
type Said = Extract<AppEvent, { type: 'notification' }>;
type Note = { id: number; level: Said['level']; message: string; reason?: Said['reason'] };
let nextId = 1;

// A notification that says a state is over takes away the one that said it began: "connected to the
// team ledger again" removes "lost its connection … reconnecting", which stayed on screen below it.
const ends: Record<string, string> = { 'teamLedger.reconnected': 'teamLedger.reconnecting' };

function wordNote(language: Language, note: Note): string {
  return (note.reason && wordReason(language, note.reason)) ?? (language === 'en' ? note.message : translate(language, 'notify.generic'));
}

/**
 * The words with the order id drawn as one unit (ui/ltr.tsx, `cut`): in the narrow column the
 * sentence wrapped inside it, at its hyphens ("NOTE-" / "PLACE-1"). Longer than the column, it is
 * cut at its end and whole in its title, as in the lists. The text read is unchanged.
 */
function NoteWords({ text, orderId }: { text: string; orderId: unknown }) {
  if (typeof orderId !== 'string' || orderId === '' || !text.includes(orderId)) return <>{text}</>;
  return <>{text.split(orderId).map((part, i) => (
    <Fragment key={i}>{i > 0 && <Ltr cut={orderId}>{orderId}</Ltr>}{part}</Fragment>
  ))}</>;
}

export function Notifications() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [notes, setNotes] = useState<Note[]>([]);
  // A pile taller than the window scrolls inside its column: the newest, at its end, stays in view.
  const column = useRef<HTMLDivElement>(null);
  // Held: in the log (announced at once) but not drawn, and the screen not narrowed, while the
  // pointer moves; drawn when it rests.
  const held = useHeldWhilePointing(notes.length > 0);
  useEffect(() => {
    if (column.current) column.current.scrollTop = column.current.scrollHeight;
  }, [notes.length, held]);
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type !== 'notification') return;
        const over = event.reason && ends[event.reason.key];
        setNotes((list) => [...list.filter((n) => !over || n.reason?.key !== over).slice(-4), { id: nextId++, level: event.level, message: event.message, reason: event.reason }]);
      }),
    [],
  );
  return (
    <div className={held ? 'notifications notifications-held' : 'notifications'} data-held={held || undefined} ref={column} role="log" aria-live="polite" aria-label={t('notify.region')} data-testid="notifications">
      {notes.map((note) => (
        <div key={note.id} className={`notification notification-${note.level}`}>
          <p><NoteWords text={wordNote(language, note)} orderId={note.reason?.values?.orderId} /></p>
          <button type="button" onClick={() => setNotes((list) => list.filter((n) => n.id !== note.id))}>{t('notify.dismiss')}</button>
        </div>
      ))}
    </div>
  );
}
