// How long a send may stay open, in a module of its own without zod: the renderer's first script
// reads it (left-open.ts), and the contract's schemas come with the first event, not with the page.

/**
 * A send open longer than this has no sender left (the gateway client gives up after 30 s): only a
 * Paydesk that stopped mid-send leaves one, on the team ledger another laptop that has not started
 * again. Needs attention lists it (main/ledger/attention-queue.ts); the screens say so.
 */
export const staleSendMinutes = 2;
