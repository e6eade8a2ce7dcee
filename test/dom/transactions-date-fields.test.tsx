// The transactions filter's date fields in a DOM, in Riyadh (UTC+3): the day typed is the user's
// own day (from its local midnight to the next), and a list opened from an overview figure shows
// that figure's local days back in the fields.
import { afterAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PaydeskApi } from '../../contract/methods';

const zone = process.env.TZ;
process.env.TZ = 'Asia/Riyadh'; // Node re-reads the zone when TZ is assigned
afterAll(() => {
  cleanup();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

// Main's answers the filter bar asks for: no profiles, an empty list.
const answers: Record<string, unknown> = { listProfiles: { profiles: [], activeId: null }, searchPayments: { rows: [], total: 0, totalExact: true } };
window.paydesk = new Proxy({}, {
  get: (_t, name: string) => (name === 'subscribe' ? () => () => undefined : async () => ({ ok: true, value: answers[name] ?? {} })),
}) as PaydeskApi;
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { lastDays } = await import('../../renderer/src/features/overview/periods');

describe('the transactions date fields', () => {
  it('mean the user’s local calendar days', async () => {
    render(<FilterBar />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-07' } });
    expect(useTransactions.getState().filter).toMatchObject({ from: '2026-03-04T21:00:00.000Z', to: '2026-03-07T21:00:00.000Z' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('05/03/2026'); // as the app writes dates
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('07/03/2026');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    expect(useTransactions.getState().filter.to).toBeUndefined();
  });

  it('show an overview day’s click-through as that same day', async () => {
    const day = lastDays(new Date('2026-03-05T22:30:00Z'), 1)[0]!; // 01:30 on the 6th in Riyadh
    expect(day.date).toBe('2026-03-06');
    act(() => useTransactions.getState().setFilter({ from: day.from, to: day.to }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('06/03/2026');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('06/03/2026');
  });
});
