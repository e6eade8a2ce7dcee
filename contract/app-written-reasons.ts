// Reasons Paydesk itself writes into the ledger as an operation's reason (the audit log and a
// payment's history show it). The ledger keeps these English words, as every earlier Paydesk did
// and as the gateway receives them with the refund; the screens word them in the reader's
// language (renderer/src/features/transactions/stored-reason.ts). A reason a person typed is not
// one of these and is shown as typed.

/** The gateway check-up's refunds of its own test payments (main/checkup/step-kit.ts). */
export const checkupRefundReason = 'Gateway check-up: returning the test money';
