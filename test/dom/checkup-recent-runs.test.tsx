// The check-up section on the team ledger lists the profile's recent runs of every laptop and opens
// one made on another computer in place, saying who started it and where, in English and Arabic;
// a run still going on there offers no Cancel and no report. The list follows the team by itself:
// main's checkups.changed (a run saved on any laptop, told by the team database) reads it again
// without Refresh, a burst of saves at most twice, and so does the stream's resync. main is a
// recording stub here; the runs kept in the team database are tested in
// test/ledger/postgres/checkup-runs.test.ts, their notifications in checkup-live.test.ts.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { checkupStepKeys, type CheckupRun, type CheckupRunSummary } from '../../contract/methods/checkup';
import type { ProfileView } from '../../contract/methods/profiles';
import { appInfo } from '../support/session';
import { stubMain } from '../support/stub-main';

const steps = (state: CheckupRun['steps'][number]['state']) => checkupStepKeys.map((key) => ({ key, state, orderIds: [], answers: [], findings: [] }));
const mine: CheckupRun = { id: 'run-here', profileId: 'practice', environment: 'practice', currency: 'SAR', state: 'finished', startedAt: '2026-11-24T08:00:00.000Z', finishedAt: '2026-11-24T08:01:00.000Z', steps: steps('passed'), startedBy: { login: 'sue', osUser: 'sue-os', thisLaptop: true } };
const theirs: CheckupRun = { ...mine, id: 'run-there', state: 'running', startedAt: '2026-11-24T09:00:00.000Z', finishedAt: null, steps: [...steps('passed').slice(0, 3), ...steps('waiting').slice(3)], startedBy: { login: 'ada', osUser: 'ada-os', thisLaptop: false } };
const stopped: CheckupRun = { ...mine, id: 'run-stopped', state: 'interrupted', startedAt: '2026-11-24T07:00:00.000Z' };
/** Another computer's run that no session holds any more (its computer stopped or left the network). */
const gone: CheckupRun = { ...theirs, id: 'run-gone', state: 'interrupted', startedAt: '2026-11-24T06:00:00.000Z', finishedAt: '2026-11-24T06:00:40.000Z' };
const summary = ({ steps: s, ...run }: CheckupRun): CheckupRunSummary => ({ ...run, counts: { passed: s.filter((x) => x.state === 'passed').length, different: 0, failed: 0, skipped: 0, cancelled: 0 } });
/** The team's runs listCheckups answers with (the four above unless a test says otherwise). */
let listed: CheckupRunSummary[] | 'fails' | undefined;
/** While set, listCheckups answers only once it resolves (a read under way). */
let held: Promise<void> | undefined;

const main = stubMain({
  getCheckup: (input) => ({ ok: true, value: { run: input.runId === 'run-there' ? theirs : input.runId === 'run-stopped' ? stopped : input.runId === 'run-gone' ? gone : mine } }),
  listCheckups: async () => {
    await held;
    if (listed === 'fails') return { ok: false, error: { code: 'storage', message: 'connect ECONNREFUSED' } };
    return { ok: true, value: { kept: 'team', runs: listed ?? [summary(theirs), summary(mine), summary(stopped), summary(gone)] } };
  },
});
/** The methods the page asked main for, in order (every one, stubbed or not). */
const calls = () => main.calls.map((c) => c.name);
/** main tells the page something (the stub delivers it as the bridge would). */
const told = (event: AppEvent) => main.tell(event);
const listCalls = () => calls().filter((c) => c === 'listCheckups').length;
const { CheckupSection } = await import('../../renderer/src/features/checkup/checkup-section');
const { useLanguage } = await import('../../renderer/src/i18n');
const { useSession } = await import('../../renderer/src/app/session-store');
// sue is support: main's first answer says so (session-store.ts).
useSession.setState({ info: appInfo({ role: 'support' }) });

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('lists every laptop\'s recent runs and opens one made on another computer, without Cancel or report while it runs there', async () => {
  render(<CheckupSection profile={practice} />);
  const rows = await screen.findAllByTestId('checkup-recent-run');
  expect(rows.map((r) => r.getAttribute('data-run-id'))).toEqual(['run-there', 'run-here', 'run-stopped', 'run-gone']);
  expect(rows[0]!.textContent).toContain('By ada (computer user ada-os) on another computer.');
  expect(rows[0]!.textContent).toContain('Running…, 3 passed, 0 answered differently, 0 failed.');
  await waitFor(() => expect(screen.getByTestId('checkup-run-view').getAttribute('data-run-id')).toBe('run-here'));
  fireEvent.click(rows[0]!.querySelector('[data-testid="checkup-recent-open"]')!);
  await waitFor(() => expect(screen.getByTestId('checkup-run-view').getAttribute('data-run-id')).toBe('run-there'));
  expect(screen.getByTestId('checkup-started-by').textContent).toMatch(/^Started by ada \(computer user ada-os\) on another computer, .*It is still running there/);
  expect(screen.queryByTestId('checkup-cancel')).toBeNull();
  expect(screen.queryByTestId('checkup-save-json')).toBeNull();
  // This laptop may still run its own.
  expect((screen.getByTestId('checkup-run') as HTMLButtonElement).disabled).toBe(false);
  main.calls.length = 0;
  fireEvent.click(screen.getByTestId('checkup-recent-refresh'));
  await waitFor(() => expect(calls()).toEqual(expect.arrayContaining(['listCheckups', 'getCheckup'])));
});

