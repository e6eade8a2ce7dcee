// Downloads the current filtered view as CSV, asking main for it in chunks so a large export
// shows its progress. The file is assembled in the page and saved through a download link.
import type { PaymentFilter } from '../../../../contract/methods/payments';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import type { PaymentSort } from './transactions-store';
import { saveFile } from '../../ui/save-file';

export async function exportPayments(filter: PaymentFilter, sort: PaymentSort, onProgress: (done: number, total: number) => void, signal: AbortSignal): Promise<{ ok: true; rows: number } | { ok: false; error: AppError | 'cancelled' }> {
  const chunks: string[] = [];
  let fileName = 'paydesk-payments.csv';
  let offset = 0;
  for (;;) {
    if (signal.aborted) return { ok: false, error: 'cancelled' };
    const result = await api.exportPayments({ filter, sort, offset, limit: 5_000 });
    if (!result.ok) return { ok: false, error: result.error };
    chunks.push(result.value.csv);
    fileName = result.value.fileName;
    offset += result.value.rows;
    onProgress(offset, result.value.total);
    if (result.value.done || result.value.rows === 0) break;
  }
  saveFile(fileName, chunks);
  return { ok: true, rows: offset };
}
