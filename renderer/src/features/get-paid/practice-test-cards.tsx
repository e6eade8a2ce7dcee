// Card payment on the practice profile offers the practice gateway's test cards, each filled in with
// one press, as its payment page does (docs/practice-gateway.md, "Test cards"). A new user's first
// card payment met a blank 16-digit field with no card to type (walk13, 2026-12-01). These are the
// gateway's published test cards (main/practice/model.ts, kept equal by test/dom/terminal-test-cards),
// never a customer's. The number stays in this module until a press: it is no prop or text of the
// page, so the page holds it only while the field does, as a typed one (test/e2e/card-leak.test.ts).
import { useT, type MessageKey } from '../../i18n';

export type TestCardOutcome = 'approve' | 'challenge' | 'decline';
export type TestCard = { number: string; expiryMonth: string; expiryYear: string; cvv: string };

export const practiceTestCards: Record<TestCardOutcome, TestCard> = {
  approve: { number: '5123450000000008', expiryMonth: '01', expiryYear: '2039', cvv: '100' },
  challenge: { number: '4111111111111111', expiryMonth: '01', expiryYear: '2039', cvv: '123' },
  decline: { number: '4000000000000002', expiryMonth: '01', expiryYear: '2039', cvv: '123' },
};
/** The one-time code that passes the practice gateway's 3-D Secure page. */
export const practiceChallengeCode = '123456';

const labels: Record<TestCardOutcome, MessageKey> = {
  approve: 'gp.testCards.approve',
  challenge: 'gp.testCards.challenge',
  decline: 'gp.testCards.decline',
};

export function PracticeTestCards({ onFill }: { onFill(card: TestCard): void }) {
  const t = useT();
  return (
    <div className="gp-test-cards" role="group" aria-labelledby="terminal-test-cards">
      <p id="terminal-test-cards" className="field-hint">{t('gp.testCards.intro')}</p>
      <div className="form-actions">
        {(Object.keys(labels) as TestCardOutcome[]).map((outcome) => (
          <button key={outcome} id={`terminal-test-card-${outcome}`} type="button" onClick={() => onFill(practiceTestCards[outcome])}>
            {t(labels[outcome], { code: practiceChallengeCode })}
          </button>
        ))}
      </div>
    </div>
  );
}
