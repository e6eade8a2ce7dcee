// The role this laptop has in the team ledger (from main's connection check; never the password),
// so screens hide what the role may not do: staff and finance do not capture, void, refund,
// charge again or settle by hand (docs/team-ledger.md, "The security model"). The database
// refuses it anyway; this only spares a person a button that cannot work. Finance creates no
// payments either (the Get paid forms). Finance does check status (team schema 14) and settles an
// unclear operation the answer proves went through (schema 17); payment-detail.tsx says beforehand
// what its check leaves to support or an admin. Not on the team ledger (or its role not known yet):
// nothing is hidden.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { TeamLedgerView } from '../../../../contract/methods/team-ledger';
import { api } from '../../api';

type Role = NonNullable<NonNullable<TeamLedgerView['session']>['role']>;

type State = {
  role: Role | null;
  /** Capture, void, refund, repeat charges and settling by hand. */
  mayMoveMoney: boolean;
  /** Links, checkout sessions and sales (finance only reads and exports). */
  mayCreatePayments: boolean;
  load(): Promise<void>;
};

export const useTeamRole = create<State>((set) => ({
  role: null,
  mayMoveMoney: true,
  mayCreatePayments: true,
  async load() {
    // A bridge that cannot answer (an older main, a test's partial one) leaves everything offered.
    const result = await Promise.resolve().then(() => api.getTeamLedger({})).catch(() => ({ ok: false as const }));
    const role = result.ok && result.value.inUse ? result.value.session?.role ?? null : null;
    set({ role, mayMoveMoney: role === null || role === 'support' || role === 'admin', mayCreatePayments: role !== 'finance' });
  },
}));

/** Whether this person may create payments here (asks main once per screen shown). */
export function useMayCreatePayments(): boolean {
  useEffect(() => void useTeamRole.getState().load(), []);
  return useTeamRole((s) => s.mayCreatePayments);
}
