// Settings → Backups writes a backup's moment as the lists and the audit log write one (RowMoment:
// 30/11/2026 00:00; Arabic 30‏/11‏/2026 12:00 ص), in both languages. It read "30 Nov 2026, 00:00" in
// English beside "2026/11/30، 12:00 ص" in Arabic (the walk of docs/profiles-and-keys.md, 2026-11-30).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { MaintenanceView } from '../../contract/methods/maintenance';
import { rowMomentText } from '../support/row-moment-text';
import { stubMain } from '../support/stub-main';

stubMain({});
const { BackupsSection } = await import('../../renderer/src/features/settings/backups-section');
const { useMaintenance } = await import('../../renderer/src/features/settings/maintenance-store');
const { useLanguage } = await import('../../renderer/src/i18n');

// Midnight and an afternoon in the computer's zone, as the walk saw them.
const midnight = new Date(2026, 10, 30, 0, 0).toISOString();
const afternoon = new Date(2026, 10, 29, 13, 5).toISOString();
const view: MaintenanceView = {
  backup: {
    folder: '/backups', schedule: 'daily', keep: 7, running: false,
    lastGood: { at: midnight, name: 'paydesk-1', payments: 12 },
    lastError: { at: afternoon, message: 'The folder is not writable.', reason: null },
    files: [{ name: 'paydesk-1', at: midnight, sizeBytes: 2_000_000, laptop: 'this', laptopName: null }],
  } as MaintenanceView['backup'],
  pendingRestore: null,
  canRestart: false,
  updates: { state: 'idle', currentVersion: '1.2.3', version: null, detail: null, reason: null, deferred: false, lastCheckAt: null } as unknown as MaintenanceView['updates'],
};

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});


describe.each([
  ['en', 'Last good backup: 30/11/2026 00:00 (12 payments).', '30/11/2026 00:00'],
  ['ar', null, '30\u200F/11\u200F/2026 12:00 ص'],
] as const)('backup dates in %s', (language, lastGood, moment) => {
  it('are written as the audit log and the lists write a moment', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    useMaintenance.setState({ view });
    expect(await rowMomentText(midnight)).toBe(moment);
    render(<BackupsSection />);
    const section = screen.getByTestId('backups');
    if (lastGood) expect(screen.getByTestId('last-backup').textContent).toBe(lastGood);
    expect(screen.getByTestId('last-backup').textContent).toContain(moment);
    expect(screen.getByTestId('last-backup-error').textContent).toContain(await rowMomentText(afternoon));
    expect(within(section).getByTestId('backup-list').querySelector('li span')!.textContent).toMatch(new RegExp(`^${moment}(,|،) `));
    // No month's name, no comma between the day and the time: one way in both languages.
    expect(section.textContent).not.toMatch(/Nov|نوفمبر|2026(,|،) /);
  });
});
