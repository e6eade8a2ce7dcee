// Each top-level folder says what lives there and what it may import (the developers' guide):
// a folder added without its README fails here, not in a reader's head.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
const folders = [...new Set(tracked.filter((path) => path.includes('/')).map((path) => path.split('/')[0]!))].sort();

describe('top-level folders', () => {
  it('are found', () => expect(folders).toEqual(expect.arrayContaining(['main', 'renderer', 'contract', 'test'])));

  it.each(folders)('%s/ has a README that says what it may import', (folder) => {
    const readme = join(root, folder, 'README.md');
    expect(existsSync(readme), `${folder}/README.md is missing`).toBe(true);
    expect(readFileSync(readme, 'utf8')).toMatch(/import/i);
  });
});
