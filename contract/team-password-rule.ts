// The rule for a new team ledger password ("Change my password", Settings → Team ledger), shared so
// the screen says it before the person types and main refuses the same. At least 12 characters:
// the password is the login's only guard on a server the team can reach over the network (NIST SP
// 800-63B asks for 8 at least; 12 leaves room for the passphrases people remember). Not containing
// the login name: the first thing anyone guesses (PostgreSQL's own passwordcheck module refuses it too).
export const teamPasswordMinLength = 12;

export type TeamPasswordProblem = 'short' | 'login';

/** What is wrong with `password` as the new password of `login`, or undefined. Characters, not UTF-16 units, are counted. */
export function teamPasswordProblem(login: string, password: string): TeamPasswordProblem | undefined {
  if ([...password].length < teamPasswordMinLength) return 'short';
  const name = login.trim().toLowerCase();
  if (name !== '' && password.toLowerCase().includes(name)) return 'login';
  return undefined;
}
