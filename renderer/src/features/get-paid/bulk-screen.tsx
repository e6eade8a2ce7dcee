// Bulk payment links (Alt+8): template download, a preview with every row's problems before
// anything is sent, then a batch that main stores (each row with its order id) before sending
// row by row. Progress, cancel, resume (also after a crash) and the error report.
import { useCallback, useEffect, useState } from 'react';
import type { BulkBatchView } from '../../../../contract/methods/bulk';
import type { MethodOutput } from '../../../../contract/methods';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useT, type MessageKey } from '../../i18n';
import { Ltr } from '../../ui/ltr';
import { saveText, SendError, useConfirmedSend } from './form-kit';

type Preview = MethodOutput<'bulkPreview'>;

export function BulkScreen() {
  const t = useT();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [batch, setBatch] = useState<BulkBatchView | null>(null);
  const [recent, setRecent] = useState<BulkBatchView[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  const { send, dialog } = useConfirmedSend();

  const loadRecent = useCallback(async () => {
    const r = await api.listBulkBatches({});
    if (r.ok) setRecent(r.value);
  }, []);
  useEffect(() => void loadRecent(), [loadRecent]);

  // While a batch runs, follow it on every payments change (each link created is one; a missed
  // event comes back as a resync, api/event-sequence.ts).
  const running = batch?.state === 'running';
  const batchId = batch?.id;
  useEffect(() => {
    if (!batchId || !running) return;
    const refresh = async () => {
      const r = await api.getBulkBatch({ batchId });
      if (r.ok) setBatch(r.value);
      if (r.ok && r.value.state !== 'running') void loadRecent();
    };
    void refresh();
    return api.subscribe((e) => e.type === 'payments.changed' && void refresh());
  }, [batchId, running, loadRecent]);

  const template = async () => {
    const r = await api.bulkTemplate({});
    if (r.ok) saveText(r.value.fileName, r.value.csv);
  };

  const choose = async (chosen: File | undefined) => {
    setError(null);
    setBatch(null);
    setPreview(null);
    if (!chosen) return setFile(null);
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    const r = await api.bulkPreview({ csv });
    if (r.ok) setPreview(r.value);
    else setError(r.error);
  };

  const run = (target: BulkBatchView) =>
    send(t('gp.bulk.confirmAction', { count: String(target.pending) }), async (confirm) => {
      const r = await api.bulkRun({ batchId: target.id, confirm });
      if (r.ok) setBatch(r.value);
      else setError(r.error);
    });

  const start = async () => {
    if (!file) return;
    const r = await api.bulkCreateBatch({ csv: file.csv, fileName: file.name });
    if (!r.ok) return setError(r.error);
    setBatch(r.value);
    setPreview(null);
    run(r.value);
  };

  const cancel = async () => {
    if (!batch) return;
    const r = await api.bulkCancel({ batchId: batch.id });
    if (r.ok) setBatch(r.value);
  };

  const report = async (id: string) => {
    const r = await api.bulkErrorReport({ batchId: id });
    if (r.ok) saveText(r.value.fileName, r.value.csv);
    else setError(r.error);
  };

  const open = async (id: string) => {
    const r = await api.getBulkBatch({ batchId: id });
    if (r.ok) setBatch(r.value);
  };

  return (
    <section aria-labelledby="bulk-title" className="gp-screen" data-testid="bulk-screen">
      <h1 id="bulk-title">{t('gp.bulk.screen')}</h1>
      <p>{t('gp.bulk.intro')}</p>
      <div className="form-actions">
        <button type="button" onClick={() => void template()} data-testid="bulk-template">{t('gp.bulk.template')}</button>
      </div>
      <div className="field">
        <label htmlFor="bulk-file">{t('gp.bulk.file')}</label>
        <input id="bulk-file" type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} data-testid="bulk-file" />
      </div>
      <SendError error={error} />
      {preview && <PreviewTable preview={preview} onStart={() => void start()} />}
      {batch && <BatchProgress batch={batch} onCancel={() => void cancel()} onResume={() => run(batch)} onReport={() => void report(batch.id)} />}
      {dialog}
      {recent.length > 0 && (
        <section aria-labelledby="bulk-recent-title" className="gp-list">
          <h2 id="bulk-recent-title">{t('gp.bulk.recent')}</h2>
          <ul className="gp-simple-list" data-testid="bulk-recent">
            {recent.map((b) => (
              <li key={b.id}>
                <Ltr>{b.fileName}</Ltr> · {t(`gp.bulk.state.${b.state}` as MessageKey)} · {t('gp.bulk.counts', { created: String(b.created), total: String(b.total) })}{' '}
                <button type="button" onClick={() => void open(b.id)} aria-label={t('gp.bulk.openBatch', { name: b.fileName })}>{t('gp.bulk.open')}</button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function PreviewTable({ preview, onStart }: { preview: Preview; onStart(): void }) {
  const t = useT();
  if (preview.fileError) return <p role="alert" className="form-error" data-testid="bulk-file-error">{preview.fileError}</p>;
  return (
    <section aria-labelledby="bulk-preview-title" className="gp-list" data-testid="bulk-preview">
      <h2 id="bulk-preview-title">{t('gp.bulk.preview')}</h2>
      <p role="status" data-testid="bulk-summary">{t('gp.bulk.summary', { valid: String(preview.valid), invalid: String(preview.invalid) })}</p>
      <table className="gp-table">
        <thead>
          <tr>
            <th scope="col">{t('gp.bulk.line')}</th>
            <th scope="col">{t('gp.orderId')}</th>
            <th scope="col">{t('gp.amount')}</th>
            <th scope="col">{t('gp.customer.name')}</th>
            <th scope="col">{t('gp.bulk.check')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => {
            const problems = Object.entries(row.errors);
            return (
              <tr key={row.line} data-testid="bulk-preview-row" data-valid={problems.length === 0 ? 'true' : 'false'} className={problems.length ? 'gp-row-bad' : undefined}>
                <td>{row.line}</td>
                <td><Ltr className="mono">{row.orderId || t('gp.bulk.generated')}</Ltr></td>
                <td><Ltr>{`${row.amount} ${row.currency}`}</Ltr></td>
                <td>{row.customerName}</td>
                <td>{problems.length ? <ul className="gp-problems">{problems.map(([column, message]) => <li key={column}><Ltr className="mono">{column}</Ltr>: {message}</li>)}</ul> : t('gp.bulk.ok')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="button" className="gp-primary" disabled={preview.valid === 0} onClick={onStart} data-testid="bulk-start">{t('gp.bulk.start', { count: String(preview.valid) })}</button>
      </div>
    </section>
  );
}

function BatchProgress({ batch, onCancel, onResume, onReport }: { batch: BulkBatchView; onCancel(): void; onResume(): void; onReport(): void }) {
  const t = useT();
  const done = batch.total - batch.pending;
  const canResume = batch.pending > 0 && batch.state !== 'running';
  return (
    <section aria-labelledby="bulk-batch-title" className="gp-result" data-testid="bulk-batch" data-state={batch.state}>
      <h2 id="bulk-batch-title">{t('gp.bulk.batch', { name: batch.fileName })}</h2>
      <label htmlFor="bulk-progress">{t('gp.bulk.progress')}</label>
      <progress id="bulk-progress" max={batch.total} value={done} data-testid="bulk-progress" />
      <p role="status" data-testid="bulk-status">
        {t(`gp.bulk.state.${batch.state}` as MessageKey)} · {t('gp.bulk.detail', { created: String(batch.created), failed: String(batch.failed), unknown: String(batch.unknown), pending: String(batch.pending), total: String(batch.total) })}
      </p>
      {batch.unknown > 0 && <p>{t('gp.bulk.unknownHint')}</p>}
      <div className="form-actions">
        {batch.state === 'running' && <button type="button" onClick={onCancel} data-testid="bulk-cancel">{t('gp.bulk.cancel')}</button>}
        {canResume && <button type="button" className="gp-primary" onClick={onResume} data-testid="bulk-resume">{t('gp.bulk.resume')}</button>}
        {batch.failed + batch.unknown > 0 && batch.state !== 'running' && <button type="button" onClick={onReport} data-testid="bulk-report">{t('gp.bulk.report')}</button>}
      </div>
    </section>
  );
}
