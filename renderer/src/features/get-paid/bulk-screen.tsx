// Bulk payment links (Alt+8): template download, a preview with every row's problems before
// anything is sent, then a batch that main stores (each row with its order id) before sending
// row by row. Progress, cancel, resume (also after a crash) and the error report. The file's
// bytes go to main, which detects the encoding and the separator, and asks (through `choices`)
// when it cannot tell Arabic from Western Excel files.
import { IsolatedRuns } from '../../ui/isolated-runs';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { RowMoment } from '../../ui/row-moment';
import type { BulkBatchView, BulkEncoding } from '../../../../contract/methods/bulk';
import type { MethodOutput } from '../../../../contract/methods';
import { isCurrencyCode, parseAmount } from '../../../../contract/money';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useLanguage, useT, wordReason, type MessageKey } from '../../i18n';
import { } from '../../i18n/format';
import { FileInput } from '../../ui/file-input';
import { Ltr } from '../../ui/ltr';
import { QuotedWords } from '../../ui/quoted-words';
import { ClampedName } from './clamped-name';
import { BulkFixLines, bulkLineRowId } from './bulk-fix-lines';
import { focusIfLost } from '../../ui/focus';
import { useMayCreatePayments } from '../settings/team-role';
import { useNavigation } from '../../app/navigation-store';
import { useSession } from '../../app/session-store';
import { fileBase64, fileSizeProblem, linksWording, reportWording, wordProblems } from './bulk-file';
import { MessageLanguage, useMessageLanguage } from './message-language';
import { bulkColumn } from './bulk-columns';
import { Amount } from './outcome';
import { saveText, SendError, useConfirmedSend, useNewShortcut, useProblemText } from './form-kit';
import { AddressesNotKept, UrlFields, useUrlDefaults } from './url-defaults';
import { useFieldErrors } from './field-errors';
import type { Problems } from './validate';
import { focusFirstError } from '../../ui/focus';
import type { ProfileView } from '../../../../contract/methods/profiles';
import { screenShortcuts } from '../../ui/shortcuts';

type Preview = MethodOutput<'bulkPreview'>;
/** A batch whose links can be downloaded: it made some and is not running. */
const offersLinks = (b: BulkBatchView) => b.created > 0 && b.state !== 'running';

