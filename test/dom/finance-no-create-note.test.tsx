// Finance's note on a create screen says who creates payments: staff, support or admin (walk of
// the team ledger: it said "Ask a colleague in support, or a Paydesk admin", though staff create
// payments too). Money moves stay support's or an admin's (detail-role-limits.test.tsx).
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { TerminalScreen } = await import('../../renderer/src/features/get-paid/terminal-screen');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('names staff, support and admin as the roles that create payments, in English and Arabic', async () => {
  useSession.setState({ info: appInfo({ role: 'finance' }), profile: practiceProfile() });
  render(<TerminalScreen />);
  const note = await screen.findByTestId('role-no-create');
  expect(note.textContent).toBe('Your role in the team ledger (finance) reads and exports payments; it does not create them. A colleague in staff, support or admin creates them.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(note.textContent).toBe('دورك في سجل الفريق (المالية) يقرأ المدفوعات ويصدّرها ولا يُنشئها. يُنشئها زميل من الموظفين أو الدعم أو المسؤولين.');
});
