// The log stays small: it rotates at its size cap, keeps a few old files, and redacts exactly
// as before in every one of them.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../main/log/logger';
import { logFiles } from '../../main/log/rolling-file';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('log rotation', () => {
  it('stays under its cap after 100,000 lines, keeps the newest lines, and still redacts', () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-log-'));
    const file = join(dir, 'paydesk.log');
    const cap = { maxBytes: 256 * 1024, keep: 2 };
    const logger = createLogger({ file, cap });
    logger.addSecret('sk_test_rotation_secret_key');
    for (let i = 1; i <= 100_000; i++) {
      logger.info('payment created', { line: i, card: '4111 1111 1111 1111', key: 'sk_test_rotation_secret_key' });
    }
    const files = logFiles(file, cap.keep);
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect(existsSync(`${file}.3`)).toBe(false);
    for (const f of files) expect(statSync(f).size).toBeLessThanOrEqual(cap.maxBytes);
    const total = files.reduce((sum, f) => sum + statSync(f).size, 0);
    expect(total).toBeLessThanOrEqual((cap.keep + 1) * cap.maxBytes);

    const newest = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(newest.at(-1)!).line).toBe(100_000);
    // Older files hold the lines just before, in order.
    const previous = readFileSync(`${file}.1`, 'utf8').trim().split('\n');
    expect(JSON.parse(previous.at(-1)!).line).toBe(JSON.parse(newest[0]!).line - 1);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text).not.toContain('4111');
      expect(text).not.toContain('sk_test_rotation_secret_key');
      expect(text).toContain('[card number removed]');
    }
  });

  it('continues an existing log file and counts what it already holds', () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-log-'));
    const file = join(dir, 'paydesk.log');
    const cap = { maxBytes: 4096, keep: 1 };
    createLogger({ file, cap }).info('x'.repeat(3000));
    createLogger({ file, cap }).info('y'.repeat(3000)); // a new start of the app
    expect(readFileSync(`${file}.1`, 'utf8')).toContain('xxx');
    expect(readFileSync(file, 'utf8')).toContain('yyy');
    expect(readFileSync(file, 'utf8')).not.toContain('xxx');
  });
});
