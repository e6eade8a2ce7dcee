// Shows a 3-D Secure challenge: in Electron main opens it in its own window; in the preview it
// is framed from main's loopback challenge server (an opaque, sandboxed origin with no access
// to the app). Main sees the return to the success or failure URL; this waits for that and
// for the payment's new state.
import { useEffect, useRef, useState } from 'react';
import type { ChallengeView } from '../../../../contract/methods/challenge';
import type { PaymentView } from '../../../../contract/methods/payments';
import { api } from '../../api';
import { useT } from '../../i18n';

export function ChallengeStep({ challenge, payment, onDone }: { challenge: ChallengeView; payment: PaymentView; onDone(result: { challenge: ChallengeView; payment: PaymentView }): void }) {
  const t = useT();
  const [mode, setMode] = useState<'window' | 'frame' | null>(null);
  const [state, setState] = useState(challenge.state);
  // The sale's form, which had the focus, is gone: the keyboard user goes on from here.
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), []);

  useEffect(() => {
    let stopped = false;
    void api.openChallengeWindow({ challengeId: challenge.id }).then((r) => !stopped && setMode(r.ok ? r.value.mode : 'frame'));
    const check = async () => {
      const c = await api.getChallenge({ challengeId: challenge.id });
      if (stopped || !c.ok) return;
      setState(c.value.state);
      if (c.value.state === 'waiting') return;
      const p = await api.getPayment({ paymentId: payment.id });
      // The return is seen first; the payment's new state follows a status check moments later.
      if (!stopped && p.ok && (p.value.payment.state !== 'pending' || c.value.state === 'closed')) {
        stopped = true;
        onDone({ challenge: c.value, payment: p.value.payment });
      }
    };
    const off = api.subscribe((e) => {
      if (e.type === 'payments.changed' && e.paymentIds.includes(payment.id)) void check();
    });
    // Events can be missed while a bridge reconnects: look again now and then.
    const timer = setInterval(() => void check(), 1500);
    return () => {
      stopped = true;
      off();
      clearInterval(timer);
    };
  }, [challenge.id, payment.id, onDone]);

  return (
    <section className="gp-challenge" aria-labelledby="challenge-title" data-testid="challenge" tabIndex={-1} ref={box}>
      <h2 id="challenge-title">{t('gp.challenge.title')}</h2>
      <p role="status">{state === 'waiting' ? (mode === 'window' ? t('gp.challenge.window') : t('gp.challenge.frame')) : t('gp.challenge.returned')}</p>
      {mode === 'frame' && state === 'waiting' && (
        <iframe className="gp-challenge-frame" title={t('gp.challenge.frameTitle')} src={challenge.frameUrl} sandbox="allow-forms allow-scripts" referrerPolicy="no-referrer" data-testid="challenge-frame" />
      )}
    </section>
  );
}
