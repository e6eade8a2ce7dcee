// The audit log: who did what, when, on which profile, and whether the chain is intact.
import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../../contract/methods';
import type { CurrencyCode } from '../../../../contract/money';
import { api } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { formatAmount, formatDateTime } from '../../i18n/format';
import { Ltr } from '../../ui/ltr';
import { saveFile } from '../../ui/save-file';
import { auditAction, auditResult } from './audit-words';
import './transactions.css';
import { profileName as displayName } from '../../ui/profile-name';

const isEnvironment = (value: string | null): value is 'practice' | 'sandbox' | 'production' => value === 'practice' || value === 'sandbox' || value === 'production';

export function AuditScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [query, setQuery] = useState('');
  const [data, setData] = useState<MethodOutput<'listAuditLog'>>();
  const [message, setMessage] = useState('');
  const [profiles, setProfiles] = useState<Map<string, string>>(new Map());
  useEffect(() => void api.listProfiles({}).then((r) => r.ok && setProfiles(new Map(r.value.profiles.map((p) => [p.id, displayName(p, t)])))), []);
  const profileName = (id: string) => profiles.get(id) ?? t('audit.profileRemoved');

  useEffect(() => {
    const timer = setTimeout(() => void api.listAuditLog({ query: query || undefined, limit: 200 }).then((r) => r.ok && setData(r.value)), 200);
    return () => clearTimeout(timer);
  }, [query]);

  async function exportAll() {
    const result = await api.exportAuditLog({});
    if (!result.ok) return setMessage(result.error.message);
    saveFile(result.value.fileName, [result.value.csv]);
    setMessage(t('export.done', { rows: result.value.rows }));
  }

  return (
    <div data-testid="audit-screen">
      <h1>{t('audit.title')}</h1>
      {data && <p className={data.chainIntact ? 'chain-ok' : 'chain-broken'} role="status" data-testid="audit-chain">{t(data.chainIntact ? 'audit.chainOk' : 'audit.chainBroken')}</p>}
      <div className="tx-toolbar">
        <div className="field"><label htmlFor="audit-search">{t('audit.search')}</label><input id="audit-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} /></div>
        <button type="button" onClick={() => void exportAll()} data-testid="audit-export">{t('audit.export')}</button>
        <span role="status" className="notice">{message}</span>
      </div>
      {data && (
        <table className="simple-table" data-testid="audit-table">
          <caption className="visually-hidden">{t('audit.title')}</caption>
          <thead><tr><th scope="col">#</th><th scope="col">{t('audit.when')}</th><th scope="col">{t('audit.who')}</th><th scope="col">{t('audit.profile')}</th><th scope="col">{t('audit.action')}</th><th scope="col">{t('tx.col.order')}</th><th scope="col" className="num">{t('tx.col.amount')}</th><th scope="col">{t('audit.result')}</th></tr></thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.seq}>
                <td>{row.seq}</td>
                <td>{formatDateTime(row.at, language)}</td>
                <td>{row.osUser}</td>
                <td>{row.profileId ? profileName(row.profileId) : '—'}{isEnvironment(row.environment) ? <> <span className={`env-badge env-${row.environment}`}>{t(`env.${row.environment}`)}</span></> : null}</td>
                <td>{auditAction(row.action, t)}{row.reason ? <> — <bdi className="user-text">{row.reason}</bdi></> : null}</td>
                <td><Ltr className="mono">{row.orderId ?? '—'}</Ltr></td>
                <td className="num">{row.amountMinor !== null && row.currency ? <Ltr>{formatAmount(row.amountMinor, row.currency as CurrencyCode, language)}</Ltr> : '—'}</td>
                <td>{auditResult(row.action, row.result, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
