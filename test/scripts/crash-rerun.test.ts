// `npm test` runs a file again only when its Chromium died on its own, and adds the runs up so a
// real failure still fails the run.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { combine, crashedFiles, filesToRunAgain } from '../../scripts/test-run/crash-rerun.mjs';

const file = (name: string, ...statuses: string[]) => ({
  name,
  status: statuses.includes('failed') || statuses.length === 0 ? 'failed' : 'passed',
  assertionResults: statuses.map((status) => ({ status })),
});
// A file failed in its beforeAll: vitest marks it failed and its tests skipped.
const crashedInBeforeAll = { name: '/r/test/e2e/a.test.ts', status: 'failed', assertionResults: [{ status: 'skipped' }, { status: 'skipped' }] };

describe('the run again after a Chromium crash', () => {
  it('reads the marks the crashed files left, and picks only failed files that crashed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marks-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ file: '/r/test/e2e/a.test.ts', at: 'now' }));
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ file: '/r/test/e2e/c.test.ts', at: 'now' }));
    const crashed = crashedFiles(dir);
    const report = { testResults: [crashedInBeforeAll, file('/r/test/e2e/b.test.ts', 'failed'), file('/r/test/e2e/c.test.ts', 'passed')] };
    expect(filesToRunAgain(report, crashed)).toEqual(['/r/test/e2e/a.test.ts']);
    expect(crashedFiles(join(dir, 'none')).size).toBe(0);
  });

  it('passes the run when the crashed file passes the second time, counting its second run only', () => {
    const first = { testResults: [crashedInBeforeAll, file('/r/x.test.ts', 'passed', 'passed', 'skipped')] };
    const again = { testResults: [file('/r/test/e2e/a.test.ts', 'passed', 'passed')] };
    expect(combine(first, 1, again, 0)).toEqual({ passed: 4, failed: 0, skipped: 1, status: 0 });
  });

  it('fails the run when the file fails again, or when another file failed for any reason', () => {
    const againFailed = { testResults: [file('/r/test/e2e/a.test.ts', 'passed', 'failed')] };
    expect(combine({ testResults: [crashedInBeforeAll] }, 1, againFailed, 1)).toMatchObject({ failed: 1, status: 1 });
    const withRealFailure = { testResults: [crashedInBeforeAll, file('/r/b.test.ts', 'failed')] };
    const again = { testResults: [file('/r/test/e2e/a.test.ts', 'passed', 'passed')] };
    expect(combine(withRealFailure, 1, again, 0)).toMatchObject({ passed: 2, failed: 1, status: 1 });
  });

  it('keeps a first run that failed with no failed file (an error outside the tests) failed', () => {
    const again = { testResults: [file('/r/test/e2e/a.test.ts', 'passed')] };
    expect(combine({ testResults: [file('/r/x.test.ts', 'passed')] }, 1, again, 0).status).toBe(1);
  });
});
