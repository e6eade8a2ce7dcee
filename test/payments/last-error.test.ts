// A payment's last error as the ledger keeps it (main/ledger/last-error.ts): a reason as JSON that
// reads back as the reason and its English words, within the 500 characters the team ledger keeps
// of a finance check's (status-answers.sql); an earlier Paydesk's English text reads as it is.
import { describe, expect, it } from 'vitest';
import { readLastError, storedLastError } from '../../main/ledger/last-error';

describe('a payment\'s stored last error', () => {
  it('reads back as its reason and the reason\'s English words', () => {
    const why = { key: 'gateway.request_rejected', values: { said: 'Invalid amount' } } as const;
    expect(readLastError(storedLastError(why))).toEqual({
      lastError: 'The gateway refused the request. Correct it and try again. The gateway said: “Invalid amount”.',
      lastErrorReason: why,
    });
    expect(readLastError(storedLastError({ key: 'gateway.timeout' }))).toEqual({ lastError: 'The gateway did not answer in time. Try again in a moment.', lastErrorReason: { key: 'gateway.timeout' } });
    expect(readLastError(null)).toEqual({ lastError: null, lastErrorReason: null });
  });

  it('shortens a long gateway message to fit what the team ledger keeps, and still reads as a reason', () => {
    const said = 'رسالة طويلة من البوابة "مع علامات" \\ '.repeat(60);
    const stored = storedLastError({ key: 'gateway.request_rejected', values: { said } });
    expect(stored.length).toBeLessThanOrEqual(500);
    const read = readLastError(stored);
    expect(read.lastErrorReason?.key).toBe('gateway.request_rejected');
    expect(String(read.lastErrorReason?.values?.said)).toMatch(/^رسالة طويلة .*…$/);
  });

  it('keeps an earlier Paydesk\'s English text, and anything that is not one of this Paydesk\'s reasons, as text without a reason', () => {
    for (const text of ['The gateway did not answer in time.', '{"key":"gateway.fromNewerPaydesk"}', '{"key":"gateway.timeout","values":["x"]}', '{not json', '{"key":"gateway.timeout","values":{"said":"cut off']) {
      expect(readLastError(text)).toEqual({ lastError: text, lastErrorReason: null });
    }
  });
});
