// Home left open over midnight: its figures are asked again for the new local day ("Today", the
// week, the months and the charts' days), and dates the person never chose (the last 30 days)
// move on with it; dates the person chose stay. In Riyadh, where midnight is 21:00 UTC. Before,
// Home showed yesterday's money under "Today" until a payment changed.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MethodOutput } from '../../contract/methods';
import { stubMain, unchecked } from '../support/stub-main';

const zone = process.env.TZ;
process.env.TZ = 'Asia/Riyadh'; // Node re-reads the zone when TZ is assigned
vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
vi.setSystemTime(new Date('2026-11-30T20:59:58Z')); // 23:59:58 on 30 November in Riyadh
afterAll(() => {
  vi.useRealTimers();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const figures = unchecked<MethodOutput<'getOverview'>>({ periods: [], days: [], byBrand: [], byKind: [], unpaidLinks: [], needsAttention: 0 });
const main = stubMain({ getOverview: () => ({ ok: true, value: figures }) });
const { useOverview, watchOverview } = await import('../../renderer/src/features/overview/overview-store');

/** The periods and chart days of the last two questions (figures, then charts). */
const lastAsked = () => {
  const asked = main.asked('getOverview');
  const [figuresAsked, chartsAsked] = [asked.findLast((a) => a.periods), asked.findLast((a) => a.days)];
  return { today: figuresAsked!.periods![0], month: figuresAsked!.periods![2], lastChartDay: chartsAsked!.days!.at(-1)!.date, asked: asked.length };
};

describe('Home open over midnight', () => {
  const stop = watchOverview();
  afterAll(() => stop());

  it('asks for the new day’s figures at local midnight, and moves the dates nobody chose', async () => {
    await useOverview.getState().load('practice');
    expect(lastAsked()).toMatchObject({ today: { from: '2026-11-29T21:00:00.000Z', to: '2026-11-30T21:00:00.000Z' }, lastChartDay: '2026-11-30', asked: 2 });
    expect(useOverview.getState().chosen).toEqual({ from: '2026-11-01', to: '2026-11-30' });

    await vi.advanceTimersByTimeAsync(3_000); // 00:00:01 on 1 December in Riyadh, still 30 November in UTC
    expect(lastAsked()).toMatchObject({
      today: { from: '2026-11-30T21:00:00.000Z', to: '2026-12-01T21:00:00.000Z' },
      month: { from: '2026-11-30T21:00:00.000Z', to: '2026-12-31T21:00:00.000Z' },
      lastChartDay: '2026-12-01',
      asked: 4,
    });
    expect(useOverview.getState().chosen).toEqual({ from: '2026-11-02', to: '2026-12-01' });
  });

  it('keeps dates the person chose, and asks again when the window comes back on another day (asleep at midnight)', async () => {
    useOverview.getState().set({ chosen: { from: '2026-11-10', to: '2026-11-20' } });
    await vi.advanceTimersByTimeAsync(0);
    const before = lastAsked().asked;
    vi.setSystemTime(new Date('2026-12-03T05:00:00Z')); // 08:00 on 3 December: no timer has fired yet
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(lastAsked()).toMatchObject({ today: { from: '2026-12-02T21:00:00.000Z', to: '2026-12-03T21:00:00.000Z' }, lastChartDay: '2026-12-03', asked: before + 2 });
    expect(useOverview.getState().chosen).toEqual({ from: '2026-11-10', to: '2026-11-20' });
    window.dispatchEvent(new Event('focus')); // the same day again: nothing asked
    await vi.advanceTimersByTimeAsync(0);
    expect(lastAsked().asked).toBe(before + 2);
  });
});

// walk27: midnight passed on another screen (Home's watch not running), then Home opened again: its
// first question is on the new day, and the dates nobody chose moved with it. Before, "Chosen dates"
// stayed the last 30 days up to yesterday (3 Nov to 2 Dec), so Today's sale was not in them.
describe('Home opened again after midnight passed on another screen', () => {
  it('moves the dates nobody chose on its first question of the new day', async () => {
    vi.setSystemTime(new Date('2026-12-04T20:59:00Z')); // 23:59 on 4 December in Riyadh
    useOverview.setState({ chosen: { from: '2026-11-05', to: '2026-12-04' } });
    await useOverview.getState().load('practice');
    vi.setSystemTime(new Date('2026-12-04T21:05:00Z')); // 00:05 on 5 December, Home not shown meanwhile
    await useOverview.getState().load('practice'); // Home shown again
    expect(useOverview.getState().chosen).toEqual({ from: '2026-11-06', to: '2026-12-05' });
    expect(main.asked('getOverview').findLast((a) => a.periods)!.periods![4]).toEqual({ from: '2026-11-05T21:00:00.000Z', to: '2026-12-05T21:00:00.000Z' });
  });
});
