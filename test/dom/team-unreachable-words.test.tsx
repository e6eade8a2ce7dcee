// The team ledger out of reach, as Transactions says it (walk14, 2026-12-01): the list's search failed
// with the server's words only, "The connection to 127.0.0.1:39371 was cut off. Try again; if it
// keeps happening, check your network, proxy or VPN", on a screen whose payments also come from the
// gateway: a person could not tell which server was gone. The words now name the team ledger first,
// in both languages.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain } from '../support/stub-main';

const cutOff = { key: 'teamLedger.unreachable', values: { cause: 'reset', serverName: '127.0.0.1', server: '127.0.0.1:39371', code: 'ECONNRESET' } };
stubMain({
  searchPayments: () => ({ ok: false, error: { code: 'storage', message: 'The connection to 127.0.0.1:39371 was cut off.', reason: cutOff } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { TransactionsScreen } = await import('../../renderer/src/features/transactions/transactions-screen');
const { useLanguage } = await import('../../renderer/src/i18n');
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: practiceProfile() });

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const said = {
  en: /^Paydesk cannot reach the team ledger\. The connection to ⁦?127\.0\.0\.1:39371⁩? was cut off\. Try again; .* Details: ⁦?ECONNRESET⁩?\.$/,
  ar: /^تعذّر على بايدسك الوصول إلى سجل الفريق\. /,
};

for (const language of ['en', 'ar'] as const) {
  it(`says the team ledger is what cannot be reached when the list cannot be read (${language})`, async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<TransactionsScreen />);
    // Said where the count of payments goes (role status).
    await waitFor(() => expect(screen.getByTestId('tx-count').textContent).toMatch(/127\.0\.0\.1:39371/));
    expect(screen.getByTestId('tx-count').textContent).toMatch(said[language]);
  });
}
