// How long a search's text must be for the index of names, e-mails and phones (trigrams): shorter,
// both ledgers look only for order references beginning with it or a whole transaction id, and the
// list says so under the search (short-search-hint.tsx). One rule for main and the page. No zod.

/** Characters (code points) a text needs before the trigram index is asked. */
export const shortestIndexedText = 3;

/** Whether this (trimmed) text is searched through the trigram index. */
export const searchedByIndex = (text: string): boolean => [...text.trim()].length >= shortestIndexedText;
