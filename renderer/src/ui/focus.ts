// Where the keyboard focus goes when a form refuses a Save, or when what was pressed goes away.

/**
 * After a refused submit the focus goes to the first field with a message, for keyboard and
 * screen-reader users. `form`: a selector of the form (the getting-paid forms share a class).
 */
export function focusFirstError(form = '.gp-form') {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>(`${form} [aria-invalid="true"], ${form} .gp-error`);
    if (first?.closest('details')) (first.closest('details') as HTMLDetailsElement).open = true;
    first?.focus();
  });
}

/**
 * Hands the focus on only when it was lost (the button that had it went away and Chromium put it
 * on the page's start), so a change made elsewhere never takes it from where the person is.
 */
export function focusIfLost(target: HTMLElement | null | undefined) {
  const active = document.activeElement;
  if (!active || active === document.body) target?.focus();
}
