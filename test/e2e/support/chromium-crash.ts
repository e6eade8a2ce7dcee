// Debian's Chromium now and then dies on its own on a loaded CI machine (2026-11-29: its crash
// handler woke a second after launch and the browser's process was gone, no page error, no test
// step involved). The product runs in Electron, never in this Chromium, so such a crash says
// nothing about Paydesk: `npm test` (scripts/test.mjs) runs a file whose Chromium died once more,
// and only such a file. Each crash leaves a mark here for it; a failure of any other kind is
// never run again.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { crashMarksDir } from '../../../scripts/test-run/crash-rerun.mjs';
import { launchChromium } from '../../support/browser';

export function launchChromiumForTest(): Promise<Browser> {
  const testFile = expect.getState().testPath ?? 'unknown';
  return launchChromium({
    onCrash: () => {
      const at = new Date().toISOString();
      console.error(`Chromium's own process ended without being closed (${at}), in ${testFile}`);
      mkdirSync(crashMarksDir, { recursive: true });
      writeFileSync(join(crashMarksDir, `${basename(testFile)}-${process.pid}-${Date.now()}.json`), JSON.stringify({ file: testFile, at }));
    },
  });
}
