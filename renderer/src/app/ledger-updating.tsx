// "Updating your ledger… N%": main brings a large ledger's schema up to date off its event loop
// at start (main/ledger/migrate.ts) and says how far it got with ledger.migrate events.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useT } from '../i18n';

export function LedgerUpdating() {
  const t = useT();
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type === 'ledger.migrate') setPercent(event.done ? null : event.percent);
      }),
    [],
  );
  if (percent === null) return null;
  return <p role="status" className="notice ledger-updating" data-testid="ledger-updating">{t('app.ledgerUpdating', { percent: String(percent) })}</p>;
}