it('says how this laptop\'s run ended and then its counts, as one sentence, in English and Arabic', async () => {
  render(<CheckupSection profile={practice} />);
  const status = await screen.findByTestId('checkup-status');
  expect(status.textContent).toBe('Finished: 11 passed, 0 answered differently, 0 failed, 0 skipped.');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(status.textContent).toBe('انتهى: نجح 11، وأجاب بشكل مختلف 0، وفشل 0، وتُخطي 0.');
});

it('says who started it and where in Arabic', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<CheckupSection profile={practice} />);
  const rows = await screen.findAllByTestId('checkup-recent-run');
  expect(rows[0]!.textContent).toContain('بواسطة ⁦ada⁩ (مستخدم الحاسوب ⁦ada-os⁩) على حاسوب آخر.');
  expect(screen.getByText('الفحوص الأخيرة في سجل الفريق')).toBeTruthy();
});

it('says a run Paydesk stopped in the middle of was interrupted and what to do, in English and Arabic', async () => {
  render(<CheckupSection profile={practice} />);
  const rows = await screen.findAllByTestId('checkup-recent-run');
  expect(rows[2]!.textContent).toContain('Interrupted, 11 passed');
  fireEvent.click(rows[2]!.querySelector('[data-testid="checkup-recent-open"]')!);
  expect((await screen.findByTestId('checkup-interrupted')).textContent).toBe('Paydesk stopped during this check-up, so its test money was not returned: settle its payments in Transactions (search for CHK-).');
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('checkup-interrupted').textContent).toBe('توقف بايدسك أثناء هذا الفحص، فلم تُعد أموال الاختبار: سوِّ دفعاته في المعاملات (ابحث عن CHK-).');
});

it('says another computer\'s run that can no longer finish was interrupted there, that it goes on if that computer comes back, and what to do otherwise, in English and Arabic', async () => {
  render(<CheckupSection profile={practice} />);
  const rows = await screen.findAllByTestId('checkup-recent-run');
  expect(rows[3]!.textContent).toContain('Interrupted, 3 passed');
  fireEvent.click(rows[3]!.querySelector('[data-testid="checkup-recent-open"]')!);
  expect((await screen.findByTestId('checkup-interrupted')).textContent).toBe('The computer running this check-up stopped, or lost its connection to the team ledger, before the check-up ended: its steps are shown as last saved. If Paydesk is still running there and connects again, the check-up goes on; otherwise its test money was not returned: settle its payments in Transactions (search for CHK-).');
  // Not running there as far as anyone can tell: its report may be saved.
  expect(screen.getByTestId('checkup-save-json')).toBeTruthy();
  act(() => useLanguage.getState().setLanguage('ar'));
  expect(screen.getByTestId('checkup-interrupted').textContent).toContain('توقف الحاسوب الذي يجري هذا الفحص');
});

it('shows the team’s list and its Refresh while it is empty, so a run another computer starts afterwards can be listed without leaving the screen', async () => {
  listed = [];
  try {
    render(<CheckupSection profile={practice} />);
    expect((await screen.findByTestId('checkup-recent-none')).textContent).toBe('No check-up of this profile is kept on the team ledger yet. A run started on any computer is listed here as it starts; if the team ledger was out of reach meanwhile, Refresh the list.');
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(screen.getByTestId('checkup-recent-none').textContent).toBe('لا يوجد في سجل الفريق بعد أي فحص لملف التعريف هذا. يظهر هنا كل فحص فور بدئه على أي حاسوب؛ وإن تعذّر الوصول إلى سجل الفريق في الأثناء فحدّث القائمة.');
    act(() => useLanguage.getState().setLanguage('en'));
    expect(screen.queryAllByTestId('checkup-recent-run')).toHaveLength(0);
    // Another computer starts one while this laptop could not be told (the team ledger out of reach): Refresh lists it.
    listed = [summary(theirs)];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh the list' }));
    const rows = await screen.findAllByTestId('checkup-recent-run');
    expect(rows.map((r) => r.getAttribute('data-run-id'))).toEqual(['run-there']);
    expect(screen.queryByTestId('checkup-recent-none')).toBeNull();
  } finally {
    listed = undefined;
  }
});

