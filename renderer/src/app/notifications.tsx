// In-app notifications from main (a watched link paid, a refund failed), said to screen readers
// (ui/announce.ts) and dismissable: a band across the window's bottom, as a status bar; while it shows, the
// page scrolls in the window above it, so it covers nothing; the screen keeps its width and nothing
// moves as a note comes (docs/screens-after-sale.md). Electron also shows them as OS notifications
// (main words those).
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { api } from '../api';
import { translate, useLanguage, useT, wordReason, type Language } from '../i18n';
import type { AppEvent } from '../../../contract/events';
import { Ltr } from '../ui/ltr';
import { QuotedWords } from '../ui/quoted-words';
import { onRefundWentThrough } from './refund-went-through';
import { pageAboveBand } from './page-scroller';
import { announce } from '../ui/announce';

/** What main said, kept as said: worded at each draw, so a change of language words it again. */
type Said = Extract<AppEvent, { type: 'notification' }>;
type Note = { id: number; level: Said['level']; message: string; reason?: Said['reason']; paymentId?: string };
let nextId = 1;

// A notification that says a state is over takes away the one that said it began: "connected to the
// team ledger again" removes "lost its connection … reconnecting", which stayed on screen below it.
// So does "the new password is in the keychain" for "… not in this computer's keychain yet".
const ends: Record<string, string> = { 'teamLedger.reconnected': 'teamLedger.reconnecting', 'clock.rightAgain': 'clock.looksWrong', 'teamLedger.passwordSavedNote': 'teamLedger.passwordWaitingNote' };
/** The notes a refund that went through makes untrue, for its payment. */
const refundFailures = new Set(['notify.refundFailed', 'notify.refundNotProcessed']);
/** A note that an answer was lost (main: "… answer not received; Paydesk is checking"): untrue once a check settles it. */
const isLostAnswer = (note: Note) => note.reason?.key.startsWith('notify.answerLost.') ?? false;

/** Whether the payment has no operation left whose answer is unknown (a check answered, or a person settled it). */
async function lostAnswerSettled(paymentId: string): Promise<boolean> {
  const result = await api.getPayment({ paymentId });
  return result.ok && !result.value.operations.some((op) => op.outcome === 'unknown');
}

function wordNote(language: Language, note: Note): string {
  return (note.reason && wordReason(language, note.reason)) ?? (language === 'en' ? note.message : translate(language, 'notify.generic'));
}

/**
 * The words with the order id drawn as one unit (ui/ltr.tsx, `cut`): in the narrow stack the
 * sentence wrapped inside it, at its hyphens ("NOTE-" / "PLACE-1"). Longer than the stack is wide, it is
 * cut at its end and whole in its title, as in the lists. The text read is unchanged.
 */
function NoteWords({ text, orderId }: { text: string; orderId: unknown }) {
  // The gateway's own words (a refund it refused) are a labelled English quotation, as in the dialogs.
  if (typeof orderId !== 'string' || orderId === '' || !text.includes(orderId)) return <QuotedWords text={text} />;
  return <>{text.split(orderId).map((part, i) => (
    <Fragment key={i}>{i > 0 && <Ltr cut={orderId}>{orderId}</Ltr>}<QuotedWords text={part} /></Fragment>
  ))}</>;
}

/**
 * How long an information note (a watched link paid, the team ledger back) stays by itself: time to
 * read it, not to pile up. Warnings and errors (a refund failed, an answer lost, the team ledger
 * lost) stay until dismissed: they ask for something to be done.
 */
const infoShownMs = 8000;

/** One note; an information note goes by itself, its time paused while the pointer or the keyboard is in it. */
function NoteCard({ note, language, dismiss }: { note: Note; language: Language; dismiss: (id: number) => void }) {
  const t = useT();
  const textId = useId();
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  const left = useRef(infoShownMs);
  useEffect(() => {
    if (note.level !== 'info' || pointed || focused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismiss(note.id), left.current);
    // Paused: what is left of its time runs once the pointer and the keyboard have gone.
    return () => {
      window.clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [note.level, note.id, pointed, focused, dismiss]);
  return (
    <div
      className={`notification notification-${note.level}`}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget as Node | null))}
    >
      <p id={textId}><NoteWords text={wordNote(language, note)} orderId={note.reason?.values?.orderId} /></p>
      {/* Named for what it does to which note: Tab in the band reaches the buttons only. */}
      <button type="button" aria-label={t('notify.dismissThis')} aria-describedby={textId} onClick={() => dismiss(note.id)}>{t('notify.dismiss')}</button>
    </div>
  );
}

export function Notifications() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [notes, setNotes] = useState<Note[]>([]);
  const shown = useRef(notes);
  useEffect(() => {
    shown.current = notes;
  }, [notes]);
  // A new note's words are said in the page's live region (ui/announce.ts), its Dismiss not with them:
  // the band was a live log, and a note read "… until it is settled.Hide" with its button (walk18).
  const saidUpTo = useRef(0);
  useEffect(() => {
    const fresh = notes.filter((note) => note.id > saidUpTo.current);
    if (fresh.length === 0) return;
    saidUpTo.current = Math.max(...fresh.map((note) => note.id));
    announce(fresh.map((note) => wordNote(language, note)).join(' '));
  }, [notes, language]);
  // A pile taller than the window scrolls inside its stack: the newest, at its end, stays in view.
  const stack = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (stack.current) stack.current.scrollTop = stack.current.scrollHeight;
  }, [notes.length]);
  // The band's height: while it shows, the page scrolls in the window above it (app.css), nothing under it.
  useEffect(() => {
    const band = stack.current;
    if (!band || typeof ResizeObserver === 'undefined') return; // a DOM without layout (the tests)
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--notes-block-size', `${band.offsetHeight}px`);
      pageAboveBand(band.offsetHeight > 0);
    });
    observer.observe(band);
    return () => {
      observer.disconnect();
      pageAboveBand(false);
      root.style.removeProperty('--notes-block-size');
    };
  }, []);
  const dismiss = useCallback((id: number) => setNotes((list) => list.filter((n) => n.id !== id)), []);
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type !== 'notification') return;
        const over = event.reason && ends[event.reason.key];
        setNotes((list) => [...list.filter((n) => !over || n.reason?.key !== over).slice(-4), { id: nextId++, level: event.level, message: event.message, reason: event.reason, paymentId: event.paymentId }]);
      }),
    [],
  );
  // A lost answer's note stayed in the band after a check settled the payment (walk of 2026-11-29,
  // night): when main says the payment changed, its note goes once nothing about it is unclear.
  // Only that payment's lost-answer notes; the others stay.
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type !== 'payments.changed') return;
        const changed = (note: Note) => event.paymentIds.length === 0 || event.paymentIds.includes(note.paymentId!);
        const asked = new Set(shown.current.filter((note) => note.paymentId && isLostAnswer(note) && changed(note)).map((note) => note.paymentId!));
        for (const paymentId of asked) {
          void lostAnswerSettled(paymentId).then((settled) => settled && setNotes((list) => list.filter((n) => n.paymentId !== paymentId || !isLostAnswer(n))));
        }
      }),
    [],
  );
  useEffect(
    () => onRefundWentThrough((paymentId) => setNotes((list) => list.filter((n) => n.paymentId !== paymentId || !refundFailures.has(n.reason?.key ?? '')))),
    [],
  );
  return (
    <section className="notifications" ref={stack} aria-label={t('notify.region')} data-testid="notifications">
      {notes.map((note) => <NoteCard key={note.id} note={note} language={language} dismiss={dismiss} />)}
    </section>
  );
}
