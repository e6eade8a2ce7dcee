// One check-up step: its name and outcome, what was found, and (on demand) what came back:
// each answer's fields with their types, its status word and type, and Paydesk's readings.
import type { CheckupAnswer, CheckupStep } from '../../../../contract/methods/checkup';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { Ltr } from '../../ui/ltr';
import { findingText, known } from './finding-text';
import { QuotedWords } from '../../ui/quoted-words';
import { failedMeaning } from './verdict';

export function StepRow({ step, number }: { step: CheckupStep; number: number }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const meaning = failedMeaning(step);
  return (
    <li className={`checkup-step checkup-${step.state}`} data-testid={`checkup-step-${step.key}`} data-state={step.state}>
      {/* Its own column, as wide as the widest number: the list's markers from 10 on were cut at
          the card's edge in Arabic at 800 px. Hidden from screen readers, which count the list. */}
      <span className="checkup-step-number" aria-hidden="true">{number}.</span>
      <div className="checkup-step-head">
        <span className="checkup-step-name">{t(`checkup.step.${step.key}` as MessageKey)}</span>
        <span className="checkup-badge" data-testid="checkup-step-state">{t(`checkup.stepState.${step.state}` as MessageKey)}</span>
      </div>
      {step.findings.length > 0 && (
        <ul className="checkup-findings">
          {step.findings.map((finding, i) => (
            <li key={i} className={`finding-${finding.severity}`} data-testid="checkup-finding" data-code={finding.code}><QuotedWords text={findingText(t, finding, language)} /></li>
          ))}
        </ul>
      )}
      {meaning && <p className="checkup-meaning" data-testid="checkup-meaning">{t(meaning)}</p>}
      {step.answers.length > 0 && (
        <details className="checkup-details">
          <summary>{t('checkup.details')}</summary>
          {step.orderIds.length > 0 && <p>{t('checkup.orders')}: {step.orderIds.map((id) => <Ltr key={id} className="mono">{id} </Ltr>)}</p>}
          {step.answers.map((answer, i) => <AnswerShape key={i} answer={answer} />)}
        </details>
      )}
    </li>
  );
}

function AnswerShape({ answer }: { answer: CheckupAnswer }) {
  const t = useT();
  return (
    <div className="checkup-answer">
      <h5>{t('checkup.answer', { call: known(t, 'checkup.call', answer.call) })}</h5>
      {!answer.readable && <p>{t('checkup.answer.unreadable')}</p>}
      {answer.readable && (
        <p>
          {answer.statusWord
            ? t('checkup.answer.word', { word: answer.statusWord, type: answer.type ?? t('checkup.answer.noType'), state: answer.state ? known(t, 'state', answer.state) : t('checkup.answer.noState') })
            : t('checkup.answer.noWord')}
        </p>
      )}
      {answer.fields.length > 0 && (
        <table className="simple-table checkup-fields">
          <caption>{t('checkup.fields')}</caption>
          <thead><tr><th scope="col">{t('checkup.field.name')}</th><th scope="col">{t('checkup.field.type')}</th></tr></thead>
          <tbody>{answer.fields.map((field) => <tr key={field.name}><td><Ltr className="mono">{field.name}</Ltr></td><td><Ltr>{field.type}</Ltr></td></tr>)}</tbody>
        </table>
      )}
      {answer.readings.length > 0 && (
        <>
          <h6>{t('checkup.readings')}</h6>
          <ul className="checkup-readings">
            {answer.readings.map((r) => (
              <li key={r.reading} className={`reading-${r.outcome}`}>
                {r.field ? t('checkup.reading.used', { reading: known(t, 'checkup.reading', r.reading), field: r.field }) : t('checkup.reading.missed', { reading: known(t, 'checkup.reading', r.reading) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
