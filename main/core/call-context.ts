/** Who is calling: recorded in the audit log; never trusted for authorisation by itself. */
export type CallContext = { transport: 'ipc' | 'bridge' | 'direct'; osUser: string };
