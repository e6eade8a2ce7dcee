// "Verify the whole chain" on a busy year's log (walk17: 1,150,091 entries): the progress read
// "0 of 0 entries…" before main said the log's size, then "1000000 of 1150088 entries…" and "all
// 1150091 entries are intact" without thousands separators, beside an export line saying
// "1,150,091 entries". Now "Verifying the whole chain…" until the size is known, and every count
// with its separators, in English and Arabic; the opening check's line too.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import type { Language } from '../../renderer/src/i18n';
import { stubMain, unchecked } from '../support/stub-main';

let answerVerify!: () => void;
const main = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: null }) }),
  listAuditLog: () => ({ ok: true, value: { total: 0, totalExact: true, chainIntact: true, chain: { intact: true, checkedThrough: 12_000, last: 1_150_091 }, rows: [] } }),
  verifyAuditChain: () => new Promise((resolve) => (answerVerify = () => resolve({ ok: true, value: { started: true, entries: 1_150_091 } }))),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

const status = () => screen.getByTestId('audit-verify-status').textContent;
const progress = (checked: number, done = false): AppEvent => ({ type: 'audit.verify', checked, total: 1_150_091, done, intact: true });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each([
  ['en', 'Checking the log: 12,000 of 1,150,091 entries verified so far, none changed.', 'Verifying the whole chain…', 'Verifying the whole chain: 250,000 of 1,150,091 entries…', 'The whole chain was verified: all 1,150,091 entries are intact.'],
  ['ar', 'جارٍ فحص السجل: تُحقّق من 12,000 من 1,150,091 قيدًا حتى الآن، ولم يتغيّر أي منها.', 'جارٍ التحقق من السلسلة كاملة…', 'جارٍ التحقق من السلسلة كاملة: 250,000 من 1,150,091 قيدًا…', 'تُحقّق من السلسلة كاملة: جميع القيود (1,150,091) سليمة.'],
] as Array<[Language, string, string, string, string]>)('in %s', (language, checking, starting, verifying, verified) => {
  it('says a million entries with their thousands, and nothing of "0 of 0" before the size is known', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<AuditScreen />);
    await waitFor(() => expect(screen.getByTestId('audit-chain').textContent).toBe(checking));
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('audit-verify'));
    await waitFor(() => expect(status()).toBe(starting));
    await act(async () => answerVerify());
    main.tell(progress(250_000));
    await waitFor(() => expect(status()).toBe(verifying));
    main.tell(progress(1_150_091, true));
    await waitFor(() => expect(status()).toBe(verified));
    await main.settled();
  });
});
