// The new payment link's draft, kept while its person adds the seller details in Settings (the
// form's "add the seller details in Settings"): the screen is closed on the way, and the form was
// made again empty, so the customer, amount and dates were typed twice. The next link form made
// starts from it, once (by Settings' "Back to the new payment link" or by Alt+2). Kept in this
// window's memory only, never in storage.
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { LineDraft } from '../invoices/invoice-lines';
import type { LinkValues } from './link-form';

/** What was typed: the fields, and the invoice's lines (null: a quick link) and choices. */
export type LinkDraft = { values: LinkValues; lines: LineDraft[] | null; pricesIncludeVat: boolean; buyerVat: string; language: 'both' | 'en' | 'ar' };

const useKept = create<{ draft?: LinkDraft }>(() => ({}));

/** Keeps the form's draft for the next link form. */
export function keepLinkDraft(draft: LinkDraft): void {
  useKept.setState({ draft });
}

/**
 * The kept draft, read when the form is made and then cleared (a form after it starts empty).
 * Read without clearing while drawing: React may draw twice (StrictMode), as useAgainDraft.
 */
export function useKeptLinkDraft(): LinkDraft | undefined {
  const [draft] = useState(() => useKept.getState().draft);
  useEffect(() => {
    if (draft !== undefined && useKept.getState().draft === draft) useKept.setState({ draft: undefined });
  }, [draft]);
  return draft;
}
