// The one place the page writes to the clipboard (a link's address, a payment's ids).

/** Puts the text on the clipboard; false where the page may not (no permission, no focus): the caller offers it selected instead. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Selects the element's whole text (a cut id included, its hidden end too), so Ctrl+C copies it where the clipboard was refused. */
export function selectTextOf(element: Element | null): void {
  if (element) window.getSelection()?.selectAllChildren(element);
}
