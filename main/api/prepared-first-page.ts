// The transactions list's first page (no filter, newest first), answered once in main's idle
// time right after the start and kept for the list's first call: a new user opens Home, then the
// list, and its first page is then answered at once instead of after its query and the first
// check of 100 rows against the contract (zod builds each schema's parser on its first use;
// docs/performance.md, "Cold start, sixth pass"). Never a stale answer: it is used only once,
// only within `keepMs`, only if no payment changed since (the ledger's payments version, and no
// `payments.changed` event), only if its count was exact; and not prepared at all when the list
// asked first (a returning user's first script does). Anything else goes to the handler as before.
import { isDeepStrictEqual } from 'node:util';
import { listFirstPageQuery } from '../../contract/list-first-page';
import type { EventHub } from '../core/event-hub';
import type { CallContext, Handlers } from './create-handlers';

type Answer = Awaited<ReturnType<Handlers['searchPayments']>>;

export function withPreparedFirstPage(handlers: Handlers, deps: { events: EventHub; version(): number; keepMs?: number; now?: () => number }): Handlers {
  const now = deps.now ?? Date.now;
  const keepMs = deps.keepMs ?? 30_000;
  let asked = false;
  let prepared: { answer: Answer; version: number; at: number } | undefined;
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'payments.changed') prepared = undefined;
  });
  const search = handlers.searchPayments;
  const isFirstPage = (input: unknown) => isDeepStrictEqual(input, listFirstPageQuery());

  // After the calls already waiting for the app (the page's first ones), before the next.
  // A version that cannot be read (the app closed meanwhile) prepares nothing.
  const versionNow = () => {
    try {
      return deps.version();
    } catch {
      return undefined;
    }
  };
  setImmediate(() => {
    const version = versionNow();
    if (asked || version === undefined) return unsubscribe();
    const ctx: CallContext = { transport: 'direct', osUser: '' };
    void search(listFirstPageQuery(), ctx).then((answer) => {
      if (!asked && answer.ok && answer.value.totalExact !== false && versionNow() === version) prepared = { answer, version, at: now() };
    }, () => undefined);
  });

  return {
    ...handlers,
    async searchPayments(input, ctx) {
      if (!asked) {
        asked = true;
        unsubscribe();
        const kept = prepared;
        prepared = undefined;
        if (kept && isFirstPage(input) && now() - kept.at <= keepMs && versionNow() === kept.version) return kept.answer;
      }
      return search(input, ctx);
    },
  };
}
