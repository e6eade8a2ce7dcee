// One payment: the actions its state allows (first, so they are in view when a search opens the
// payment below the filters), what it is, what is left to capture or refund, and who did what. "r" opens the refund dialog, "c" capture, "s" checks status.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { CurrencyCode } from '../../../../contract/money';
import type { PaymentView } from '../../../../contract/methods/payments';
import { api } from '../../api';
import { useSession } from '../../app/session-store';
import { useLanguage, useT } from '../../i18n';
import { ProfileCell } from './profile-cell';
import { useWordedError, type Words } from '../../i18n/words';
import { NoticeLine, refused, said, type Notice } from '../../ui/notice';
import { formatAmount, formatRowDateTime } from '../../i18n/format';
import { RowMoment } from '../../ui/row-moment';
import { ltrIsolated } from '../../../../contract/amount-words';
import { Ltr } from '../../ui/ltr';
import { capturedAmountUnknown, refundedAmountUnknown, stateWordOf } from '../../../../contract/payment-states';
import { OutsideNote } from './outside-note';
import { ActionDialog, type ActionKind } from './action-dialog';
import { leftOpenWords, useLeftOpen } from './left-open';
import { allowedActions, chargedCardOf, checkNotConfirmed, leftToAPerson, nothingTaken, unclearOperation, useDetail, waitsForToken, waitsForTransaction, type ChargedCard, type PaymentDetail } from './detail-store';
import { LastError, useNoticeSaysLastError } from './last-error';
import { JoinedDescription } from '../../ui/joined-description';
import { ColleagueProfileNote, OtherProfileNote, useActingRule, useProfileRemoved } from './other-profile-note';
import { SettleDialog } from './settle-dialog';
import { useTransactions } from './transactions-store';
import { CheckupMark, StateBadge } from './payment-state';
import { Timeline } from './timeline';
import { ZoneNote } from './created-heading';
import { useMayCreatePayments, useTeamRole } from '../settings/team-role';
import { canCreateAgain, createAgain } from '../get-paid/create-again';
import { MakeAnother, PayByLinkButton } from '../get-paid/make-another';
import { ReceiptOffer } from '../get-paid/receipt-offer';
import { ShareOffer } from '../get-paid/share-offer';
import { useFocusAfterCheck, useFocusFallback } from '../../ui/focus';
import { announce } from '../../ui/announce';
import { typingIn } from '../../ui/shortcut-key';
import { pressed, shortcutKeys } from '../../ui/shortcuts';
import { modalOpen } from '../../ui/modal-keys';
import { QuotedWords } from '../../ui/quoted-words';
import { CopyButton } from '../../ui/copy-button';
import { RepeatSeriesLine, RepeatStoppedNote, repeatSeriesOf } from './repeat-series';

/** Only a payment link can have an invoice (docs/invoices.md); its panel's code comes when one is opened. */
const PaymentInvoice = lazy(() => import('../invoices/payment-invoice'));

/**
 * `coversList`: drawn in the list's place (a screen too narrow for both), which then takes no keys.
 * `hiddenByFilter`: the list's filters leave this payment out; said, with a way to show it.
 */
