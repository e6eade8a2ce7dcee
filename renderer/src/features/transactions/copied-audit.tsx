// "Copied from laptops", under the audit log on the team ledger: what each laptop recorded in its
// own ledger before its copy into the team ledger (listCopiedAudit), read-only, one laptop at a
// time, newest first (their times in this computer's zone, as the log above), a page at a time (keyset, as the log above); "Verify this laptop's entries"
// checks them by that laptop's own chain, as the copy made them verifiable. Nothing is drawn where
// nothing was copied (a laptop's own ledger answers no laptops). The log's search and period
// (given by the audit screen) apply here too, sent as the log sends them.
import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../../contract/methods';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { useWords, type Words } from '../../i18n/words';
import { RowMoment } from '../../ui/row-moment';
import { AuditEntryCells } from './audit-entry-cells';
import { IsolatedRuns } from '../../ui/isolated-runs';
import { ltrIsolated } from '../../../../contract/amount-words';
import { auditCodesFor } from './audit-search-codes';

const pageSize = 100;
type Data = MethodOutput<'listCopiedAudit'>;
type Checked = { laptop: string; done: false } | { laptop: string; done: true; intact: boolean; entries: number; brokenAt?: number };

/** The audit screen's search text and period (ISO instants), as it sends them for its own log. */
type Search = { query: string; period: { from?: string; to?: string } };

export function CopiedAudit({ query, period }: Search) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const words = useWords();
  const [laptop, setLaptop] = useState<string>();
  // The seq each older page starts below; empty: the newest page.
  const [pages, setPages] = useState<number[]>([]);
  const [data, setData] = useState<Data>();
  const [checked, setChecked] = useState<Checked>();
  const [refused, setRefused] = useState<Words>();
  const beforeSeq = pages.at(-1);
  const searched = query.trim();
  const filtered = Boolean(searched) || period.from !== undefined || period.to !== undefined;
  // A new search or period starts again at the newest page.
  const searchKey = `${searched}|${period.from ?? ''}|${period.to ?? ''}`;
  const [pagedFor, setPagedFor] = useState(searchKey);
  if (pagedFor !== searchKey) {
    setPagedFor(searchKey);
    setPages([]);
  }

  useEffect(() => {
    let live = true;
    // The words on screen as codes, as the log above sends them (audit-search-codes.ts).
    const codes = searched ? auditCodesFor(searched, language) : undefined;
    const load = () => void api.listCopiedAudit({
      laptop, beforeSeq, limit: pageSize, ...(searched ? { query: searched } : {}), ...(codes?.actions.length ? { actions: codes.actions } : {}), ...(codes?.results.length ? { results: codes.results } : {}), ...period,
    }).then((r) => {
      if (!live) return;
      if (r.ok) setData(r.value);
      else setRefused(r.error.reason ? { reason: r.error.reason, otherwise: r.error.message } : { error: r.error });
    });
    const timer = setTimeout(load, searched ? 200 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [laptop, beforeSeq, searched, period.from, period.to, language]);

  async function verify(which: string) {
    setChecked({ laptop: which, done: false });
    const r = await api.verifyCopiedAudit({ laptop: which });
    if (r.ok) setChecked({ laptop: which, done: true, ...r.value });
    else {
      setChecked(undefined);
      setRefused(r.error.reason ? { reason: r.error.reason, otherwise: r.error.message } : { error: r.error });
    }
  }

  // Nothing copied, or the log above already says the reading was refused: nothing to add.
  if (!data || data.laptops.length === 0 || data.laptop === null) return null;
  const shown = data.laptop;
  const rows = data.rows;
  const hasOlder = filtered ? data.more === true : (rows.at(-1)?.seq ?? 1) > 1;
  const status = checked?.laptop !== shown ? undefined
    : !checked.done ? t('audit.copied.verifying', { laptop: shown })
    : checked.intact ? t('audit.copied.intact', { total: checked.entries, laptop: shown })
    : t('audit.copied.broken', { laptop: shown, seq: String(checked.brokenAt ?? '?') });
  return (
    <section className="copied-audit" aria-labelledby="copied-audit-title" data-testid="copied-audit">
      <h2 id="copied-audit-title">{t('audit.copied.title')}</h2>
      <p>{t('audit.copied.intro')}</p>
      <div className="tx-toolbar">
        {data.laptops.length > 1 && (
          <div className="field">
            <label htmlFor="copied-audit-laptop">{t('audit.copied.laptop')}</label>
            <select id="copied-audit-laptop" value={shown} dir="ltr" onChange={(e) => { setLaptop(e.target.value); setPages([]); }}>
              {data.laptops.map((name) => <option key={name} value={name}>{name}</option>)}
            </select>
          </div>
        )}
        <p data-testid="copied-audit-count">{t('audit.copied.count', { total: data.total, laptop: shown })}{filtered ? <> {t('audit.copied.filtered', { laptop: shown })}</> : null}</p>
        <button type="button" onClick={() => void verify(shown)} disabled={checked?.laptop === shown && !checked.done} data-testid="copied-audit-verify">{t('audit.copied.verify')}</button>
        <span role="status" className={checked?.done && !checked.intact ? 'chain-broken' : 'notice'} data-testid="copied-audit-status">{status ?? (refused ? words(refused) : '')}</span>
      </div>
      {filtered && rows.length === 0 && <p className="empty" role="status" data-testid="copied-audit-empty">{t('audit.copied.empty', { laptop: shown })}</p>}
      <table className="simple-table audit-table" data-testid="copied-audit-table">
        <caption className="visually-hidden">{t('audit.copied.caption', { laptop: shown })}</caption>
        <thead><tr><th scope="col">#</th><th scope="col"><IsolatedRuns text={t('audit.when', { zone: ltrIsolated(Intl.DateTimeFormat().resolvedOptions().timeZone) })} /></th><th scope="col">{t('audit.who')}</th><th scope="col">{t('audit.profile')}</th><th scope="col">{t('audit.action')}</th><th scope="col">{t('tx.col.order')}</th><th scope="col" className="num">{t('tx.col.amount')}</th><th scope="col">{t('audit.result')}</th></tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.seq}>
              <td>{row.seq}</td>
              <td><RowMoment iso={row.at} /></td>
              <td><bdi dir="ltr">{row.osUser}</bdi></td>
              <AuditEntryCells row={row} />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="button" disabled={pages.length === 0} onClick={() => setPages(pages.slice(0, -1))} data-testid="copied-audit-newer">{t('audit.newer')}</button>
        <button type="button" disabled={!hasOlder} onClick={() => setPages([...pages, rows.at(-1)!.seq])} data-testid="copied-audit-older">{t('audit.older')}</button>
      </div>
    </section>
  );
}
