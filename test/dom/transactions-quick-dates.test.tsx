// The list's quick dates ("Last 7 days", "This month", "Last month" under More filters) fill From and
// To with local days, both included, as Home's periods: in Riyadh (UTC+3) at 00:30 on 1 March, UTC
// still says 28 February, but "Last month" is February and "This month" March. English and Arabic.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

const zone = process.env.TZ;
process.env.TZ = 'Asia/Riyadh'; // Node re-reads the zone when TZ is assigned
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date('2026-02-28T21:30:00Z')); // 00:30 on 1 March in Riyadh
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const answers: Record<string, unknown> = { listProfiles: { profiles: [], activeId: null }, searchPayments: { rows: [], total: 0, totalExact: true } };
const main = stubMain({}, { otherwise: (name) => ({ ok: true, value: answers[name] ?? {} }) });
const { FilterBar } = await import('../../renderer/src/features/transactions/filter-bar');
const { useTransactions } = await import('../../renderer/src/features/transactions/transactions-store');
const { useLanguage } = await import('../../renderer/src/i18n');

const field = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the list’s quick dates', () => {
  it('are made with the folded filters, when "More filters" first opens', async () => {
    render(<FilterBar />);
    expect(screen.queryByRole('button', { name: 'Last month' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /More filters/ }));
    expect(within(screen.getByRole('group', { name: 'Dates' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Today', 'Last 7 days', 'This month', 'Last month', 'This year']);
    await main.settled();
  });

  it('"Last month" fills From and To with its first and last local days, and the list takes the whole of them', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }));
    expect(field('From')).toBe('01/02/2026');
    expect(field('To')).toBe('28/02/2026');
    expect(useTransactions.getState().filter).toMatchObject({ from: '2026-01-31T21:00:00.000Z', to: '2026-02-28T21:00:00.000Z' });
    expect(screen.getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('false');
    await main.settled();
  });

  it('"This month" and "Last 7 days" (today included)', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'This month' }));
    expect([field('From'), field('To')]).toEqual(['01/03/2026', '31/03/2026']);
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect([field('From'), field('To')]).toEqual(['23/02/2026', '01/03/2026']);
    expect(useTransactions.getState().filter).toMatchObject({ from: '2026-02-22T21:00:00.000Z', to: '2026-03-01T21:00:00.000Z' });
    await main.settled();
  });

  it('a typed date that leaves the period unpresses it', async () => {
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-24' } });
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('false');
    await main.settled();
  });

  it('in Arabic, with Home’s words', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(within(screen.getByRole('group', { name: 'التواريخ' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['اليوم', 'آخر 7 أيام', 'هذا الشهر', 'الشهر الماضي', 'هذه السنة']);
    act(() => useLanguage.getState().setLanguage('en'));
  });
});
