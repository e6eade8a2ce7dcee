// While main brings a large ledger up to date at start, the window says how far it got, in
// the user's language, and the notice goes when it is done.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import type { AppEvent } from '../../contract/events';
import type { PaydeskApi } from '../../contract/methods';
import { createEventHub } from '../../main/core/event-hub';
import { useLanguage } from '../../renderer/src/i18n';

const hub = createEventHub();
window.paydesk = { subscribe: (listener: (event: AppEvent) => void) => hub.subscribe(listener) } as unknown as PaydeskApi;
const { LedgerUpdating } = await import('../../renderer/src/app/ledger-updating');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('LedgerUpdating', () => {
  it('shows the progress of the ledger update, then nothing once it is done', () => {
    render(<LedgerUpdating />);
    expect(screen.queryByTestId('ledger-updating')).toBeNull();
    act(() => hub.emit({ type: 'ledger.migrate', percent: 42, done: false }));
    expect(screen.getByTestId('ledger-updating').textContent).toBe('Updating your ledger… 42%');
    act(() => hub.emit({ type: 'ledger.migrate', percent: 100, done: true }));
    expect(screen.queryByTestId('ledger-updating')).toBeNull();
  });

  it('speaks Arabic', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<LedgerUpdating />);
    act(() => hub.emit({ type: 'ledger.migrate', percent: 7, done: false }));
    expect(screen.getByTestId('ledger-updating').textContent).toBe('جارٍ تحديث سجلّك… 7٪');
  });
});
