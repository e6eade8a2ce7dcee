// Strings of the after-sale screens (transactions, detail, actions, attention, audit log).
// `ar` must have every key of `en` (the type checks it).
export const en = {
  'nav.transactions': 'Transactions',
} as const;

export const ar: Record<keyof typeof en, string> = {
  'nav.transactions': 'المعاملات',
};
