// Whether a failure is the disk being full: SQLite's SQLITE_FULL (and SQLITE_IOERR_SHMSIZE, its
// answer when the WAL's shared-memory file cannot grow, which on a full disk is the first write an
// open makes), or a file write's ENOSPC / EDQUOT (a quota is full to the person too). A person can
// act on "the disk is full" (free space, then try again); not on a code.
const diskFullCodes = new Set(['SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE', 'ENOSPC', 'EDQUOT']);

export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && diskFullCodes.has(code);
}