export function BulkScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [file, setFile] = useState<{ name: string; data: string; encoding?: BulkEncoding } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [batch, setBatch] = useState<BulkBatchView | null>(null);
  const [recent, setRecent] = useState<BulkBatchView[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  // Alt+8 means "new", as on the other getting-paid screens: nothing chosen, the keyboard on the file
  // field (Space opens the file chooser). It left the keyboard on the whole screen, two Tabs away.
  const [fileKey, setFileKey] = useState(0);
  useNewShortcut(screenShortcuts.bulk, 'bulk-file', () => {
    setError(null);
    setBatch(null);
    setPreview(null);
    setFile(null);
    setFileKey((k) => k + 1);
    addressErrors.clear();
  });
  const { send, dialog } = useConfirmedSend();
  // Where every row's customer goes, asked once for the batch when the profile has no default (as a
  // single link asks, walk23): every row was refused "no default yet" and nothing was kept (walk25).
  const urls = useUrlDefaults();
  const [addresses, setAddresses] = useState({ successUrl: '', failureUrl: '' });
  const problemText = useProblemText();
  const checkAddresses = (): Problems => {
    const problems: Problems = {};
    urls.check(addresses, problems);
    return problems;
  };
  const addressErrors = useFieldErrors('bulk', problemText(checkAddresses()));
  const setAddress = (key: 'successUrl' | 'failureUrl') => (value: string) => setAddresses((old) => ({ ...old, [key]: value }));
  const addressFields = urls.missing.length > 0 && <UrlFields form="bulk" values={addresses} set={setAddress} errors={addressErrors.errors} defaults={urls} />;
  // Finance on the team ledger reads batches (and their error reports) but makes and sends none; the database refuses it anyway.
  const mayCreate = useMayCreatePayments();

  const loadRecent = useCallback(async () => {
    const r = await api.listBulkBatches({});
    if (r.ok) setRecent(r.value);
  }, []);
  useEffect(() => void loadRecent(), [loadRecent]);

  // The batch shown follows its own moves (bulk.changed: a row's outcome, its run started,
  // cancelled or ended, on this laptop or, on the team ledger, on another one, told by the
  // database), and while it runs every payments change too (a missed event comes back as a
  // resync, api/event-sequence.ts). Reads overlap never: one more read after the one under way.
  const running = batch?.state === 'running';
  const batchId = batch?.id;
  const shownState = useRef(batch?.state);
  shownState.current = batch?.state;
  useEffect(() => {
    if (!batchId) return;
    let reading = false;
    let again = false;
    let stopped = false;
    const refresh = async () => {
      if (reading) return void (again = true);
      reading = true;
      try {
        do {
          again = false;
          const r = await api.getBulkBatch({ batchId });
          if (stopped || !r.ok) break;
          // Its state moved on (here or elsewhere): Recent batches says it too.
          if (r.value.state !== shownState.current) void loadRecent();
          shownState.current = r.value.state;
          setBatch(r.value);
        } while (again && !stopped);
      } finally {
        reading = false;
      }
    };
    if (running) void refresh();
    const unsubscribe = api.subscribe((e) => {
      if ((e.type === 'bulk.changed' && (e.batchId === undefined || e.batchId === batchId)) || (running && e.type === 'payments.changed')) void refresh();
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [batchId, running, loadRecent]);

  const template = async () => {
    const r = await api.bulkTemplate({});
    if (r.ok) saveText(r.value.fileName, r.value.csv);
  };

  const check = async (next: { name: string; data: string; encoding?: BulkEncoding }) => {
    setFile(next);
    const r = await api.bulkPreview({ file: next.data, encoding: next.encoding });
    if (r.ok) setPreview(r.value);
    else setError(r.error);
  };

  const choose = async (chosen: File | undefined) => {
    setError(null);
    setBatch(null);
    setPreview(null);
    setFile(null);
    if (!chosen) return;
    const tooLarge = fileSizeProblem(chosen);
    if (tooLarge) return setError({ code: 'invalid_input', message: wordReason(language, tooLarge) ?? '', reason: tooLarge });
    await check({ name: chosen.name, data: await fileBase64(chosen) });
  };

  const readAs = (encoding: BulkEncoding) => {
    if (!file) return;
    setPreview(null);
    void check({ ...file, encoding });
  };

  const run = (target: BulkBatchView) =>
    send(t('gp.bulk.confirmAction', { count: target.pending }), async (confirm) => {
      // A batch that has run keeps its own addresses (main sends the rest there): nothing typed goes with its resume.
      const typed = target.addresses ? {} : { successUrl: addresses.successUrl.trim() || undefined, failureUrl: addresses.failureUrl.trim() || undefined };
      const r = await api.bulkRun({ batchId: target.id, confirm, ...typed });
      if (!r.ok) {
        addressErrors.tellMain(r.error);
        return setError(r.error);
      }
      setBatch(r.value);
      // The run has them; kept (unless unticked) so the next batch or link asks nothing.
      if (!target.addresses) await urls.keepTyped(addresses);
    });

  const start = async () => {
    if (!file) return;
    // Before anything is stored or sent: the addresses the rows need, said at their fields.
    if (addressErrors.tell(checkAddresses())) return focusFirstError();
    const r = await api.bulkCreateBatch({ file: file.data, encoding: file.encoding ?? preview?.encoding ?? undefined, fileName: file.name });
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
    const rows = await api.getBulkBatch({ batchId: id });
    const wording = rows.ok ? reportWording(language, rows.value) : undefined;
    const r = await api.bulkErrorReport({ batchId: id, wording });
    if (r.ok) saveText(r.value.fileName, r.value.csv);
    else setError(r.error);
  };

  // The customers' messages in the language chosen (the app's until one is), as the share panel's.
  const [messageLanguage, setMessageLanguage] = useMessageLanguage();
  const linksCsv = async (id: string) => {
    const links = await api.bulkLinks({ batchId: id });
    if (!links.ok) return setError(links.error);
    const r = await api.bulkLinksCsv({ batchId: id, wording: linksWording(messageLanguage, links.value) });
    if (r.ok) saveText(r.value.fileName, r.value.csv);
    else setError(r.error);
  };

  // Beside the downloads it words: the batch's when it offers one, else at the head of Recent batches
  // (one choice for both). It spanned the page below the batch, away from the button it changes.
  const languageChoice = <MessageLanguage id="bulk-message-language" label={t('gp.bulk.messageLanguage')} value={messageLanguage} onChange={setMessageLanguage} testId="bulk-message-language" />;

  // Open in Recent batches shows the batch above the list, out of view from a lower row: its title takes the keyboard (and the view).
  const [opened, setOpened] = useState(0);
  const open = async (id: string) => {
    const r = await api.getBulkBatch({ batchId: id });
    if (!r.ok) return;
    setBatch(r.value);
    setOpened((n) => n + 1);
  };

  return (
    <section aria-labelledby="bulk-title" className="gp-screen" data-testid="bulk-screen">
      <h1 id="bulk-title">{t('gp.bulk.screen')}</h1>
      <p>{t('gp.bulk.intro')}</p>
      {!mayCreate && <p role="note" className="gp-note" data-testid="role-no-create">{t('gp.roleNoCreate')}</p>}
      {mayCreate && (
        <>
          {/* What a file needs, read here: it was told only by the template, opened in a spreadsheet. */}
          <p data-testid="bulk-needs"><IsolatedRuns as="code" text={t('gp.bulk.needs')} /></p>
          <div className="form-actions bulk-template">
            <button type="button" onClick={() => void template()} data-testid="bulk-template">{t('gp.bulk.template')}</button>
          </div>
          <div className="field">
            <label htmlFor="bulk-file">{t('gp.bulk.file')}</label>
            <FileInput key={fileKey} id="bulk-file" accept=".csv,text/csv" onFile={(file) => void choose(file)} data-testid="bulk-file" />
          </div>
        </>
      )}
      <SendError error={error} />
      {preview && preview.choices.length > 0 && <EncodingChoice preview={preview} onChoose={readAs} />}
      {preview && preview.choices.length === 0 && (
        <PreviewTable preview={preview} onStart={() => void start()}>
          {preview.valid > 0 && addressFields}
          {preview.valid > 0 && Object.keys(checkAddresses()).length === 0 && <AddressesUsed values={addresses} profile={urls.profile} />}
        </PreviewTable>
      )}
      {batch && <BatchProgress batch={batch} opened={opened} maySend={mayCreate} languageChoice={languageChoice} onCancel={() => void cancel()} onResume={() => run(batch)} onReport={() => void report(batch.id)} onLinks={() => void linksCsv(batch.id)}>{mayCreate && batch.pending > 0 && batch.state !== 'running' && !batch.addresses && addressFields}<AddressesNotKept /></BatchProgress>}
      {dialog}
      {recent.length > 0 && (
        <section aria-labelledby="bulk-recent-title" className="gp-list">
          <h2 id="bulk-recent-title">{t('gp.bulk.recent')}</h2>
          {!(batch && offersLinks(batch)) && recent.some(offersLinks) && <div className="bulk-links-download">{languageChoice}</div>}
          <ul className="gp-simple-list" data-testid="bulk-recent">
            {recent.map((b) => (
              <li key={b.id}>
                {/* When it was made: two batches of one file (a corrected one chosen again) were told apart by nothing. */}
                <Ltr>{b.fileName}</Ltr> · <RowMoment iso={b.createdAt} testId="bulk-recent-when" /> · {t(`gp.bulk.state.${b.state}`)}{b.runner && !b.runner.here ? ` (${b.runner.person})` : ''} · {t('gp.bulk.counts', { created: String(b.created), total: String(b.total) })}{' '}
                <button type="button" onClick={() => void open(b.id)} aria-label={t('gp.bulk.openBatch', { name: b.fileName })}>{t('gp.bulk.open')}</button>
                {offersLinks(b) && <>{' '}<button type="button" onClick={() => void linksCsv(b.id)} aria-label={t('gp.bulk.linksCsvOf', { name: b.fileName })} data-testid="bulk-recent-links">{t('gp.bulk.linksCsv')}</button></>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/** Main could not tell how the file was saved: a few names read each way, and the person chooses. */
function EncodingChoice({ preview, onChoose }: { preview: Preview; onChoose(encoding: BulkEncoding): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <section aria-labelledby="bulk-encoding-title" className="gp-list" data-testid="bulk-encoding-choice">
      <h2 id="bulk-encoding-title">{t('gp.bulk.chooseTitle')}</h2>
      {preview.fileError && <p>{wordReason(language, preview.fileError)}</p>}
      <ul className="gp-simple-list">
        {preview.choices.map((choice) => {
          const name = t(`gp.bulk.encoding.${choice.encoding}` as MessageKey);
          return (
            <li key={choice.encoding} data-testid="bulk-encoding-option" data-encoding={choice.encoding}>
              <p>{choice.names.length ? choice.names.map((n, i) => <span key={i}>{i > 0 && ' · '}<bdi>{n}</bdi></span>) : t('gp.bulk.noNames')}</p>
              <button type="button" onClick={() => onChoose(choice.encoding)}>{t('gp.bulk.useEncoding', { encoding: name })}</button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const delimiterWord = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

/** What the preview says every row's customer will be sent to: typed for the batch, else the profile's defaults. */
function AddressesUsed({ values, profile }: { values: { successUrl: string; failureUrl: string }; profile: ProfileView | undefined }) {
  const t = useT();
  if (profile?.environment === 'practice') return <p data-testid="bulk-urls-used">{t('gp.bulk.urlsPractice')}</p>;
  const success = values.successUrl.trim() || profile?.successUrl;
  const failure = values.failureUrl.trim() || profile?.failureUrl;
  if (!success || !failure) return null;
  return <p data-testid="bulk-urls-used">{t('gp.bulk.urlsUsed', { success, failure })}</p>;
}

/** Where this batch's customers go: the addresses it kept when it first ran (a resume sends the rest there). */
function BatchAddresses({ batch }: { batch: BulkBatchView }) {
  const t = useT();
  const profile = useSession((s) => s.profile);
  if (!batch.addresses) return null;
  // As the preview says it: on the practice profile the practice gateway's own page (its links keep the addresses all the same).
  if (profile?.id === batch.profileId && profile.environment === 'practice') return null;
  return <p data-testid="bulk-batch-urls">{t('gp.bulk.batchUrls', { success: batch.addresses.successUrl, failure: batch.addresses.failureUrl })}</p>;
}

function PreviewTable({ preview, onStart, children }: { preview: Preview; onStart(): void; children?: ReactNode }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  if (preview.fileError) return <p role="alert" className="form-error" data-testid="bulk-file-error">{wordReason(language, preview.fileError)}</p>;
  return (
    <section aria-labelledby="bulk-preview-title" className="gp-list" data-testid="bulk-preview">
      <h2 id="bulk-preview-title">{t('gp.bulk.preview')}</h2>
      {preview.encoding && preview.delimiter && (
        <p data-testid="bulk-read-as" data-encoding={preview.encoding}>{t('gp.bulk.readAs', { encoding: t(`gp.bulk.encoding.${preview.encoding}` as MessageKey), delimiter: delimiterWord[preview.delimiter] })}</p>
      )}
      <p role="status" data-testid="bulk-summary">{t('gp.bulk.summary', { valid: preview.valid, invalid: preview.invalid })}</p>
      <BulkFixLines lines={preview.rows.filter((row) => Object.keys(row.errors).length > 0).map((row) => row.line)} />
      <table className="gp-table bulk-preview-table" aria-labelledby="bulk-preview-title">
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
              <tr key={row.line} id={bulkLineRowId(row.line)} tabIndex={problems.length ? -1 : undefined} data-testid="bulk-preview-row" data-valid={problems.length === 0 ? 'true' : 'false'} className={problems.length ? 'gp-row-bad' : undefined}>
                <td>{row.line}</td>
                <td>{row.orderId ? <Ltr className="mono">{row.orderId}</Ltr> : <span className="field-hint">{t('gp.bulk.generated')}</span>}</td>
                <td><PreviewAmount row={row} /></td>
                {/* As in the links list: cut at the name's own end, its hyphens unbroken (display only: the row is sent as read). */}
                <td><div className="bulk-name"><ClampedName name={row.customerName} /></div></td>
                <td>{problems.length ? <ul className="gp-problems">{problems.map(([column, message]) => <li key={column}><ColumnName column={column} />: <QuotedWords text={wordReason(language, message) ?? message.key} wholeRuns /></li>)}</ul> : t('gp.bulk.ok')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {children}
      <div className="form-actions">
        <button type="button" className="gp-primary" disabled={preview.valid === 0} onClick={onStart} data-testid="bulk-start">{t('gp.bulk.start', { count: preview.valid })}</button>
      </div>
    </section>
  );
}

/** A row's amount as the app words money, when it can be sent as it reads; else as typed in the file. */
function PreviewAmount({ row }: { row: Preview['rows'][number] }) {
  const amount = !row.errors.amount && !row.errors.currency && isCurrencyCode(row.currency) ? parseAmount(row.amount, row.currency) : undefined;
  return amount?.ok ? <Amount minor={amount.minor} currency={row.currency} /> : <Ltr>{`${row.amount} ${row.currency}`.trim()}</Ltr>;
}

/** A problem's column in the reader's language, the file's own header beside it (bulk-columns.ts). */
function ColumnName({ column }: { column: string }) {
  const t = useT();
  const { name, header } = bulkColumn(column, t);
  return <>{name}{header && <> (<Ltr className="mono">{header}</Ltr>)</>}</>;
}

function BatchProgress({ batch, opened, maySend, languageChoice, onCancel, onResume, onReport, onLinks, children }: { batch: BulkBatchView; opened: number; maySend: boolean; languageChoice: ReactNode; onCancel(): void; onResume(): void; onReport(): void; onLinks(): void; children?: ReactNode }) {
  const t = useT();
  const done = batch.total - batch.pending;
  const canResume = maySend && batch.pending > 0 && batch.state !== 'running';
  // The button pressed ("Create N links", then Cancel) goes away as the batch starts and ends: the
  // keyboard, left on the page, comes to the batch's title instead.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusIfLost(title.current), [batch.state]);
  useEffect(() => {
    if (opened) title.current?.focus();
  }, [opened]);
  return (
    <section aria-labelledby="bulk-batch-title" className="gp-result" data-testid="bulk-batch" data-state={batch.state}>
      <h2 id="bulk-batch-title" ref={title} tabIndex={-1}>{t('gp.bulk.batch', { name: batch.fileName })}</h2>
      <label htmlFor="bulk-progress">{t('gp.bulk.progress')}</label>
      <progress id="bulk-progress" max={batch.total} value={done} data-testid="bulk-progress" />
      <p role="status" data-testid="bulk-status">
        {t(`gp.bulk.state.${batch.state}`)} · {t('gp.bulk.detail', { created: String(batch.created), failed: String(batch.failed), unknown: String(batch.unknown), pending: String(batch.pending), total: String(batch.total) })}
      </p>
      {batch.state === 'running' && batch.runner && (
        <p data-testid="bulk-runner" data-here={batch.runner.here ? 'true' : 'false'}>
          {batch.runner.here || batch.runner.laptop === null
            ? t('gp.bulk.runningHere', { person: batch.runner.person })
            : t('gp.bulk.runningOn', { laptop: batch.runner.laptop, person: batch.runner.person })}
        </p>
      )}
      {batch.unknown > 0 && <p>{t('gp.bulk.unknownHint')}</p>}
      <BatchAddresses batch={batch} />
      {batch.state !== 'running' && <WhatNext batch={batch} maySend={maySend} />}
      {batch.state !== 'running' && <RowProblems batch={batch} />}
      {children}
      <div className="form-actions bulk-actions">
        {maySend && batch.state === 'running' && <button type="button" onClick={onCancel} data-testid="bulk-cancel">{t('gp.bulk.cancel')}</button>}
        {canResume && <button type="button" className="gp-primary" onClick={onResume} data-testid="bulk-resume">{t('gp.bulk.resume')}</button>}
        {offersLinks(batch) && (
          <div className="bulk-links-download">
            {languageChoice}
            <button type="button" onClick={onLinks} data-testid="bulk-links-csv">{t('gp.bulk.linksCsv')}</button>
          </div>
        )}
        {batch.failed + batch.unknown > 0 && batch.state !== 'running' && <button type="button" onClick={onReport} data-testid="bulk-report">{t('gp.bulk.report')}</button>}
      </div>
    </section>
  );
}

/**
 * After a run, where the links are and how to send them (the batch said only "Done · 5 created"),
 * and how to send the rows not created without making links twice: choosing the corrected file
 * again would make new links for every row without an order reference.
 */
function WhatNext({ batch, maySend }: { batch: BulkBatchView; maySend: boolean }) {
  const t = useT();
  const go = useNavigation((s) => s.go);
  return (
    <>
      {/* Finance is not offered Payment links (screens.tsx): it finds the links in Transactions, or downloads them here. */}
      {maySend && batch.created > 0 && (
        <p data-testid="bulk-created-next">
          {t('gp.bulk.createdNext', { created: batch.created })}{' '}
          <button type="button" onClick={() => go('links')} data-testid="bulk-open-links">{t('gp.bulk.openLinks')}</button>
        </p>
      )}
      {maySend && batch.failed > 0 && <p data-testid="bulk-retry-next">{t('gp.bulk.retryNext')}</p>}
    </>
  );
}

const openProblemsUpTo = 10;

/** The rows that failed or whose outcome is unknown, each with why, in the user's language. */
function RowProblems({ batch }: { batch: BulkBatchView }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const rows = batch.rows.filter((r) => r.problems.length > 0);
  if (!rows.length) return null;
  return (
    // Open when short: closed, a row's reason took one more click, and the few rows were the ones to fix.
    <details data-testid="bulk-row-problems" open={rows.length <= openProblemsUpTo}>
      <summary>{t('gp.bulk.problemsTitle')}</summary>
      <ul className="gp-problems">
        {rows.map((r) => <li key={r.line}>{t('gp.bulk.problemLine', { line: r.line })}: <QuotedWords text={wordProblems(language, r.problems, true)} wholeRuns /></li>)}
      </ul>
    </details>
  );
}
