// A note in the band at the window's bottom and its Dismiss, as a screen reader meets them (walk18):
// the band was a live log holding each note's button, so a note was read with its button's word
// ("… until it is settled.Hide", «… حتى يُحسم.إخفاء»). Now the note's words alone are said in the
// page's live region (ui/announce.ts), and its button is named for what it does, described by its note.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import { stubMain } from '../support/stub-main';

const main = stubMain({}, { otherwise: () => ({ ok: true, value: {} }) });
const { Notifications } = await import('../../renderer/src/app/notifications');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  document.getElementById('paydesk-announcer')?.remove();
  act(() => useLanguage.getState().setLanguage('en'));
});

const said = () => document.querySelector('[role="status"][data-testid="announcer"]')?.textContent ?? '';
const note = { type: 'notification', seq: 1, level: 'warning', message: 'A refund on #1001 failed.', reason: { key: 'notify.refundFailed', values: { orderId: '#1001' } } } as AppEvent;

describe.each([
  ['en', 'A refund on \u2066#1001\u2069 failed.', 'Dismiss this note', 'Dismiss'],
  ['ar', 'فشل استرداد على \u2066#1001\u2069.', 'إخفاء هذا الإشعار', 'إخفاء'],
] as const)('a note in %s', (language, words, buttonName, buttonWord) => {
  it('is said without its button’s word, and its button says what it hides', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<Notifications />);
    main.tell(note);
    await waitFor(() => expect(said()).not.toBe(''));
    expect(said().replace(/[\u2066\u2069]/g, '')).toBe(words.replace(/[\u2066\u2069]/g, ''));
    // Nothing in the band is live: a reader is told the note once, by the region above, not its button.
    const band = screen.getByTestId('notifications');
    expect(band.closest('[aria-live], [role="log"], [role="status"], [role="alert"]')).toBeNull();
    expect(band.querySelector('[aria-live], [role="log"], [role="status"], [role="alert"]')).toBeNull();
    const button = screen.getByRole('button', { name: buttonName });
    expect(button.textContent).toBe(buttonWord); // the name starts with the word drawn (voice control)
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')).toBe(band.querySelector('p')); // described by its note
  });
});
