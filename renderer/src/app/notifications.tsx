// In-app notifications from main (a watched link paid, a refund failed), announced to screen
// readers and dismissable. Electron also shows them as OS notifications (main words those).
import { useEffect, useState } from 'react';
import { api } from '../api';
import { translate, useLanguage, useT, wordReason } from '../i18n';

type Note = { id: number; level: 'info' | 'warning' | 'error'; message: string };
let nextId = 1;

export function Notifications() {
  const t = useT();
  const [notes, setNotes] = useState<Note[]>([]);
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type !== 'notification') return;
        const language = useLanguage.getState().language;
        const message = (event.reason && wordReason(language, event.reason)) ?? (language === 'en' ? event.message : translate(language, 'notify.generic'));
        setNotes((list) => [...list.slice(-4), { id: nextId++, level: event.level, message }]);
      }),
    [],
  );
  return (
    <div className="notifications" role="log" aria-live="polite" aria-label={t('notify.region')} data-testid="notifications">
      {notes.map((note) => (
        <div key={note.id} className={`notification notification-${note.level}`}>
          <p>{note.message}</p>
          <button type="button" onClick={() => setNotes((list) => list.filter((n) => n.id !== note.id))}>{t('notify.dismiss')}</button>
        </div>
      ))}
    </div>
  );
}
