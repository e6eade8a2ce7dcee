// Strings of the getting-paid screens (links, checkout sessions, virtual terminal, bulk links).
// `ar` must have every key of `en` (the type checks it).
export const en = {
  'nav.getPaid': 'Get paid',
} as const;

export const ar: Record<keyof typeof en, string> = {
  'nav.getPaid': 'تحصيل المدفوعات',
};