it('says why the team’s list could not be read, in the person’s language, and Refresh tries again', async () => {
  listed = 'fails';
  try {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<CheckupSection profile={practice} />);
    expect((await screen.findByTestId('checkup-recent-error')).textContent).toBe('تعذّرت قراءة الفحوص الأخيرة: تعذّر على بايدسك قراءة بياناته أو كتابتها. حدّث القائمة للمحاولة مرة أخرى.');
    act(() => useLanguage.getState().setLanguage('en'));
    listed = [summary(mine)];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh the list' }));
    await waitFor(() => expect(screen.queryByTestId('checkup-recent-error')).toBeNull());
    expect(screen.getAllByTestId('checkup-recent-run').map((r) => r.getAttribute('data-run-id'))).toEqual(['run-here']);
  } finally {
    listed = undefined;
  }
});

it('lists a run another computer starts, and then its end, by itself, without Refresh; a running check-up\'s burst of saves reads the list at most twice', async () => {
  listed = [];
  try {
    render(<CheckupSection profile={practice} />);
    await screen.findByTestId('checkup-recent-none');
    // Another computer starts a check-up: the team database tells main, main tells the screen.
    listed = [summary(theirs)];
    told({ type: 'checkups.changed', runId: 'run-there' });
    const rows = await screen.findAllByTestId('checkup-recent-run');
    expect(rows.map((r) => r.getAttribute('data-run-id'))).toEqual(['run-there']);
    expect(rows[0]!.textContent).toContain('Running…, 3 passed');

    // It saves after each step: a read under way, more saves are heard; one more read follows it, not one each.
    let answer!: () => void;
    held = new Promise((resolve) => (answer = resolve));
    main.calls.length = 0;
    told({ type: 'checkups.changed', runId: 'run-there' });
    await waitFor(() => expect(listCalls()).toBe(1));
    listed = [summary({ ...theirs, state: 'finished', finishedAt: '2026-11-24T09:01:00.000Z', steps: steps('passed') })];
    for (let i = 0; i < 10; i++) told({ type: 'checkups.changed', runId: 'run-there' });
    held = undefined;
    answer();
    await waitFor(() => expect(screen.getByTestId('checkup-recent-run').textContent).toContain('Finished, 11 passed'));
    expect(listCalls()).toBe(2);
    expect(screen.queryByTestId('checkup-recent-none')).toBeNull();
  } finally {
    listed = undefined;
    held = undefined;
  }
});

it('reads the list again, and the other computer\'s run it shows, once when main\'s events may have been missed (the stream\'s resync)', async () => {
  render(<CheckupSection profile={practice} />);
  const rows = await screen.findAllByTestId('checkup-recent-run');
  fireEvent.click(rows[0]!.querySelector('[data-testid="checkup-recent-open"]')!);
  await waitFor(() => expect(screen.getByTestId('checkup-run-view').getAttribute('data-run-id')).toBe('run-there'));
  main.calls.length = 0;
  // The stream came back after a drop (or a gap in main's numbers): every "changed" event, each once.
  const { resyncEvents } = await import('../../renderer/src/api/event-sequence');
  resyncEvents.forEach(told);
  await waitFor(() => expect(calls()).toEqual(expect.arrayContaining(['listCheckups', 'getCheckup'])));
  expect(listCalls()).toBe(1);
  // A run saved that is not the one shown: only the list is read again.
  main.calls.length = 0;
  told({ type: 'checkups.changed', runId: 'run-gone' });
  await waitFor(() => expect(listCalls()).toBe(1));
  expect(calls()).toEqual(['listCheckups']);
});

// The runs said "24 Nov 2026, 08:00" (Arabic «24‏/11‏/2026، 8:00 ص» and another order) while lists,
// details and backups write a moment as the transactions list does (formatRowDateTime).
it('writes when each run started as the lists do, in English and Arabic', async () => {
  const { formatRowDateTime } = await import('../../renderer/src/i18n/format');
  render(<CheckupSection profile={practice} />);
  const rows = await screen.findAllByTestId('checkup-recent-run');
  await waitFor(() => expect(screen.getByTestId('checkup-run-view').getAttribute('data-run-id')).toBe('run-here'));
  fireEvent.click(rows[0]!.querySelector('[data-testid="checkup-recent-open"]')!);
  await waitFor(() => expect(screen.getByTestId('checkup-run-view').getAttribute('data-run-id')).toBe('run-there'));
  for (const language of ['en', 'ar'] as const) {
    act(() => useLanguage.getState().setLanguage(language));
    const listed = screen.getAllByTestId('checkup-recent-run')[1]!.textContent!;
    expect(listed).toContain(formatRowDateTime(mine.startedAt, language));
    expect(screen.getByTestId('checkup-started-by').textContent).toContain(formatRowDateTime(theirs.startedAt, language));
    for (const month of ['Nov', 'نوفمبر']) expect(listed).not.toContain(month);
  }
});
