// Words for a screen reader when nothing on the screen moves to say them: a refused Send whose first
// wrong field already had the keyboard left the field's new message unsaid (walk18: "At most SAR
// 124.50 is left." under the refund's amount, Enter pressed in that amount, and silence). One polite
// live region, out of sight, made once and kept in the page (a region made together with its words is
// not read by every screen reader).
const regionId = 'paydesk-announcer';

function region(): HTMLElement {
  const found = document.getElementById(regionId);
  if (found) return found;
  const made = document.createElement('p');
  made.id = regionId;
  made.setAttribute('role', 'status');
  made.dataset.testid = 'announcer';
  // Out of sight but read (set through the CSSOM: the page's CSP allows no style attributes).
  Object.assign(made.style, { position: 'absolute', inlineSize: '1px', blockSize: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap', margin: '0' });
  document.body.append(made);
  return made;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Says `words` once. Emptied first and filled a moment later, so the region exists before its words
 * come and the same words said again (Enter pressed twice) are read again. Emptied again after a
 * while (a removal is not read): the words of a moment, not left for a reader going through the page.
 */
export function announce(words: string) {
  const live = region();
  live.textContent = '';
  clearTimeout(timer);
  timer = setTimeout(() => {
    live.textContent = words;
    timer = setTimeout(() => void (live.textContent = ''), 5_000);
  }, 100);
}
