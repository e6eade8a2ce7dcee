// Runs axe-core inside the page. The source is evaluated through the DevTools protocol,
// which the page's CSP does not govern, so the app's CSP stays as strict as shipped.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** `within`: a selector to check only that part of the page (a popup), else the whole document. */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  // Once per document: evaluating axe's 650 kB took 80–200 ms a call, 60 calls in the sweep. A
  // reload or navigation drops it with the old document, and axe.run starts afresh each time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: Document | { include: string[] }, opts: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, within);
}
