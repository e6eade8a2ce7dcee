// Exports the current filtered view (or the audit log) to a CSV file that main writes as it
// reads, off its main thread; progress and the end arrive as export.progress events. The page
// never holds the file, so memory stays flat however many rows there are.
import type { PaymentFilter } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import type { AppEvent } from '../../../../contract/events';
import { ltrIsolated } from '../../../../contract/amount-words';
import { api } from '../../api';
import type { Words } from '../../i18n/words';
import type { PaymentSort } from './transactions-store';

export type ExportOutcome = { ok: true; rows: number; path: string } | { ok: false; error: AppError | 'cancelled' | 'failed' | 'diskFull' };
type Progress = Extract<AppEvent, { type: 'export.progress' }>;

/** What an export ended with, as words drawn in the language of the moment (the file's path left to right). */
export function exportWords(outcome: ExportOutcome): Words {
  if (outcome.ok) return { key: 'export.saved', values: { rows: outcome.rows, path: ltrIsolated(outcome.path) } };
  if (outcome.error === 'cancelled') return { key: 'export.cancelled' };
  if (outcome.error === 'failed') return { key: 'export.failed' };
  if (outcome.error === 'diskFull') return { key: 'export.diskFull' };
  return { error: outcome.error };
}

/** The zone Home counts its days in (this window's): the files' local_day column uses the same days. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export async function exportToFile(
  request: { kind: 'payments'; filter: PaymentFilter; sort: PaymentSort } | { kind: 'audit'; search?: { query?: string; actions?: string[]; results?: string[]; from?: string; to?: string } },
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<ExportOutcome> {
  // Listen first: an event may arrive before the call's answer does.
  const early: Progress[] = [];
  let handle: ((event: Progress) => void) | undefined;
  const off = api.subscribe((event) => {
    if (event.type !== 'export.progress') return;
    if (handle) handle(event);
    else early.push(event);
  });
  const started = await api.exportToFile({ ...request, timeZone: timeZone() });
  if (!started.ok) {
    off();
    return { ok: false, error: started.error };
  }
  const { exportId, path } = started.value;
  return new Promise<ExportOutcome>((resolve) => {
    const onAbort = () => void api.cancelExport({ exportId });
    signal.addEventListener('abort', onAbort, { once: true });
    handle = (event) => {
      if (event.exportId !== exportId) return;
      if (!event.done) return onProgress(event.rows, event.total);
      off();
      signal.removeEventListener('abort', onAbort);
      resolve(event.cancelled ? { ok: false, error: 'cancelled' } : event.diskFull ? { ok: false, error: 'diskFull' } : event.failed ? { ok: false, error: 'failed' } : { ok: true, rows: event.rows, path });
    };
    early.splice(0).forEach(handle);
    if (signal.aborted) onAbort();
  });
}