export function PaymentDetailPanel({ paymentId, coversList = false, hiddenByFilter = false, onClose }: { paymentId: string; coversList?: boolean; hiddenByFilter?: boolean; onClose(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const profile = useSession((s) => s.profile);
  const { detail, error, load } = useDetail();
  const [dialog, setDialog] = useState<ActionKind>();
  // What the last action or status check said, kept as words: it follows a change of language. A
  // declined repeat charge's notice keeps that charge, to offer a payment link of it beside the words.
  const [notice, setNotice] = useState<Notice & { declinedCharge?: PaymentView }>();
  const wordError = useWordedError();
  const [checking, setChecking] = useState(false);
  // The unclear operation being settled by hand, kept as it was when its dialog opened: settled meanwhile
  // elsewhere (another person, a status check), the dialog stays and says so (it vanished, the answer typed with it).
  const [settling, setSettling] = useState<PaymentDetail['operations'][number]>();
  // Another payment opened in this panel: what was said or open about the last one goes.
  const [shownId, setShownId] = useState(paymentId);
  const currentId = useRef(paymentId);
  useEffect(() => {
    currentId.current = paymentId;
  }, [paymentId]);
  if (shownId !== paymentId) {
    setShownId(paymentId);
    setNotice(undefined);
    setDialog(undefined);
    setSettling(undefined);
  }
  // On the team ledger, staff and finance are not offered what moves money (the database refuses it anyway);
  // with the role not known, what the state allows is drawn disabled, saying why (team-role.ts).
  const mayMoveMoney = useTeamRole((s) => s.mayMoveMoney);
  const roleUnknown = useTeamRole((s) => s.roleUnknown);
  const role = useTeamRole((s) => s.role);
  const mayCreate = useMayCreatePayments();

  useEffect(() => {
    void load(paymentId);
    return api.subscribe((event) => {
      // No ids: anything may have changed (a missed event, the team ledger reachable again).
      if (event.type === 'payments.changed' && (event.paymentIds.length === 0 || event.paymentIds.includes(paymentId))) void load(paymentId);
    });
  }, [paymentId, load]);

  // "Check status now" is disabled while it asks, which drops the keyboard to the page's body: it
  // comes back to the button once the answer is in (unless the person went elsewhere meanwhile).
  const statusButton = useRef<HTMLButtonElement>(null);
  useFocusAfterCheck(checking, true, () => statusButton.current);

  const checkStatus = useCallback(async () => {
    setChecking(true);
    // Said at once: with the gateway slow (half a minute before main gives up), a greyed button beside the
    // last action's "Refunded SAR 50.00." was all there was to see (the fifteenth walk).
    setNotice(said('detail.checking'));
    const result = await api.checkPaymentStatus({ paymentId });
    setChecking(false);
    if (currentId.current !== paymentId) return; // the person opened another payment meanwhile
    // An answer that leaves an unclear operation to a person says so ("Status checked: Paid." beside it read as settled).
    // An answer main keeps as the payment's last error (the gateway has no such transaction) confirmed
    // nothing: "Status checked: Paid." under "The gateway has no such order" read as the gateway's word.
    const state = (view: PaymentView) => ({ state: { key: `state.${stateWordOf(view)}` } }) as const;
    setNotice(!result.ok ? refused(result.error) : leftToAPerson(result.value) ? { kind: 'ok', words: { key: 'action.settleByHand' } }
      : checkNotConfirmed(result.value) ? { kind: 'error', words: { key: 'detail.checkNotConfirmed', values: state(result.value) } }
      : { kind: 'ok', words: { key: 'detail.checked', values: state(result.value) } });
    void load(paymentId);
  }, [paymentId, load]);

  const payment = detail?.payment.id === paymentId ? detail.payment : undefined;
  // On a repeat charge's detail too, "Charge again" charges the first payment's card (its amount offered).
  const chargedCard = payment && detail ? chargedCardOf(payment, detail.related.parent) : null;
  const allowed = payment ? allowedActions(payment, mayMoveMoney, chargedCard) : undefined;
  const checkable = payment ? statusCheckable(payment) : false;
  const shown = payment ? allowedActions(payment, mayMoveMoney || roleUnknown, chargedCard) : undefined;
  const acting = useActingRule(payment);
  const otherProfile = payment && profile && acting !== 'own' && acting !== 'colleague';
  const profileRemoved = useProfileRemoved(otherProfile ? payment.profileId : undefined);
  const unclear = detail && payment ? unclearOperation(detail) : undefined;
  // On the team ledger, who is sending the open operation (another laptop's person, or this one's).
  const sender = payment ? detail?.operations.find((op) => op.outcome === 'sending') : undefined;
  // Open past staleSendMinutes: its sender stopped mid-send (another laptop, say), nobody is doing it
  // "right now". A detail opened before then says so when the two minutes pass (one timer, no call to main).
  const senderLeftOpen = useLeftOpen(sender?.createdAt);
  const lastErrorInNotice = useNoticeSaysLastError(payment, notice);
  const openPayment = (id: string) => useTransactions.getState().open(id);
  // The stored card's series and whether a person stopped it (the customer cancelled): "Charge again" is not offered then.
  const series = detail && payment ? repeatSeriesOf(detail) : null;
  const repeatStop = (payment && detail?.repeatStop) ?? null;
  const [stopping, setStopping] = useState(false);
  const setStopped = async (stopped: boolean) => {
    setStopping(true);
    const result = await api.setRepeatStop({ paymentId, stopped });
    setStopping(false);
    if (currentId.current !== paymentId) return;
    // Stopped while a colleague's repeat charge was already on its way: said as a warning (check it, refund it if charged).
    setNotice(!result.ok ? refused(result.error) : result.value.warning ? { kind: 'error', words: { reason: result.value.warning, otherwise: result.value.warning.key } }
      : { kind: 'ok', words: { key: stopped ? 'detail.repeatStoppedDone' : 'detail.repeatAllowedDone' } });
    // The pressed button gives way to the other one: the keyboard goes to it, not to the page.
    const next = stopped ? 'action-repeat-allow' : 'action-repeat-stop';
    void load(paymentId).finally(() => setTimeout(() => document.querySelector<HTMLButtonElement>(`.detail [data-testid="${next}"]`)?.focus()));
  };
  // A dialog gives the focus back to what opened it; when the payment's new state then removes
  // that button (nothing left to refund or capture), the keyboard goes to the title, not the page.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const transactionIdRef = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  // Chosen once the payment's state after the action is in: the actions are not drawn while its
  // answer is on its way, so the opener was gone and the keyboard went to the title though 90.00
  // was left to refund. The same action's button, drawn again, takes it back.
  const [reloading, setReloading] = useState(false);
  const reloadAfterAction = () => {
    setReloading(true);
    void load(paymentId).finally(() => setReloading(false));
  };
  const watchFocus = useFocusFallback(() => {
    const action = opener.current?.getAttribute('data-testid');
    const again = action ? document.querySelector<HTMLButtonElement>(`.detail [data-testid="${action}"]`) : null;
    return again && !again.disabled ? again : titleRef.current;
  }, !reloading);
  const openDialog = (kind: ActionKind | 'settle') => {
    opener.current = document.activeElement;
    if (kind === 'settle') setSettling(unclear);
    else setDialog(kind);
  };
  const closeDialog = () => {
    watchFocus(opener.current);
    setDialog(undefined);
    setSettling(undefined);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog of the frame's own (the shortcuts help) is open over the detail too: its keys are its own.
      if (typingIn(event.target) || dialog || settling || modalOpen() || !allowed || otherProfile) return;
      const wanted = (['refund', 'capture', 'void', 'status', 'settle'] as const).find((id) => pressed(event, id));
      if (wanted === 'status') return void (checkable && checkStatus());
      // "h": settle by hand, where the button is offered (from Needs attention it was four Tabs past Copy, × and the check).
      if (wanted === 'settle') {
        if (!unclear || !mayMoveMoney) return;
        event.preventDefault();
        return openDialog('settle');
      }
      if (wanted && allowed[wanted]) {
        event.preventDefault();
        openDialog(wanted);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [allowed, checkable, dialog, settling, otherProfile, checkStatus, unclear, mayMoveMoney]);

  // The detail takes the keyboard to its title when the keyboard is nowhere: opened from another
  // screen ("Open in Transactions", whose button is gone), or in the list's place (the list is
  // inert then, so the keyboard was on the page, or still on the list for a moment). Focus anywhere
  // else (the lookup field above, a row beside the detail) stays.
  const titled = !error && Boolean(payment && allowed && shown && detail);
  useEffect(() => {
    if (!titled) return;
    const active = document.activeElement;
    if (!active || active === document.body || (coversList && active.closest('[data-testid="tx-list"]'))) titleRef.current?.focus({ preventScroll: true });
    // Opened from the list beside it, the keyboard stays on its row: a screen reader heard nothing of
    // the detail that opened, nor where it is (walk18). Said once, with its state.
    else if (payment && active.closest('[data-testid="tx-list"]')) announce(t('detail.openedBeside', { orderId: ltrIsolated(payment.orderId), state: t(`state.${stateWordOf(payment)}`) }));
  }, [coversList, titled, paymentId]);
  // Opened where the window shows little of it, the detail comes up under the header (the page's
  // scroll padding keeps it clear), as Home's held payments bring their first row: at 800 × 600 its
  // title sat at 584 px, under the search, the filters and "Find a payment made elsewhere", and a
  // capture's "Captured SAR 60.00." landed out of sight. Once per payment opened; a detail already
  // in view (beside the list at 1280 px) is left where it is.
  useEffect(() => {
    const title = titleRef.current;
    if (titled && title && title.getBoundingClientRect().top > window.innerHeight * 0.6) title.closest('section')?.scrollIntoView?.({ block: 'start' });
  }, [titled, paymentId]);

  if (error) return <section className="detail" role="alert"><QuotedWords text={wordError(error).message} /></section>;
  if (!payment || !allowed || !shown || !detail) return <section className="detail" aria-busy="true">{t('app.loading')}</section>;
  const currency = payment.currency as CurrencyCode;
  const money = (minor: number) => <Ltr>{formatAmount(minor, currency, language)}</Ltr>;
  // A refund made at the gateway's dashboard, told of without its amount: never shown as 0.00 refunded.
  const refundUnknown = refundedAmountUnknown(payment);
  // Captured at the gateway's dashboard, how much not said: neither what was captured nor what is left is known (walk35).
  const captureUnknown = capturedAmountUnknown(payment);
  const failedCheck = lastCheckFailed(detail.checks, payment.lastCheckedAt);
  const holdRest = holdRestOf(payment, refundUnknown);
  const leftOpen = sender && senderLeftOpen ? sender : undefined;
  // An operation whose answer was lost: named with its amount ("the last operation" left support guessing which).
  const lost = detail.operations.find((op) => op.outcome === 'unknown');
  // What the open operation is, said alike by the detail and by a dialog it made impossible (a refund
  // dialog open when the send began, or left open past two minutes: never "right now" for a stopped send).
  const inFlightWords = leftOpen ? leftOpenWords(t, language, { kind: leftOpen.kind, amountMinor: leftOpen.amountMinor, sentAt: leftOpen.createdAt, sentBy: leftOpen.person ?? leftOpen.osUser, laptop: leftOpen.laptop ?? null }, payment)
    : sender?.person ? t('detail.inFlightBy', { person: sender.person, kind: t(`noun.${sender.kind}`) })
    : lost ? t(`detail.answerLost.${lost.kind}`, { amount: formatAmount(lost.amountMinor ?? payment.amountMinor, currency, language) })
    : sender ? t(`detail.sending.${sender.kind}`, { amount: formatAmount(sender.amountMinor ?? payment.amountMinor, currency, language) })
    : t('detail.inFlight');
  // The role not known: the money moves the state allows are drawn disabled, and this says why.
  const held = roleUnknown && (shown.capture || shown.void || shown.refund || shown.recurring) ? 'detail-role-unknown' : undefined;
  // Finance's check records an unclear operation only as gone through (team schema 17): said before it is asked.
  const financeUnclear = role === 'finance' ? detail.operations.find((op) => op.outcome === 'unknown') : undefined;
  // Staff and finance are not offered a money move the payment's state allows: said where the button would be
  // (walk of the team ledger: staff asked for a refund looked for a button that was not there, with no word why).
  const wouldMove = allowedActions(payment, true);
  const roleLimited = role !== null && !mayMoveMoney && !roleUnknown && (wouldMove.capture || wouldMove.void || wouldMove.refund || wouldMove.recurring);

  return (
    <section className="detail" aria-labelledby="detail-title" data-testid="payment-detail" data-state={payment.state}>
      <div className="detail-head">
        <div className="detail-title">
          <h2 id="detail-title" ref={titleRef} tabIndex={-1}><Ltr className="mono" cut={payment.orderId}>{payment.orderId}</Ltr></h2>
          {/* Support reads the ids out or pastes them: a triple-click on a title cut with an ellipsis left them unsure all of it was copied. */}
          <CopyButton text={payment.orderId} label={t('detail.copyOrderId')} copiedLabel={t('detail.copiedOrderId')} shown={titleRef} testId="copy-order-id" />
          <StateBadge payment={payment} />
          <CheckupMark payment={payment} />
        </div>
        <button type="button" className="close" onClick={onClose} aria-label={t('detail.close')}>×</button>
      </div>
      {hiddenByFilter && (
        <p className="attention-note" role="status" data-testid="detail-not-in-list">
          {t('detail.notInList')} <button type="button" className="link-button" onClick={() => useTransactions.getState().clearFilter()}>{t('tx.clearFilters')}</button>
        </p>
      )}
      {/* Settling by hand is the way on once the checks are done with it: "check the status" beside it contradicted it. */}
      {payment.operationInFlight && !unclear && <p className="unknown-outcome" role="status" data-testid="detail-in-flight">{inFlightWords}</p>}
      {unclear ? (
        <div className="attention-note" role="status" data-testid="attention-undecidable">
          <p>{t(unclearWords(payment.attentionReason, mayMoveMoney, otherProfile ? (profileRemoved ? 'removed' : 'other') : 'active', payment.environment), { kind: t(`noun.${unclear.kind}`), order: ltrIsolated(payment.orderId), amount: formatAmount(unclear.amountMinor ?? payment.amountMinor, currency, language) })}</p>
        </div>
      ) : payment.needsAttention && <p className="attention-note" role="status">{t('detail.needsAttention')}</p>}
      <OutsideNote payment={payment} />
      {waitsForTransaction(payment) && <p className="attention-note" role="status" data-testid="no-transaction">{t('detail.noTransaction')}</p>}
      {waitsForToken(payment) && <p className="attention-note" role="status" data-testid="token-waiting">{t('detail.recurringWaiting')}</p>}
      {repeatStop && <RepeatStoppedNote stop={repeatStop} />}
      {!checkable && <p className="attention-note" role="status" data-testid="detail-not-created">{t('detail.notCreated')}</p>}
      {otherProfile ? (
        <OtherProfileNote profileId={payment.profileId} rule={acting} environment={payment.environment} onSwitch={watchFocus} />
      ) : (
        <div className="detail-actions">
          {acting === 'colleague' && <ColleagueProfileNote profileId={payment.profileId} environment={payment.environment} />}
          {shown.capture && <button type="button" onClick={() => openDialog('capture')} disabled={!allowed.capture} aria-describedby={held} aria-keyshortcuts={shortcutKeys('capture')} data-testid="action-capture">{t('action.capture')}</button>}
          {shown.void && <button type="button" onClick={() => openDialog('void')} disabled={!allowed.void} aria-describedby={held} aria-keyshortcuts={shortcutKeys('void')} data-testid="action-void">{t('action.void')}</button>}
          {shown.refund && <button type="button" onClick={() => openDialog('refund')} disabled={!allowed.refund} aria-describedby={held} aria-keyshortcuts={shortcutKeys('refund')} data-testid="action-refund">{t('action.refund')}</button>}
          {shown.recurring && !repeatStop && <button type="button" onClick={() => openDialog('recurring')} disabled={!allowed.recurring} aria-describedby={held} data-testid="action-recurring">{t('action.recurring')}</button>}
          {/* Who may charge again may stop and allow (support, admin; the team database enforces it). */}
          {series && mayMoveMoney && (repeatStop
            ? <button type="button" onClick={() => void setStopped(false)} disabled={stopping} data-testid="action-repeat-allow">{t('detail.repeatAllow')}</button>
            : <button type="button" onClick={() => void setStopped(true)} disabled={stopping} data-testid="action-repeat-stop">{t('detail.repeatStop')}</button>)}
          {/* Everyone checks status; finance's check settles an unclear operation through the database (status-settle.sql).
              Not on a payment the gateway did not create: its answer can change nothing. */}
          {/* Its form, filled with what was sent (the same order id): what "You can create it again" above offers. */}
          {mayCreate && canCreateAgain(payment) && <button type="button" onClick={() => createAgain(payment)} data-testid="action-create-again">{t('detail.createAgain')}</button>}
          {/* A declined or expired link or session: a new one like it, under a new order id. */}
          <MakeAnother payment={payment} declineReason={detail.declineReason} />
          {checkable && <button type="button" ref={statusButton} onClick={() => void checkStatus()} disabled={checking} aria-keyshortcuts={shortcutKeys('status')} data-testid="action-status">{t('detail.checkStatus')}</button>}
          {/* Settling by hand after the one-press check, in reading and keyboard order: the note says to check first
              (it sat in the note, above the check). Right after it, so a check that settles it moves nothing before it. */}
          {unclear && mayMoveMoney && <button type="button" onClick={() => openDialog('settle')} aria-keyshortcuts={shortcutKeys('settle')} data-testid="action-settle">{t('settle.open')}</button>}
          {mayBecomePaid(payment) && (
            <label className="field-check">
              <input type="checkbox" checked={payment.watched} onChange={(e) => void api.watchPayment({ paymentId, watched: e.target.checked }).then(() => load(paymentId))} />
              {t('detail.watch')}
            </label>
          )}
        </div>
      )}
      {!otherProfile && held && <p className="attention-note" id={held} data-testid="detail-role-unknown">{t('team.roleUnknown')}</p>}
      {!otherProfile && roleLimited && <p className="field-hint" data-testid="detail-role-limits">{t('detail.roleLimits', { role: t(`team.role.${role}`) })}</p>}
      {!otherProfile && financeUnclear && (
        <p className="attention-note" data-testid="status-finance-limits">
          {financeUnclear.kind === 'refund' ? t('detail.financeLimits.refund') : t('detail.financeLimits', { kind: t(`nounThis.${financeUnclear.kind}`) })}
        </p>
      )}
      {/* Under the buttons, with the notice: a refused press sets it, and above them it pushed the buttons down under the pointer. */}
      {/* With the note above saying what the answers cannot tell and what to look up, a check's line says only that it still cannot (both said it, the fifteenth walk). */}
      {payment.lastError && !lastErrorInNotice && <p className="form-error" data-testid="detail-last-error"><LastError payment={payment} /></p>}
      <NoticeLine notice={unclear && notice && 'key' in notice.words && notice.words.key === 'action.settleByHand' ? said('detail.checkedUndecided') : notice} testId="detail-notice" />
      {/* "Ask the customer for … another way to pay": that way, one press, as a refused charge's dialog offers it. */}
      {notice?.declinedCharge && mayCreate && <p><PayByLinkButton payment={notice.declinedCharge} testId="declined-charge-by-link" /></p>}
      {/* The facts in two lists on one grid (transactions.css), the message to the customer between
          them, under the payment's own amounts: under the line an action leaves, after "Charge again"
          its "Send a refund confirmation" sat right under "Charged … as PD-…" and read as the new charge's. */}
      <div className="detail-facts">
        <dl className="facts">
          {/* A card payment asked for as an authorisation only (the ledger's authOnly) is named so, captured
              since or not (its state says which): "Card sale" beside "Authorised" read as money taken (walk16). */}
          <dt>{t('detail.kind')}</dt><dd data-testid="detail-kind">{t(payment.kind === 'sale' && payment.authOnly ? 'kind.saleAuthorisation' : `kind.${payment.kind}`)}</dd>
          {/* What the payment was for (a link's or a repeat charge's description, as typed): support is asked it, and it was only in the CSV. An invoice's lines joined read line by line in order (joined-description.tsx). */}
          {payment.description && (<><dt>{t('detail.description')}</dt><dd><JoinedDescription className="user-text" testId="detail-description" text={payment.description} /></dd></>)}
          <dt>{t('detail.amount')}</dt><dd data-testid="detail-amount">{money(payment.amountMinor)}</dd>
          {/* Nothing paid yet (an unpaid, declined or expired link): its amount and state say it; three 0.000 rows read as figures. */}
          {!nothingTaken(payment) && (<>
            <dt>{t('detail.captured')}</dt><dd data-testid="detail-captured">{captureUnknown ? t('detail.capturedUnknown') : money(payment.capturedMinor)}</dd>
            <dt>{t('detail.refunded')}</dt><dd data-testid="detail-refunded">{refundUnknown ? t('detail.refundedUnknown') : money(payment.refundedMinor)}</dd>
            {allowed.captureLeft > 0 && (payment.state === 'authorised' || payment.state === 'partially_captured') && (<><dt>{t('detail.captureLeft')}</dt><dd data-testid="detail-capture-left">{captureUnknown ? t('detail.refundLeftUnknown') : money(allowed.captureLeft)}</dd></>)}
            {holdRest === 'closed' && (<><dt>{t('detail.notCaptured')}</dt><dd data-testid="detail-not-captured">{money(allowed.captureLeft)}</dd></>)}
            <dt>{t('detail.refundLeft')}</dt><dd data-testid="detail-refund-left">{refundUnknown || captureUnknown ? t('detail.refundLeftUnknown') : money(Math.max(allowed.refundLeft, 0))}</dd>
          </>)}
        </dl>
        {holdRest && <p className="field-hint hold-rest" data-testid="detail-hold-rest">{t(`detail.holdRest.${holdRest}`, { amount: formatAmount(allowed.captureLeft, currency, language) })}</p>}
        {/* A message to the customer moves no money: offered to every role, on any profile's payment. */}
        <ReceiptOffer payment={payment} operations={detail.operations} />
        {/* An unpaid link's or session's address, copied or sent again (the links list's buttons and panel); never with a receipt, which needs money taken. */}
        <ShareOffer payment={payment} />
        <dl className="facts">
          <dt>{t('detail.customer')}</dt><dd>{[payment.customer.name, payment.customer.email, payment.customer.phone].filter(Boolean).map((part, i) => <span key={i} className="customer-part">{i === 0 ? <bdi className="customer-name">{part}</bdi> : <Ltr>{part}</Ltr>}</span>)}</dd>
          {payment.state === 'declined' && detail.declineReason && (<><dt>{t('detail.declineReason')}</dt><dd><bdi className="user-text" dir="ltr" lang="en" data-testid="decline-reason">{detail.declineReason}</bdi></dd></>)}
          {payment.cardMasked && (<><dt>{t('detail.card')}</dt><dd><Ltr className="mono">{payment.cardMasked}</Ltr></dd></>)}
          <dt>{t('detail.transactionId')}</dt><dd><Ltr className="mono" ref={transactionIdRef}>{payment.transactionId ?? '—'}</Ltr>{payment.transactionId && <> <CopyButton text={payment.transactionId} label={t('detail.copyTransactionId')} copiedLabel={t('detail.copiedTransactionId')} shown={transactionIdRef} testId="copy-transaction-id" /></>}</dd>
          {payment.sessionId && (<><dt>{t('detail.sessionId')}</dt><dd><Ltr className="mono">{payment.sessionId}</Ltr></dd></>)}
          {payment.url && (<><dt>{t('detail.url')}</dt><dd><Ltr className="mono url">{payment.url}</Ltr></dd></>)}
          {/* The payment's profile by name and badge: a branch, not only an environment (walk37). */}
          <dt>{t('detail.profile')}</dt><dd data-testid="detail-profile"><ProfileCell profileId={payment.profileId} environment={payment.environment} /></dd>
          {/* Its times are this computer's wall time, named as the list's Created heading names it (walk31). */}
          <dt>{t('detail.created')} <ZoneNote testId="detail-zone" /></dt><dd><RowMoment iso={payment.createdAt} testId="detail-created" /></dd>
          <dt>{t('detail.lastChecked')}</dt><dd>{payment.lastCheckedAt ? <RowMoment iso={payment.lastCheckedAt} testId="detail-last-checked" /> : '—'}
            {failedCheck && <span data-testid="detail-last-check-failed"> · {failedCheck.answeredAt ? t('detail.lastCheckFailedSince', { when: formatRowDateTime(failedCheck.answeredAt, language) }) : t('detail.lastCheckFailed')}</span>}</dd>
        </dl>
      </div>
      {(detail.related.parent || detail.related.repeats.length > 0) && (
        <section aria-labelledby="related-title" data-testid="related-payments">
          <h3 id="related-title">{t(detail.related.parent ? 'detail.repeatOf' : 'detail.repeats')}{repeatStop && <> <span className="stopped-mark" data-testid="repeats-stopped">{t('detail.repeatsStopped')}</span></>}</h3>
          {series && !detail.related.parent && <RepeatSeriesLine series={series} currency={currency} />}
          <ul className="related-list">
            {detail.related.parent && (
              <li>
                <button type="button" className="link-button" onClick={() => openPayment(detail.related.parent!.id)}><Ltr className="mono">{detail.related.parent.orderId}</Ltr></button>
                {series && <RepeatSeriesLine series={series} currency={currency} afterOrder />}
              </li>
            )}
            {detail.related.repeats.map((r) => (
              <li key={r.id}>
                <button type="button" className="link-button" onClick={() => openPayment(r.id)}><Ltr className="mono">{r.orderId}</Ltr></button> · {money(r.amountMinor)} · <StateBadge payment={{ ...r, needsAttention: false, operationInFlight: false }} /> · <RowMoment iso={r.createdAt} />
                {/* What this charge was for, as typed at it ("December box"): which month a row is, without opening it. */}
                {r.description && <> · <bdi className="user-text" data-testid="repeat-description">{r.description}</bdi></>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {chargedCard?.recurringAvailable && !repeatStop && <p className="field-hint" data-testid="repeat-by-hand">{t('detail.repeatByHand')}</p>}
      {payment.kind === 'link' && <Suspense fallback={null}><PaymentInvoice paymentId={payment.id} /></Suspense>}
      <h3>{t('detail.timeline')}</h3>
      <Timeline detail={detail} />
      {settling && (
        <SettleDialog
          payment={payment}
          operation={settling}
          current={detail.operations.find((op) => op.id === settling.id)}
          onClose={closeDialog}
          onDone={(words: Words) => {
            closeDialog();
            setNotice({ kind: 'ok', words });
            reloadAfterAction();
          }}
        />
      )}
      {dialog && (
        <ActionDialog
          kind={dialog}
          payment={payment}
          remainingMinor={dialogStartMinor(dialog, chargedCard, allowed)}
          chargedCard={chargedCard}
          busyWords={sender ? inFlightWords : undefined}
          onClose={closeDialog}
          onDone={(words: Words, outcome: Notice['kind'] = 'ok', declinedCharge?: PaymentView) => {
            closeDialog();
            setNotice({ kind: outcome, words, declinedCharge });
            reloadAfterAction();
          }}
        />
      )}
    </section>
  );
}

/**
 * The amount a dialog offers: what is left to capture or refund; for a repeat charge the charged
 * card's first payment's amount (a subscription's next charge), from its detail and its repeat
 * charges' alike, not what is left to refund, which made it 0.00 after a full refund (a "must be
 * more than zero" error before anything was typed).
 */
/**
 * What the detail says of the part of a card authorisation never captured (walk24): after a part
 * capture it stays capturable but no void is taken (only the capture dialog said so, and the Void
 * button just went); after a refund it can be neither (rules.ts), and the detail said nothing of it.
 */
function holdRestOf(payment: PaymentDetail['payment'], refundUnknown: boolean): 'capturable' | 'closed' | null {
  if (payment.kind !== 'sale' || !payment.authOnly || refundUnknown) return null;
  if (payment.capturedMinor <= 0 || payment.capturedMinor >= payment.amountMinor) return null;
  if (payment.state === 'partially_captured') return 'capturable';
  return payment.state === 'partially_refunded' || payment.state === 'refunded' ? 'closed' : null;
}

function dialogStartMinor(kind: ActionKind, card: ChargedCard | null, allowed: { captureLeft: number; refundLeft: number }): number {
  if (kind === 'recurring') return card?.amountMinor ?? 0;
  return kind === 'capture' ? allowed.captureLeft : allowed.refundLeft;
}

/** A payment the gateway did not create has nothing a status check could find or change. */
function statusCheckable(payment: { state: string }): boolean {
  return payment.state !== 'not_created';
}

/**
 * Main tells a watcher only when a payment link becomes paid, so "Tell me when it is paid" is
 * offered on a link that may still be paid; a watch already on stays shown so it can be turned off.
 */
function mayBecomePaid(payment: { kind: string; state: string; watched: boolean }): boolean {
  return payment.watched || (payment.kind === 'link' && ['pending', 'unknown', 'creating'].includes(payment.state));
}

/**
 * Why an unclear operation waits for a person: answers that cannot decide it, or none that settled it after several checks.
 * On another profile's payment neither "Check status now" nor "Settle by hand…" is drawn: the words say to switch to that
 * profile first; on a removed profile's, that nothing here can check or settle it (for every role: none can).
 */
/**
 * Whether the check "Last checked" names failed (no answer, an error): its time moves on a failed
 * check too, and alone it read as the time the state shown was confirmed (the fifteenth walk).
 */
function lastCheckFailed(checks: PaymentDetail['checks'], lastCheckedAt: string | null): { answeredAt?: string } | undefined {
  if (!lastCheckedAt) return undefined;
  const last = checks.find((check) => Date.parse(check.at) === Date.parse(lastCheckedAt));
  if (last === undefined || last.outcome === 'ok' || last.outcome === 'stale') return undefined;
  // The latest check the gateway answered: "Last checked" alone moved on to the failed try, and when
  // the state shown was last heard of was said nowhere (walk31).
  const answered = checks.filter((check) => check.outcome === 'ok' && Date.parse(check.at) < Date.parse(last.at)).sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  return { answeredAt: answered?.at };
}

function unclearWords(reason: PaymentView['attentionReason'], mayMoveMoney: boolean, madeOn: 'active' | 'other' | 'removed', environment: PaymentView['environment']) {
  if (madeOn === 'removed') return 'detail.attention.removedProfile';
  // The practice gateway has no dashboard to look at: its signed notifications are its account of what it did (walk35).
  if (reason === 'undecidable' && mayMoveMoney && madeOn === 'active' && environment === 'practice') return 'detail.attention.undecidablePractice';
  if (reason === 'undecidable') return !mayMoveMoney ? 'detail.attention.undecidableForOthers' : madeOn === 'other' ? 'detail.attention.undecidableOtherProfile' : 'detail.attention.undecidable';
  if (madeOn === 'other') return mayMoveMoney ? 'detail.attention.noAnswerOtherProfile' : 'detail.attention.noAnswerOtherProfileForOthers';
  return mayMoveMoney ? 'detail.attention.noAnswer' : 'detail.attention.noAnswerForOthers';
}
