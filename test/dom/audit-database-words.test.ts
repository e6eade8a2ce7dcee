// The audit entries the team ledger's database writes in a fixed English form (retry.sql,
// import.sql, the people's entries, a batch's entries of bulk-audit.sql, a creation's
// "recorded: <state>") are worded in the user's language on the audit screen, English and
// Arabic, each placeholder filled; the entries themselves stay as written (the hash covers them).
import { expect, it } from 'vitest';
import { auditAction, auditResult } from '../../renderer/src/features/transactions/audit-words';
import { translate, type Language, type MessageKey } from '../../renderer/src/i18n';

/** Entries as the database writes them (action, result), with what the screen says for them in English and words it must say in Arabic. */
const entries: Array<[string, string, string, RegExp]> = [
  ['create_link', 'recorded: creating', 'Recorded: Sending…', /سُجّلت/],
  ['refund', 'sending', 'Being sent', /قيد الإرسال/],
  ['retry_details', 'amount 1000 SAR -> 250050 SAR; description, customer', 'Amount changed from SAR 10.00 to SAR 2,500.50; also changed: description, customer', /تغيّر المبلغ من .*10\.00.* إلى .*2,500\.50.*الوصف، العميل/],
  ['retry_details', 'amount 1000 KWD -> 1500 KWD', 'Amount changed from KWD 1.000 to KWD 1.500', /تغيّر المبلغ/],
  ['import', 'payments: payments 12, operations 30, audit entries 41', 'Payments 12, operations 30, audit entries 41', /المدفوعات: 12، العمليات: 30، قيود التدقيق: 41/],
  ['add_person', 'finance', 'Role: finance', /الدور: مالية/],
  ['remove_person', 'removed', 'Removed', /أُزيل/],
  ['change_person_group', 'staff -> support', 'Group: staff → support', /الدور: موظف ← دعم/],
  ['bulk_import', 'rows 5, to send 3', '5 rows, 3 to send', /الصفوف: 5، للإرسال: 3/],
  ['bulk_run', 'to send 3', '3 to send', /للإرسال: 3/],
  ['bulk_cancel', 'asked', 'Stop asked', /طُلب الإيقاف/],
  ['bulk_finish', 'cancelled: created 1, failed 0, unknown 0, waiting 2', 'Cancelled: 1 created, 0 not created, 0 unknown, 2 waiting', /ملغاة: أُنشئ 1، لم يُنشأ 0، غير معروف 0، بالانتظار 2/],
  ['checkup_finished', '9 passed, 1 answered differently, 0 failed, 1 skipped, cancelled', '9 passed, 1 answered differently, 0 failed, 1 skipped, cancelled', /نجح 9.*أُلغي/],
];

it.each(['en', 'ar'] as Language[])('words every audit result the database writes in %s', (language) => {
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values);
  for (const [action, result, english, arabic] of entries) {
    const said = auditResult(action, result, t, language);
    expect(said).not.toMatch(/\{\w+|audit\.|undefined/);
    // In English a result reads as the state words beside it do: a capital (or a number) first.
    if (language === 'en') {
      expect(said.replace(/\u00a0/g, ' ')).toBe(english);
      expect(said).toMatch(/^[A-Z0-9]/);
    } else {
      expect(said).toMatch(arabic);
      expect(said).not.toBe(result);
    }
    // Every action named too, not shown as its code.
    expect(auditAction(action, t)).not.toBe(action);
  }
});

it('shows a result in a form it does not know as it was written', () => {
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate('ar', key, values);
  expect(auditResult('bulk_finish', 'paused: something new', t, 'ar')).toBe('paused: something new');
  expect(auditResult('invoice_reserved', 'INV-000012', t, 'ar')).toBe('INV-000012');
});
