// Redaction masks anything shaped like a card number but keeps UUIDs whole: a transaction id or a
// check-up run's id holds twelve digits and dashes in a row about once in 220 ("…-6110-4204-8066-…"),
// and masked it is no id (a fresh-clone CI run saved a check-up report whose run id read
// "1cc30101-[card number removed]-7c2157e06700"). A card number beside a UUID is still masked.
// (A check-up's kept steps are still scrubbed whole, UUIDs too: the team ledger's
// checkup_results_no_card_number constraint refuses any such digit run; test/checkup/kept-copy.test.ts.)
import { expect, it } from 'vitest';
import { redact } from '../../main/log/logger';
import { shownReason } from '../../main/payments/decline-reason';

const digitLikeUuid = '1cc30101-6110-4204-8066-7c2157e06700';
const allDigitTail = '909e662c-b269-4052-9751-302434411252';

it('keeps a UUID whose middle groups are digits, and one whose last group is, in logs and reports', () => {
  expect(redact(`run ${digitLikeUuid} finished`, [])).toBe(`run ${digitLikeUuid} finished`);
  expect(redact(`{"transactionId":"${allDigitTail}"}`, [])).toBe(`{"transactionId":"${allDigitTail}"}`);
});

it('still masks a card number, alone or next to a UUID, with spaces, dashes or none', () => {
  expect(redact('card 4111 1111 1111 1111 declined', [])).toBe('card [card number removed] declined');
  expect(redact(`${digitLikeUuid} 5123-4500-0000-0008`, [])).toBe(`${digitLikeUuid} [card number removed]`);
  expect(redact(`id=${allDigitTail};pan=4000000000000002`, [])).toBe(`id=${allDigitTail};pan=[card number removed]`);
});

it('shows a decline reason with its transaction id whole and a card number masked', () => {
  expect(shownReason(`Declined ${digitLikeUuid} for 4111111111111111`)).toBe(`Declined ${digitLikeUuid} for ••••1111`);
});
