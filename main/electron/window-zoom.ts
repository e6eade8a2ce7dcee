// How large the window's contents are drawn (Ctrl+= / Ctrl+- / Ctrl+0 and the View menu), kept in
// a small file in the data folder so the next start opens at the same size. Chromium's own
// per-host memory of zoom is not relied on: it is keyed by the page's address and was never
// tested here. The steps are Chromium's own (its browser's zoom menu), 50% to 300%.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const zoomFileName = 'window-zoom.json';
export const zoomSteps = [0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

export type WindowZoom = { factor(): number; zoomIn(): number; zoomOut(): number; reset(): number };

/** The factor saved by an earlier run if it is one of the steps, else 1. */
export function savedZoom(dataDir: string): number {
  try {
    const factor = (JSON.parse(readFileSync(join(dataDir, zoomFileName), 'utf8')) as { factor?: unknown }).factor;
    return zoomSteps.find((step) => step === factor) ?? 1;
  } catch {
    return 1;
  }
}

export function createWindowZoom(dataDir: string): WindowZoom {
  let current: number = savedZoom(dataDir);
  const keep = (factor: number) => {
    current = factor;
    try {
      writeFileSync(join(dataDir, zoomFileName), JSON.stringify({ factor }), { mode: 0o600 });
    } catch {
      // Unwritable folder: the size still holds for this run.
    }
    return current;
  };
  const index = () => zoomSteps.indexOf(current as (typeof zoomSteps)[number]);
  return {
    factor: () => current,
    zoomIn: () => keep(zoomSteps[Math.min(index() + 1, zoomSteps.length - 1)]!),
    zoomOut: () => keep(zoomSteps[Math.max(index() - 1, 0)]!),
    reset: () => keep(1),
  };
}
