// "Verify the whole chain" on the audit screen: a short check (the team ledger's database checks
// a small log in one slice) can send its result before main's answer to the click arrives, since
// events and answers travel apart; the screen still shows the result, not "Verifying… 0 of N"
// for ever. A refusal is said in words and the button is free again. The keyboard stays near it.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MethodOutput } from '../../contract/methods';
import type { AppEvent } from '../../contract/events';
import type { Result } from '../../contract/result';
import { stubMain, unchecked } from '../support/stub-main';

const send = (event: AppEvent) => main.tell(event);
/** What main does when asked to verify: by default sends the result before answering. */
/** The chain as main's audit page check answers it. */
let chain: { intact: boolean; checkedThrough: number; last: number; brokenAt?: number; headSeq?: number } = { intact: true, checkedThrough: 0, last: 0 };
let verify: () => Promise<Result<MethodOutput<'verifyAuditChain'>>> = async () => {
  send({ type: 'audit.verify', checked: 30, total: 30, done: true, intact: true });
  return { ok: true, value: { started: true, entries: 30 } };
};
const main = stubMain({
  listProfiles: () => ({ ok: true, value: unchecked({ profiles: [], activeId: null }) }),
  listAuditLog: () => ({ ok: true, value: { total: 0, totalExact: true, chainIntact: chain.intact, chain, rows: [] } }),
  verifyAuditChain: () => verify(),
  cancelAuditVerify: () => ({ ok: true, value: { stopped: true } }),
});
const { AuditScreen } = await import('../../renderer/src/features/transactions/audit-screen');
const { useLanguage } = await import('../../renderer/src/i18n');

const status = () => screen.getByTestId('audit-verify-status').textContent;

describe('verifying the whole audit chain on screen', () => {
  afterEach(() => cleanup());

  it('shows the result even when it arrives before the answer to the click', async () => {
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('audit-verify'));
    await waitFor(() => expect(status()).toBe('The whole chain was verified: all 30 entries are intact.'));
    expect((screen.getByTestId('audit-verify') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the progress, then the first broken link, when the answer comes first', async () => {
    verify = async () => ({ ok: true, value: { started: true, entries: 20_000 } });
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('audit-verify'));
    await waitFor(() => expect(status()).toBe('Verifying the whole chain: 0 of 20,000 entries…'));
    send({ type: 'audit.verify', checked: 10_000, total: 20_000, done: false, intact: true });
    expect(status()).toBe('Verifying the whole chain: 10,000 of 20,000 entries…');
    send({ type: 'audit.verify', checked: 12_345, total: 20_000, done: true, intact: false, brokenAt: 12_345 });
    expect(status()).toBe('Warning: the log was changed or an entry removed outside Paydesk, from entry 12345 on.');
  });

  it('keeps the keyboard on the line saying the progress, then the result, never the page\'s body (the button is disabled while it checks)', async () => {
    verify = async () => ({ ok: true, value: { started: true, entries: 500 } });
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    const button = screen.getByTestId('audit-verify');
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(status()).toBe('Verifying the whole chain: 0 of 500 entries…'));
    expect(document.activeElement).toBe(screen.getByTestId('audit-verify-status'));
    send({ type: 'audit.verify', checked: 500, total: 500, done: true, intact: true });
    expect(status()).toBe('The whole chain was verified: all 500 entries are intact.');
    expect(document.activeElement).toBe(screen.getByTestId('audit-verify-status'));
  });

  it('stops when asked, says how far it got in English and Arabic, and gives the keyboard back to Verify', async () => {
    verify = async () => ({ ok: true, value: { started: true, entries: 1_000_000 } });
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    expect(screen.queryByTestId('audit-verify-stop')).toBeNull();
    fireEvent.click(screen.getByTestId('audit-verify'));
    send({ type: 'audit.verify', checked: 240_000, total: 1_000_000, done: false, intact: true });
    const stop = await screen.findByRole('button', { name: 'Stop the check' });
    stop.focus();
    fireEvent.click(stop);
    await waitFor(() => expect(main.asked('cancelAuditVerify')).toHaveLength(1));
    send({ type: 'audit.verify', checked: 260_000, total: 1_000_000, done: true, intact: false, cancelled: true });
    expect(status()).toBe('Check stopped after 260,000 of 1,000,000 entries: those are intact, the rest were not checked.');
    expect(screen.queryByTestId('audit-verify-stop')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('audit-verify'));
    act(() => useLanguage.getState().setLanguage('ar'));
    try {
      expect(status()).toBe('أُوقف التحقق بعد 260,000 من 1,000,000 قيد: ما فُحص منها سليم، ولم يُفحص الباقي.');
    } finally {
      act(() => useLanguage.getState().setLanguage('en'));
    }
  });

  it('says a refusal in words, and the button is free again', async () => {
    verify = async () => ({ ok: false, error: { code: 'forbidden', message: 'The team ledger does not let leaver read its audit log, so it cannot be checked or exported here. Ask a Paydesk admin for a role that may.', reason: { key: 'teamLedger.auditReadRefused', values: { person: 'leaver' } } } });
    render(<AuditScreen />);
    await waitFor(() => expect(main.listeners.size).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('audit-verify'));
    await screen.findByText(/The team ledger does not let leaver read its audit log/);
    expect(status()).toBe('');
    expect((screen.getByTestId('audit-verify') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says entries were removed from the end of the team ledger\'s log (its chain head is further), in English and Arabic', async () => {
    chain = { intact: false, checkedThrough: 28, last: 28, brokenAt: 29, headSeq: 30 };
    try {
      render(<AuditScreen />);
      const english = 'Warning: entries were removed from the end of the log outside Paydesk: the team ledger\'s chain head says its last entry is 30, but the log ends at entry 28.';
      await waitFor(() => expect(screen.getByTestId('audit-chain').textContent).toBe(english));
      send({ type: 'audit.verify', checked: 28, total: 28, done: true, intact: false, brokenAt: 29, headSeq: 30 });
      expect(status()).toBe(english);
      act(() => useLanguage.getState().setLanguage('ar'));
      const arabic = 'تحذير: حُذفت قيود من آخر السجل خارج بايدسك: يقول رأس سلسلة سجل الفريق إن آخر قيد فيه هو 30، لكن السجل ينتهي عند القيد 28.';
      await waitFor(() => expect(screen.getByTestId('audit-chain').textContent).toBe(arabic));
      expect(status()).toBe(arabic);
    } finally {
      act(() => useLanguage.getState().setLanguage('en'));
      chain = { intact: true, checkedThrough: 0, last: 0 };
    }
  });
});
