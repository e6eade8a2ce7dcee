// An export's audit entry keeps what was searched whole (main/ledger/export-record.ts): finance
// reads the search that chose the rows, not its first 60 characters. The longest entry the
// contract lets a caller ask for (every filter at its longest, a 200-character search whose every
// character is escaped or expanded) fits in what the team database keeps (audit-export.sql), so
// neither ledger cuts; the same text is stored on both (export-scope.test.ts).
import { describe, expect, it } from 'vitest';
import { cardBrands } from '../../contract/card';
import { paymentKinds, paymentFilterSchema } from '../../contract/methods/payments';
import { ledgerStates } from '../../contract/payment-states';
import { exportRecord, maxRecordLength } from '../../main/ledger/export-record';

const longest = <T extends string>(words: readonly T[]) => words.reduce((a, b) => (b.length > a.length ? b : a));
const fileName = 'paydesk-audit-matching-20261129-081500-99.csv';
const zone = 'z'.repeat(64);

describe('an export\'s audit entry', () => {
  it('keeps a long search whole, as a JSON string, last', () => {
    const query = 'refund "Ahmed; الدمام" 0500 '.repeat(8).slice(0, 200).trim();
    const record = exportRecord(12, fileName, { kind: 'audit', search: { query } }, 'Asia/Riyadh');
    expect(record).toBe(`12 rows; file ${fileName}; zone Asia/Riyadh; search ${JSON.stringify(query)}`);
  });

  it('fits the longest request the contract allows, uncut', () => {
    // Each search character at its longest once recorded: a control character is six ("\u0001"),
    // "cvv 1" becomes "cvv [removed]" (redact).
    for (const query of ['\u0001'.repeat(200), 'cvv 123'.repeat(28).slice(0, 200), '"\\'.repeat(100)]) {
      const filter = paymentFilterSchema().parse({
        query,
        states: Array(20).fill(longest(ledgerStates)),
        kinds: Array(5).fill(longest(paymentKinds)),
        currency: 'KWD', from: '9'.repeat(40), to: '9'.repeat(40), minAmount: '9'.repeat(40), maxAmount: '9'.repeat(40),
        profileId: 'p'.repeat(200), needsAttention: true, withCaptured: true, withRefunded: true, cardBrand: longest(cardBrands), cardLast4: '4242',
      });
      const record = exportRecord(Number.MAX_SAFE_INTEGER, fileName, { kind: 'payments', filter }, zone);
      expect(record.length).toBeLessThanOrEqual(maxRecordLength);
      expect(record).toMatch(/; search "[^…]*"$/);
      expect(record).not.toContain('[cut:');
    }
  });

  it('says a cut and the whole length, were an entry ever longer', () => {
    const record = exportRecord(1, fileName, { kind: 'settlement', from: '2026-01-01', to: '2026-01-02', profileId: 'p'.repeat(5000) });
    expect(record.length).toBeLessThanOrEqual(maxRecordLength);
    expect(record).toMatch(/… \[cut: \d+ characters in all\]$/);
  });
});
