// Settling by hand with the keyboard and a screen reader (walk18): Enter in "What you saw" before a
// choice did nothing and said nothing, and the disabled "Record it" was not in the Tab order. Now
// Record it is reachable (aria-disabled until the answer is whole) and a press says what is missing
// where the keyboard goes: the choice, described by why, or the reason, with main's own words.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';
import { cardSale } from '../support/payment-view';
import type { PaymentDetail } from '../../renderer/src/features/transactions/detail-store';

const { calls } = stubMain({ settleOperation: () => ({ ok: true, value: { ok: true } }) as never });
const { SettleDialog } = await import('../../renderer/src/features/transactions/settle-dialog');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  calls.length = 0;
  act(() => useLanguage.getState().setLanguage('en'));
});

/** What a screen reader reads after a control's name: the texts its aria-describedby names. */
const description = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();

const payment = cardSale({ environment: 'sandbox', operationInFlight: true, needsAttention: true, attentionReason: 'undecidable' });
const operation = {
  id: 'op-refund', kind: 'refund', amountMinor: 2_000, reason: null, osUser: 'root', person: null, outcome: 'unknown', errorCode: null, errorMessage: null,
  gatewayAnswer: null, createdAt: '2026-12-02T10:00:00.000Z', completedAt: null,
} as unknown as PaymentDetail['operations'][number];

describe.each([
  ['en', /^went through$/, /^What you saw/, 'Choose what the dashboard shows.', 'Say how you know, for example what the gateway’s dashboard shows.'],
  ['ar', /^تمت$/, /^ما الذي رأيته/, 'اختر ما تعرضه لوحة التحكم.', 'اذكر كيف عرفت، مثل ما تعرضه لوحة تحكم البوابة.'],
] as const)('settling by hand by keyboard, in %s', (language, happened, reasonLabel, chooseWords, reasonWords) => {
  it('says what is missing where the keyboard goes, and Record it stays in the Tab order', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    let done = false;
    render(<SettleDialog payment={payment} operation={operation} onDone={() => void (done = true)} onClose={() => undefined} />);
    const record = screen.getByTestId('settle-send');
    expect(record.hasAttribute('disabled')).toBe(false);
    expect(record.getAttribute('aria-disabled')).toBe('true');

    // The reason typed, no choice made, Enter in the reason: the keyboard goes to the choice, which says why.
    const reason = screen.getByLabelText(reasonLabel);
    fireEvent.change(reason, { target: { value: 'Shown on the dashboard' } });
    reason.focus();
    fireEvent.submit(reason.closest('form')!);
    const first = screen.getByRole('radio', { name: happened });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(description(first)).toBe(chooseWords);
    expect(calls.filter((c) => c.name === 'settleOperation')).toHaveLength(0);

    // Chosen, the reason emptied: the reason takes the keyboard with main's own words for it.
    fireEvent.click(first);
    expect(screen.queryByTestId('settle-choose')).toBeNull();
    fireEvent.change(reason, { target: { value: '' } });
    record.focus();
    fireEvent.submit(record.closest('form')!);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(description(reason)).toBe(reasonWords);

    fireEvent.change(reason, { target: { value: 'Shown on the dashboard' } });
    expect(record.getAttribute('aria-disabled')).toBeNull();
    fireEvent.submit(record.closest('form')!);
    await waitFor(() => expect(done).toBe(true));
  });
});
