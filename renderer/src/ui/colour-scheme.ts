// The system's colour scheme (light or dark, and whether forced colours are on), followed as it
// changes: what draws its own colours (the overview's canvas charts) draws again when the person
// switches, as the CSS around it does by itself.
import { useSyncExternalStore } from 'react';

const queries = ['(prefers-color-scheme: dark)', '(forced-colors: active)'];
const lists = () => (typeof matchMedia === 'function' ? queries.map((q) => matchMedia(q)) : []);

function subscribe(changed: () => void): () => void {
  const watched = lists();
  for (const list of watched) list.addEventListener('change', changed);
  return () => watched.forEach((list) => list.removeEventListener('change', changed));
}

const current = () => lists().map((list) => (list.matches ? '1' : '0')).join('');

/** A short text that changes whenever the scheme or forced colours change ('' where unknown). */
export function useColourScheme(): string {
  return useSyncExternalStore(subscribe, current, () => '');
}
