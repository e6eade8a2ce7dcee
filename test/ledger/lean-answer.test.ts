// What the ledger keeps of an applied gateway answer: its status word, totals and reason,
// exactly as written (amounts keep their decimals), and nothing the payment row already holds.
import { describe, expect, it } from 'vitest';
import { keptField, leanAnswer } from '../../main/ledger/lean-answer';

describe('lean gateway answers', () => {
  it('keeps the fields support asks about, with their exact text', () => {
    const raw = '{"code":200,"message":"Success","errorCode":null,"data":{"transactionId":"tx_1","orderId":"PD-1","status":"PARTIALLY_REFUNDED","amount":10.500,"currency":"KWD","capturedAmount":10.500,"refundedAmount":1.250,"cardMasked":"512345******0008","redirectUrl":"https://pay.example/x","createdAt":"2026-11-20T10:00:00Z","reason":"say \\"hi\\""}}';
    const lean = leanAnswer(raw)!;
    // The amount too (walk35): a notification's is the amount of the operation it tells of, shown in the payment's history.
    expect(JSON.parse(lean)).toEqual({ status: 'PARTIALLY_REFUNDED', capturedAmount: 10.5, refundedAmount: 1.25, reason: 'say "hi"', amount: 10.5 });
    expect(lean).toContain('"capturedAmount":10.500');
    expect(keptField(lean, 'amount')).toBe('10.500');
    expect(keptField(lean, 'reason')).toBe('say \\"hi\\"');
    expect(keptField('{"reason":null}', 'amount')).toBeNull();
    expect(lean).not.toContain('cardMasked');
    expect(lean.length).toBeLessThan(raw.length / 2);
  });

  it('passes nothing through as nothing', () => {
    expect(leanAnswer(null)).toBeNull();
    expect(leanAnswer(undefined)).toBeNull();
  });
});
