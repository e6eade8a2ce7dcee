// The names of a failed test's screenshot and notes (support/failure-name.ts): one per test, and
// readable. Cut at 150 characters alone, two tests whose long titles began alike shared a name,
// and the second failure's files replaced the first's.
import { describe, expect, it } from 'vitest';
import { failureName, failureNameLength } from './support/failure-name';

const start = 'fits a half-screen window: at 700 px wide, and at 1024 px with a payment open, in English and Arabic, the page never scrolls sideways and every header';

describe('failure file names', () => {
  it('keeps a short title whole, its signs that a file name cannot hold replaced', () => {
    expect(failureName('transactions', 'voids before capture')).toBe('transactions - voids before capture');
    expect(failureName('transactions', 'says "Find a payment"/elsewhere: right?')).toBe('transactions - says _Find a payment_elsewhere_ right_');
  });

  it('gives two long titles that begin alike two names, each the title\'s start and a short hash, no longer than the limit', () => {
    const one = failureName('transactions', `${start}, id, name, amount and state is whole`);
    const two = failureName('transactions', `${start}, and the keyboard stays in the detail`);
    expect(one).not.toBe(two);
    for (const name of [one, two]) {
      expect(name.length).toBeLessThanOrEqual(failureNameLength);
      expect(name).toMatch(/^transactions - fits a half-screen window_ at 700 px wide, and at 1024 px with a payment open, .+ \([0-9a-f]{8}\)$/);
    }
    expect(failureName('transactions', `${start}, id, name, amount and state is whole`)).toBe(one); // the same test, the same name
  });

  it('tells apart two long tests of the same title in different describe blocks', () => {
    const title = `${start}, id, name, amount and state is whole`;
    expect(failureName('transactions', title, `list > ${title}`)).not.toBe(failureName('transactions', title, `detail > ${title}`));
  });
});
