// The name of a failed test's files in test-results/failures/: `<file> - <test>`, readable in a
// listing, and one per test. A long title is cut and ends with a short hash of the whole: cut
// alone at 150 characters, two tests whose titles begin alike wrote over each other's files.
import { createHash } from 'node:crypto';

/** Longest name: with "-2" (a second session) and ".png", well under a file name's 255 bytes. */
export const failureNameLength = 150;

/** `test`: the test's title as shown; `fullName`: with its describe blocks (what tells two tests apart). */
export function failureName(file: string, test: string, fullName: string = test): string {
  const name = `${file} - ${test}`.replace(/[^\w .,()-]+/g, '_');
  if (name.length <= failureNameLength) return name;
  const hash = createHash('sha256').update(`${file}\n${fullName}`).digest('hex').slice(0, 8);
  const kept = name.slice(0, failureNameLength - hash.length - 3).replace(/[\s_.,-]+$/, '');
  return `${kept} (${hash})`;
}
