// Keyboard users keep their place when an action takes away the button they pressed: Run
// check-up stays focused while the run goes on (a disabled button dropped the focus to the page's
// start), the check-up's offer hands it on to Run check-up, seller details' Edit moves the focus
// into the form and Save back to Edit (or, with a mistake, to the first field with a message), and
// a sale's 3-D Secure challenge takes the focus from the form it replaces. main is a recording stub here.
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { checkupStepKeys, type CheckupRun } from '../../contract/methods/checkup';
import type { ProfileView } from '../../contract/methods/profiles';
import type { PaymentView } from '../../contract/methods/payments';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;
const running: CheckupRun = { id: 'run-1', profileId: 'practice', environment: 'practice', currency: 'SAR', state: 'running', startedAt: '2026-11-25T08:00:00.000Z', finishedAt: null, steps: checkupStepKeys.map((key) => ({ key, state: 'waiting', orderIds: [], answers: [], findings: [] })), startedBy: null };
let seller: unknown = null;
const main = stubMain({
  getCheckup: () => ({ ok: true, value: { run: null } }),
  startCheckup: () => ({ ok: true, value: running }),
  getSellerDetails: () => ({ ok: true, value: unchecked({ seller }) }),
  setSellerDetails: (input) => ({ ok: true, value: unchecked({ seller: input.seller }) }),
  openChallengeWindow: () => ({ ok: true, value: { mode: 'frame' } }),
  getChallenge: () => ({ ok: true, value: { id: 'ch-1', paymentId: 'p1', state: 'waiting', frameUrl: 'about:blank' } }),
});
const { CheckupSection } = await import('../../renderer/src/features/checkup/checkup-section');
const { SellerSection } = await import('../../renderer/src/features/settings/seller-form');
const { ChallengeStep } = await import('../../renderer/src/features/get-paid/challenge-view');
const { useSession } = await import('../../renderer/src/app/session-store');
useSession.setState({ info: appInfo(null), profile: practice });

afterEach(() => cleanup());

/** A click as a keyboard user makes it: the button has the focus when it is pressed. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

it('keeps the focus on Run check-up while the run goes on, and a second press starts nothing', async () => {
  render(<CheckupSection profile={practice} />);
  const run = screen.getByTestId('checkup-run');
  press(run);
  await screen.findByTestId('checkup-cancel');
  expect(document.activeElement).toBe(run);
  expect(run.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(run);
  expect(main.calls.filter((c) => c.name === 'startCheckup')).toHaveLength(1);
});

it.each([['Run the check-up now'], ['Not now']])('hands the focus on to Run check-up when the offer goes away on %s', async (label) => {
  const { useCheckups } = await import('../../renderer/src/features/checkup/checkup-store');
  useCheckups.setState({ runs: {} });
  useCheckups.getState().offer('practice');
  render(<CheckupSection profile={practice} />);
  press(screen.getByRole('button', { name: label }));
  await waitFor(() => expect(screen.queryByTestId('checkup-offer')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('checkup-run')));
});

/** Edit pressed on empty seller details (the focus goes into the form), then the five fields typed and Save pressed. */
async function saveSeller(vatNumber: string) {
  seller = null;
  render(<SellerSection />);
  await waitFor(() => expect((screen.getByTestId('seller-edit') as HTMLButtonElement).disabled).toBe(false));
  press(screen.getByTestId('seller-edit'));
  await waitFor(() => expect(document.activeElement?.id).toBe('seller-legalNameAr'));
  const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
  type('seller-legalNameAr', 'شركة المثال');
  type('seller-legalNameEn', 'Example Co.');
  type('seller-vatNumber', vatNumber);
  type('seller-crNumber', '1010010000');
  type('seller-address', 'Riyadh');
  press(screen.getByTestId('seller-save'));
}

it('moves the focus into the seller form on Edit, and back to Edit once saved', async () => {
  await saveSeller('310122393500003');
  await screen.findByTestId('seller-summary');
  // The focus moves in an effect React may run a task after the summary is drawn (the save's answer came outside any event).
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('seller-edit')));
});

it('takes the focus from Save to the first field with a message when the seller details have a mistake', async () => {
  const saves = () => main.calls.filter((c) => c.name === 'setSellerDetails').length;
  const savedBefore = saves();
  await saveSeller('31012239350000'); // 14 digits: one short
  await waitFor(() => expect(document.activeElement?.id).toBe('seller-vatNumber'));
  expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
  expect(saves()).toBe(savedBefore);
});

it('gives the 3-D Secure challenge the focus of the sale form it replaces', async () => {
  const payment = { id: 'p1', state: 'pending' } as PaymentView;
  render(<ChallengeStep challenge={{ id: 'ch-1', paymentId: 'p1', state: 'waiting', frameUrl: 'about:blank' }} payment={payment} onDone={() => {}} />);
  await screen.findByTestId('challenge-frame');
  expect(document.activeElement).toBe(screen.getByTestId('challenge'));
});
