// The navigation says how many payments wait in Needs attention: a support agent on another screen
// learns that a refund's answer was just lost (it said only "Needs attention", whatever waited).
// The count is main's (countNeedsAttention), asked once the first screen is drawn and again on main's
// events, a burst of them counted once; the number is part of the button's name for a screen reader,
// in English and Arabic with the catalogs' plural forms; none waiting: no number; over 99: "99+".
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain } from '../support/stub-main';

let waiting = 3;
let held: Promise<void> | undefined;
const main = stubMain({
  countNeedsAttention: async () => {
    await held;
    return { ok: true, value: { total: waiting } };
  },
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { Navigation } = await import('../../renderer/src/app/navigation');
const { startAttentionCount, countAfterMs } = await import('../../renderer/src/app/attention-count');

afterEach(async () => {
  await main.settled();
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const counts = () => main.asked('countNeedsAttention').length;
const badge = () => screen.queryByTestId('attention-waiting')?.textContent ?? null;
const attention = () => screen.getByTestId('nav-attention');
/** The entry is the button a screen reader names so (its accessible name, aria-hidden parts left out). */
const named = (name: string) => screen.getByRole('button', { name });
/** Main's count changed and it says so; the badge shows the new number once the short wait and the count are over. */
async function changeTo(total: number, event: Parameters<typeof main.tell>[0] = { type: 'payments.changed', paymentIds: ['p1'] }) {
  const before = counts();
  waiting = total;
  main.tell(event);
  await waitFor(() => expect(counts()).toBe(before + 1));
  await main.settled();
}

describe('the navigation\'s count of Needs attention', () => {
  it('is asked for only once the frame starts it (after the first screen), then shown beside the name and said in it', async () => {
    useSession.setState({ info: appInfo(null), profile: practiceProfile() });
    render(<Navigation />);
    await main.settled();
    expect(counts()).toBe(0);
    expect(badge()).toBeNull();
    expect(named('Needs attention')).toBe(attention()); // none waiting: the name alone, nothing hidden

    startAttentionCount();
    await waitFor(() => expect(badge()).toBe('3'));
    expect(counts()).toBe(1);
    expect(screen.getByRole('button', { name: 'Needs attention: 3 payments waiting' })).toBe(attention());
    // The visible name and number are not said twice: the words say them (axe's label-content-name-mismatch refused an aria-label over them).
    expect(screen.getByTestId('attention-waiting').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(attention().getAttribute('aria-label')).toBeNull();
  });

  it('follows main\'s events: a lost answer, a profile switch, the team ledger back; one payment and none', async () => {
    render(<Navigation />);
    await changeTo(1);
    expect(badge()).toBe('1');
    expect(named('Needs attention: 1 payment waiting')).toBe(attention());
    await changeTo(4, { type: 'profiles.changed' });
    expect(badge()).toBe('4');
    await changeTo(5, { type: 'team.changed' });
    expect(badge()).toBe('5');
    // A missed event or the stream back: event-sequence.ts delivers a payments.changed without ids.
    await changeTo(6, { type: 'payments.changed', paymentIds: [] });
    expect(badge()).toBe('6');
    await changeTo(0);
    expect(badge()).toBeNull();
    expect(named('Needs attention')).toBe(attention()); // none waiting: the name alone, nothing hidden
    expect(screen.getByRole('button', { name: 'Needs attention' })).toBe(attention());
  });

  it('reads in Arabic with its plural forms, and caps the number shown at 99+', async () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<Navigation />);
    const said = {
      1: 'تحتاج إلى متابعة: دفعة واحدة تنتظر',
      2: 'تحتاج إلى متابعة: دفعتان تنتظران',
      3: 'تحتاج إلى متابعة: 3 دفعات تنتظر',
      11: 'تحتاج إلى متابعة: 11 دفعة تنتظر',
      100: 'تحتاج إلى متابعة: 100 دفعة تنتظر',
    };
    for (const [n, words] of Object.entries(said)) {
      await changeTo(Number(n));
      expect(named(words)).toBe(attention());
    }
    expect(badge()).toBe('99+');
    expect(screen.getByTestId('attention-waiting').querySelector('bdi')?.getAttribute('dir')).toBe('ltr'); // "99+", not "+99", in a right-to-left line
    act(() => useLanguage.getState().setLanguage('en'));
    expect(named('Needs attention: 100 payments waiting')).toBe(attention());
    await changeTo(99);
    expect(badge()).toBe('99');
  });

  it('counts a burst of events once, and once more for those that came during a count', async () => {
    render(<Navigation />);
    await main.settled();
    const before = counts();
    waiting = 7;
    for (let i = 0; i < 25; i++) main.tell({ type: 'payments.changed', paymentIds: [`p${i}`] });
    await waitFor(() => expect(counts()).toBe(before + 1));
    await main.settled();
    expect(badge()).toBe('7');
    await new Promise((resolve) => setTimeout(resolve, countAfterMs * 2));
    expect(counts()).toBe(before + 1);

    // Events while main is counting: one more count after it, not one each.
    let answer!: () => void;
    held = new Promise((resolve) => (answer = resolve));
    main.tell({ type: 'payments.changed', paymentIds: ['q0'] });
    await waitFor(() => expect(counts()).toBe(before + 2));
    waiting = 8;
    for (let i = 1; i < 10; i++) main.tell({ type: 'payments.changed', paymentIds: [`q${i}`] });
    held = undefined;
    answer();
    await waitFor(() => expect(counts()).toBe(before + 3));
    await main.settled();
    expect(badge()).toBe('8');
    await new Promise((resolve) => setTimeout(resolve, countAfterMs * 2));
    expect(counts()).toBe(before + 3);
  });

  it('is not asked again for events that cannot move the queue', async () => {
    render(<Navigation />);
    await main.settled();
    const before = counts();
    main.tell({ type: 'bulk.changed' });
    main.tell({ type: 'payments.counted', countId: 'c1', total: 5, exact: true });
    main.tell({ type: 'checkups.changed' });
    await new Promise((resolve) => setTimeout(resolve, countAfterMs * 2));
    expect(counts()).toBe(before);
  });
});
