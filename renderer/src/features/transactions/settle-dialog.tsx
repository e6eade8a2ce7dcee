// Settling an unclear capture, refund or void by hand, once the gateway's answers could not
// decide it: a person looks at the gateway's dashboard and says what it shows, with a reason.
// Nothing is sent to the gateway; main records the answer, the OS user and the time. Main's message
// on the reason goes once the reason is edited, the dialog's own check speaking for it then.
import { useRef, useState, type FormEvent } from 'react';
import type { PaymentView } from '../../../../contract/methods/payments';
import type { CurrencyCode } from '../../../../contract/money';
import type { AppError } from '../../../../contract/result';
import { api } from '../../api';
import { useLanguage, useT, wordReason } from '../../i18n';
import { useWordedError, type Words } from '../../i18n/words';
import { formatAmount } from '../../i18n/format';
import { Field } from '../settings/field';
import { useDialogFocus } from '../../ui/dialog-focus';
import { focusFirstError } from '../../ui/focus';
import type { PaymentDetail } from './detail-store';
import { typedTextProblem } from './action-checks';
import { useFieldErrors } from '../get-paid/field-errors';
import { QuotedWords } from '../../ui/quoted-words';
import { typedDir } from '../../ui/typed-dir';

type Operation = PaymentDetail['operations'][number];
/** `current`: the operation as the ledger has it now; settled meanwhile (another person, a status check), nothing more is recorded. */
type Props = { payment: PaymentView; operation: Operation; current?: Operation; onDone(words: Words): void; onClose(): void };

export function SettleDialog({ payment, operation, current, onDone, onClose }: Props) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [happened, setHappened] = useState<boolean>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<AppError>();
  const wordError = useWordedError();
  const [sending, setSending] = useState(false);
  // Not while this dialog's own answer is on its way: main's event about it may come before the answer.
  const settledMeanwhile = !sending && current !== undefined && current.outcome !== 'unknown' ? current : undefined;
  const first = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const kind = t(`noun.${operation.kind}`);
  const amount = operation.amountMinor === null ? '' : formatAmount(operation.amountMinor, payment.currency as CurrencyCode, language);

  useDialogFocus(first, onClose, box);
  // Empty or typed, what main would refuse in the reason: said once Record it is pressed, then as it is edited.
  const reasonProblem = typedTextProblem(reason, { required: { key: 'rule.settleReason' } });
  const fields = useFieldErrors('settle', reasonProblem ? { reason: wordReason(language, reasonProblem) ?? '' } : {});
  // Record it pressed (Enter in the reason) before a choice: said beside the choice, which takes the keyboard.
  const [choiceAsked, setChoiceAsked] = useState(false);
  const incomplete = happened === undefined || Boolean(reasonProblem);
  const missingChoice = choiceAsked && happened === undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || settledMeanwhile) return;
    // Enter with nothing chosen did nothing and said nothing (walk18: a screen reader heard silence,
    // and the disabled Record it was not in the Tab order): the keyboard goes where the answer is missing.
    if (happened === undefined) {
      setChoiceAsked(true);
      if (reasonProblem) fields.tell({ reason: reasonProblem });
      // After the draw that describes the radios by it, so the focus reads the why too.
      return void requestAnimationFrame(() => first.current?.focus());
    }
    if (reasonProblem) {
      fields.tell({ reason: reasonProblem });
      return focusFirstError('.settle-form');
    }
    setSending(true);
    const result = await api.settleOperation({ paymentId: payment.id, operationId: operation.id, happened, reason });
    setSending(false);
    if (!result.ok) {
      fields.tellMain(result.error);
      return setError(result.error);
    }
    onDone({ key: happened ? 'settle.done.happened' : 'settle.done.notHappened', values: { kind: { key: `noun.${operation.kind}` } } });
  }

  // The practice gateway has no dashboard: its notifications are what the person settles from (walk35).
  const practice = payment.environment === 'practice';
  return (
    <div className="dialog-backdrop">
      <div ref={box} className="dialog" role="dialog" aria-modal="true" aria-labelledby="settle-title" data-testid="settle-dialog">
        {/* A void has no amount of its own ("Settle the void of  by hand"). */}
        <h2 id="settle-title">{operation.kind === 'void' ? t('settle.title.void') : t('settle.title', { kind, amount })}</h2>
        <form className="dialog-form settle-form" onSubmit={(e) => void submit(e)} onChange={fields.edited} noValidate>
          {/* Scrolls in a short window; the title and the buttons stay in view (app.css, .dialog). */}
          <div className="dialog-body">
            <p>{t(practice ? 'settle.intro.practice' : 'settle.intro', { kind: t(`nounThis.${operation.kind}`) })}</p>
            {/* Once Record it asked for the choice, each radio is described by why (read with it). */}
            <fieldset className="settle-choice">
              <legend>{t(practice ? 'settle.question.practice' : 'settle.question', { kind: t(`nounThis.${operation.kind}`) })}</legend>
              <label className="field-check"><input ref={first} type="radio" name="settle-happened" checked={happened === true} onChange={() => setHappened(true)} aria-describedby={missingChoice ? 'settle-choose' : undefined} />{t('settle.happened')}</label>
              <label className="field-check"><input type="radio" name="settle-happened" checked={happened === false} onChange={() => setHappened(false)} aria-describedby={missingChoice ? 'settle-choose' : undefined} />{t('settle.notHappened')}</label>
            </fieldset>
            <Field id="settle-reason" label={t('settle.reason')} value={reason} dir={typedDir(reason)} onChange={(e) => setReason(e.target.value)} error={fields.errors.reason} required />
            {happened === undefined && <p id="settle-choose" className={missingChoice ? 'field-error' : 'field-hint'} data-testid="settle-choose">{t(practice ? 'settle.choose.practice' : 'settle.choose')}</p>}
            {error && !error.fields && !settledMeanwhile && <p className="form-error" role="alert"><QuotedWords text={wordError(error).message} /></p>}
            {settledMeanwhile && <p className="form-error" role="alert" data-testid="settled-meanwhile">{t(settledMeanwhile.outcome === 'succeeded' ? 'settle.meanwhile.happened' : 'settle.meanwhile.notHappened', { kind })}</p>}
          </div>
          <div className="form-actions">
            {/* Unavailable until chosen and said (aria-disabled), yet in the Tab order: pressed, it says what is missing (submit). */}
            <button type="submit" className="primary" disabled={sending || Boolean(settledMeanwhile)} aria-disabled={incomplete || undefined} data-testid="settle-send">{t('settle.confirm')}</button>
            <button type="button" onClick={onClose} disabled={sending}>{t('settle.cancel')}</button>
          </div>
        </form>
      </div>
    </div>
  );
}
