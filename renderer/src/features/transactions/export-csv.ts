// Exports the current filtered view (or the audit log) to a CSV file that main writes as it
// reads, off its main thread; progress and the end arrive as export.progress events. The page
// never holds the file, so memory stays flat however many rows there are.
import type { PaymentFilter } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import type { AppEvent } from '../../../../contract/events';
import { api } from '../../api';
import type { PaymentSort } from './transactions-store';

export type ExportOutcome = { ok: true; rows: number; path: string } | { ok: false; error: AppError | 'cancelled' | 'failed' };
type Progress = Extract<AppEvent, { type: 'export.progress' }>;

export async function exportToFile(
  request: { kind: 'payments'; filter: PaymentFilter; sort: PaymentSort } | { kind: 'audit' },
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
  const started = await api.exportToFile(request.kind === 'audit' ? { kind: 'audit' } : request);
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
      resolve(event.cancelled ? { ok: false, error: 'cancelled' } : event.failed ? { ok: false, error: 'failed' } : { ok: true, rows: event.rows, path });
    };
    early.splice(0).forEach(handle);
    if (signal.aborted) onAbort();
  });
}
