// The audit screen's times are the computer's wall time, and an auditor compares them with the
// CSV's `at` in UTC: the "When" heading names the zone, in English and Arabic (it said "When"
// alone, and a 16:29 on screen was 13:29 in the file for a Riyadh laptop). main is a stub here.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { stubMain, unchecked } from '../support/stub-main';

stubMain({
  listAuditLog: () => ({ ok: true, value: unchecked({ total: 1, totalExact: true, chainIntact: true, rows: [{ seq: 1, at: '2026-11-29T13:29:00.000Z', osUser: 'fay', profileId: null, environment: null, action: 'export_audit_log', paymentId: null, orderId: null, amountMinor: null, currency: null, reason: null, result: '3 rows' }] }) }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each([['en', 'When'], ['ar', 'متى']] as const)('names the time zone of the times in the heading in %s', async (language, word) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<AuditScreen />);
  await screen.findByTestId('audit-table');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const heading = screen.getAllByRole('columnheader')[1]!.textContent!.replace(/[\u2066-\u2069]/g, '');
  expect(heading).toContain(word);
  expect(heading).toContain(zone);
});
