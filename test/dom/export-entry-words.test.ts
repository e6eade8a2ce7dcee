// An export's audit entry (main/ledger/export-record.ts's form) reads in the user's language on
// the audit screen: how many rows, which file, the local days' zone, the list's filters with the
// filter bar's own labels, the settlement's days, and the audit search, in English and Arabic.
import { expect, it } from 'vitest';
import { auditResult } from '../../renderer/src/features/transactions/audit-words';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';
import { formatDate } from '../../renderer/src/i18n/format';

const entries: Array<[string, string, RegExp, RegExp]> = [
  ['export_payments', '12 rows; file paydesk-payments-20261129-054000.csv; zone Asia/Riyadh; state paid,refunded; currency KWD; search "PD-7; x"',
    /^12 rows to .*paydesk-payments-20261129-054000\.csv.*; local days in .*Asia\/Riyadh.*; State: Paid, Refunded; Currency: KWD; matching “PD-7; x”$/,
    /^12 صفًا إلى .*paydesk-payments-20261129-054000\.csv.*؛ الأيام المحلية بتوقيت .*Asia\/Riyadh.*؛ الحالة: مدفوعة، مستردة؛ العملة: KWD؛ المطابقة لـ «PD-7; x»$/],
  ['export_payments', '3 rows; file paydesk-payments-20261129-054000.csv; zone UTC; currency SAR; card ending 4242',
    /^3 rows to .*; Currency: SAR; Card ends in: .*4242.*$/, /^3 صفوف إلى .*؛ العملة: SAR؛ البطاقة تنتهي بـ: .*4242.*$/],
  ['export_audit_log', '1 rows; file paydesk-audit-matching-20261129-054000.csv; zone UTC; search "refund"', /^1 entry to .*; local days in .*UTC.*; matching “refund”$/, /^قيد واحد إلى .*المطابقة لـ «refund»$/],
  // The audit log's file holds entries, as its saved line says "Saved 23,128 entries" (walk15, walk31).
  ['export_audit_log', '23128 rows; file paydesk-audit-20261129-054000.csv; zone UTC', /^23,128 entries to .*paydesk-audit-20261129-054000\.csv.*; local days in .*UTC.*$/, /^23,128 قيدًا إلى .*paydesk-audit/],
  ['export_settlement', '3 rows; file paydesk-settlement-20261129-054000.csv; days 2026-02-01 to 2026-02-03', /^3 rows to .*; days 1 Feb 2026 to 3 Feb 2026$/, /^3 صفوف إلى .*؛ الأيام من .*2026.* إلى .*2026/],
];

it.each(['en', 'ar'] as Language[])('words what each export recorded in %s', (language) => {
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values);
  for (const [action, result, english, arabic] of entries) {
    const said = auditResult(action, result, t, language);
    expect(said).not.toMatch(/\{\w+|audit\.|tx\.|undefined/);
    expect(said).toMatch(language === 'en' ? english : arabic);
  }
  // An older entry's form still reads as before.
  expect(auditResult('export_payments', '40 rows', t, language)).toBe(t('audit.result.rows', { rows: 40 }));
});

it('draws an Arabic entry\'s days as the lists draw dates, not isolated left to right', () => {
  // Intl's Arabic date carries right-to-left marks after its day and month ("01‏/10‏/2026"); isolated
  // left to right (as amounts are: the message's {from} and {to} were taken for amounts), Chromium
  // drew it "012026/10/" on the audit screen (the screen walk, docs/screens-walks.md).
  const result = '466 rows; file paydesk-refunds-made-20261130-173715.csv; zone UTC; days 2026-10-01 to 2026-10-31; currency SAR; profile practice';
  const said = auditResult('export_refunds', result, (key, values) => translate('ar', key, values), 'ar');
  expect(said).toContain(`الأيام من ${formatDate('2026-10-01', 'ar')} إلى ${formatDate('2026-10-31', 'ar')}؛ العملة: SAR؛`);
  expect(said).not.toMatch(/\u2066\d\d\u200f/);
  expect(auditResult('export_refunds', result, (key, values) => translate('en', key, values), 'en')).toMatch(/; days 1 Oct 2026 to 31 Oct 2026; Currency: SAR; /);
});

it('says a card number main removed from the search in the reader\'s language', () => {
  const result = '2 rows; file paydesk-payments-20261129-054000.csv; search "refund [card number removed]"';
  const word = (language: Language) => auditResult('export_payments', result, (key, values) => translate(language, key, values), language);
  expect(word('en')).toMatch(/matching “refund \[card number removed\]”$/);
  expect(word('ar')).toMatch(/المطابقة لـ «refund \[حُذف رقم البطاقة\]»$/);
});
