// A reason read back from where main kept it (a payment's last error in the ledger, the last backup
// failure in maintenance.json): kept only when its key is one of this Paydesk's and its values are
// plain text and numbers. One a newer Paydesk wrote (a key unknown here) reads as none, and the
// screen shows the English words stored beside it instead.
import { reasonTexts, type Reason } from '../../contract/reasons';

export function knownReason(value: unknown): Reason | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { key, values } = value as { key?: unknown; values?: unknown };
  if (typeof key !== 'string' || !Object.hasOwn(reasonTexts, key)) return undefined;
  if (values === undefined) return { key: key as Reason['key'] };
  if (!values || typeof values !== 'object' || Array.isArray(values) || Object.values(values).some((v) => typeof v !== 'string' && typeof v !== 'number')) return undefined;
  return { key: key as Reason['key'], values: values as Reason['values'] };
}
