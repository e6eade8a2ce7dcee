// A customer's name in the links list, in a cell of at most two lines (get-paid.css,
// `.gp-table .customer-name`: the clamp on a box in the page's direction). A hyphen between letters
// is drawn as a non-breaking one (U+2011): in Arabic at 600 px "Fahad Al-Qahtani" broke at its
// hyphen and the line drew "Fahad / -Al…"; now "Al‑Qahtani" moves to the next line whole, or is
// cut there with "…" (overflow-wrap still breaks a part wider than the cell, inside it, never the
// page). The title keeps the name exactly as typed.
export const unbrokenHyphens = (name: string) => name.replace(/(?<=\p{L})-(?=\p{L})/gu, '\u2011');

export function ClampedName({ name }: { name: string | null }) {
  return (
    <span className="customer-name" title={name ?? undefined}>
      <bdi>{unbrokenHyphens(name ?? '')}</bdi>
    </span>
  );
}
