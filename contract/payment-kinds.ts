// The kinds of payment the ledger holds, without the schemas (zod) that use them: the renderer's
// filters need the list on the first screen that shows the ledger.

/** 'external': created elsewhere (the dashboard, a website) and added to the ledger by a status lookup. */
export const paymentKinds = ['link', 'checkout', 'sale', 'recurring', 'external'] as const;
