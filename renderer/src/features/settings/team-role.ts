// The role this laptop has in the team ledger (from main's check at start or at the last reconnect;
// never the password), so screens leave out what the role may not do: staff and finance do not
// capture, void, refund, charge again or settle by hand (docs/team-ledger.md, "The security
// model"). The database refuses it anyway; this only spares a person a button that cannot work.
// Finance creates no payments either (the Get paid forms). Finance does check status (team schema
// 14) and settles an unclear operation the answer proves went through (schema 17); payment-detail.tsx
// says beforehand what its check leaves to support or an admin.
//
// The role comes with the session's first call (getAppInfo, session-store.ts), which every screen
// waits for before it is drawn: no screen is ever drawn with actions its role may not do, not even
// for a moment after a start or a change of screen (issue 15: they once showed until a per-screen
// call answered). On this laptop's own ledger nothing is left out. On the team ledger with the role
// not known (main could not check it: the server out of reach, no password; or the session not in
// yet), money moves are drawn disabled with why (`roleUnknown`), never enabled.
import type { MethodOutput } from '../../../../contract/methods';
import { useSession } from '../../app/session-store';

type Team = MethodOutput<'getAppInfo'>['team'];
export type TeamRole = NonNullable<NonNullable<Team>['role']>;

export type TeamStanding = {
  /** On the team ledger, the role the database gives; null elsewhere or not known. */
  role: TeamRole | null;
  /** Capture, void, refund, repeat charges and settling by hand (the check-up's steps too). */
  mayMoveMoney: boolean;
  /** Links, checkout sessions and sales (finance only reads and exports). */
  mayCreatePayments: boolean;
  /** The role is not known: money moves are shown disabled, with why (`team.roleUnknown`). */
  roleUnknown: boolean;
};

/** What a laptop may be offered, from the session's answer (undefined: not in yet). */
export function standingOf(info: { team: Team } | undefined): TeamStanding {
  if (info && info.team === null) return { role: null, mayMoveMoney: true, mayCreatePayments: true, roleUnknown: false };
  const role = info?.team?.role ?? null;
  // Unknown: no money move; creating stays offered (every role but finance may, and a server out of
  // reach refuses it in words before anything is sent).
  if (role === null) return { role, mayMoveMoney: false, mayCreatePayments: true, roleUnknown: true };
  return { role, mayMoveMoney: role === 'support' || role === 'admin', mayCreatePayments: role !== 'finance', roleUnknown: false };
}

/** `useTeamRole((s) => s.mayMoveMoney)`: a part of this laptop's standing, kept true by the session store. */
export function useTeamRole<T extends TeamStanding[keyof TeamStanding]>(pick: (standing: TeamStanding) => T): T {
  return useSession((s) => pick(standingOf(s.info)));
}

/** Whether this person may create payments here. */
export function useMayCreatePayments(): boolean {
  return useTeamRole((s) => s.mayCreatePayments);
}
