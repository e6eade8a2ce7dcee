// Words main kept for later (a payment's last error, the last backup failure): its reason in the
// window's language. Where main has English words only (an earlier Paydesk kept them, or the key is
// one this Paydesk does not know), those as they are, marked English and isolated so an Arabic line
// does not reorder them (docs/ledger.md, "A payment's last error"; docs/maintenance.md).
import { useLanguage, wordReason } from '../i18n';
import { QuotedWords } from './quoted-words';

export function MainWords({ reason, english }: { reason: { key: string; values?: Record<string, string | number> } | null; english: string | null }) {
  const language = useLanguage((s) => s.language);
  const worded = reason ? wordReason(language, reason) : undefined;
  if (worded) return <QuotedWords text={worded} />;
  return english ? <bdi lang="en">{english}</bdi> : null;
}
