// A search field's direction: that of what is typed in it once something is. In an Arabic screen
// a phone, an e-mail or an order reference typed into a right-to-left field was drawn out of order
// ("+966581519896" as "966581519896+"). Empty, the field keeps the page's direction: Chromium
// takes dir="auto" of an empty field as left to right, and the Arabic hint inside it went left.
export const typedDir = (value: string): 'auto' | undefined => (value === '' ? undefined : 'auto');
