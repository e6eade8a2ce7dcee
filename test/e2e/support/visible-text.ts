// What a reader sees of a text cut by overflow: the characters whose boxes lie inside every box
// that clips them (each ancestor with overflow other than visible, and the window), in the text's
// own order. A text cut at its end shows its start; cut at its start, its end.
import type { Locator } from 'playwright-core';

export type ShownText = { whole: string; shown: string; title: string | null; ellipsis: boolean };

/** The first text inside `cell`, what of it shows, the title of its element (or an ancestor's) and whether an ellipsis marks the cut. */
export function shownText(cell: Locator): Promise<ShownText> {
  return cell.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode() as Text;
    const whole = node.data;
    let clip = { left: 0, right: document.documentElement.clientWidth };
    for (let box = node.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const rect = box.getBoundingClientRect();
      clip = { left: Math.max(clip.left, rect.left), right: Math.min(clip.right, rect.right) };
    }
    const range = document.createRange();
    let shown = '';
    for (let i = 0; i < whole.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0 && rect.left >= clip.left - 0.5 && rect.right <= clip.right + 0.5) shown += whole[i];
    }
    const cut = node.parentElement!;
    const clipped = cut.scrollWidth > cut.clientWidth;
    return { whole, shown, title: cut.closest('[title]')?.getAttribute('title') ?? null, ellipsis: clipped && getComputedStyle(cut).textOverflow === 'ellipsis' };
  });
}
