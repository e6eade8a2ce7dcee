// What the Settings walk with sandbox keys (docs/profiles-and-keys.md, 2026-11-30) noticed and left:
// an address where nothing listens worded with its cause and code, "not checked" said once, the
// profiles' status line saying the latest thing only, and the profile's name isolated in the Arabic
// key label. Main's real profile handlers and gateway client, a keychain in memory, and real
// sockets on loopback (a port nothing listens on, and port 9, which fetch never connects to).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createServer } from 'node:net';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installDirectApi } from '../support/direct-api';
import { settingsMain } from '../support/settings-main';

const key = 'sk_test_walk_left_never_shown_1234';
const directBackend = () => settingsMain({ keychain: 'memory' });
let backend = directBackend();
const main = installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

beforeEach(() => {
  backend = directBackend();
});
afterEach(async () => {
  await main.settled(); // what the last step set off (the profiles read again, the check-ups' list), drawn before the page goes
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

/** A loopback port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function openSettings() {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  await screen.findByRole('heading', { name: 'Practice', level: 3 });
}

/** Settings with a sandbox profile made through main (profiles.changed draws its card). */
async function settingsWith(name: string, baseUrl: string, language: 'en' | 'ar' = 'en') {
  await openSettings();
  const made = await act(() => window.paydesk!.createProfile({ name, environment: 'sandbox', baseUrl, defaultCurrency: 'SAR' }));
  if (!made.ok) throw new Error(made.error.message);
  act(() => useLanguage.getState().setLanguage(language));
  return screen.findByTestId(`profile-${made.value.id}`);
}

/** The key form's Save with the check ticked, and the card's line once main has answered. */
async function saveCheckedKey(card: HTMLElement) {
  fireEvent.change(within(card).getByTestId('key-input'), { target: { value: key } });
  expect(within(card).getByRole('checkbox')).toHaveProperty('checked', true); // ticked unless unticked (walk23)
  fireEvent.click(within(card).getByRole('button', { name: /^(Save key|احفظ المفتاح)$/ }));
  await waitFor(() => expect(within(card).queryByTestId('key-input')).toBeNull(), { timeout: 15_000 });
  return within(card).getByTestId('profile-notice').textContent!;
}
const count = (text: string, words: RegExp) => text.match(new RegExp(words.source, 'g'))?.length ?? 0;

describe('a key saved while the gateway cannot be reached', () => {
  it.each(['en', 'ar'] as const)('in %s: says why, with its code, and "not checked" once', async (language) => {
    const port = await closedPort();
    const card = await settingsWith('Shop sandbox', `http://127.0.0.1:${port}/api/v1`, language);
    fireEvent.click(within(card).getByRole('button', { name: language === 'en' ? 'Set key' : 'عيّن المفتاح' }));
    const said = await saveCheckedKey(card);
    if (language === 'en') {
      expect(said).toBe(`Key saved in the keychain. The server 127.0.0.1:${port} refused the connection. Check the address and the port, and that the server is running. The key itself was not checked. Details: ECONNREFUSED.`);
    } else {
      expect(said).toBe(`حُفظ المفتاح في سلسلة المفاتيح. رفض الخادم \u2066127.0.0.1:${port}\u2069 الاتصال. تحقق من العنوان والمنفذ، ومن أن الخادم يعمل. لم يُفحص المفتاح نفسه. التفاصيل: \u2066ECONNREFUSED\u2069.`);
    }
    // It read "Key saved in the keychain, but not checked: … the key itself was not checked."
    expect(count(said, /not checked|could not be checked|لم يُفحص|التحقق منه|فحص المفتاح/)).toBe(1);
    expect(within(card).getByTestId('key-status').textContent).not.toBe('Not set');
    expect(said).not.toContain(key);
  });
});

describe('Test connection to a port fetch never connects to (the walk’s http://127.0.0.1:9/api/v1)', () => {
  // It said "The gateway could not be reached. Check the base URL and your connection" with no cause
  // and no code, where a DNS failure has both: Node's fetch says only "bad port".
  it.each([
    ['en', 'Test connection', 'Paydesk does not connect to 127.0.0.1:9: that port is kept for other kinds of service, and browsers refuse it too. Check the port in the address (the number after the colon). The key itself was not checked. Details: ERR_UNSAFE_PORT.'],
    ['ar', 'اختبر الاتصال', 'لا يتصل بايدسك بالعنوان \u2066127.0.0.1:9\u2069: هذا المنفذ مخصص لأنواع أخرى من الخدمات، وترفضه المتصفحات أيضًا. تحقق من المنفذ في العنوان (الرقم بعد النقطتين). لم يُفحص المفتاح نفسه. التفاصيل: \u2066ERR_UNSAFE_PORT\u2069.'],
  ] as const)('in %s: says the cause and its code', async (language, test, said) => {
    const card = await settingsWith('Port nine', 'http://127.0.0.1:9/api/v1');
    const set = await act(() => window.paydesk!.setProfileKey({ id: card.dataset.testid!.replace('profile-', ''), key, testConnection: false }));
    if (!set.ok) throw new Error(set.error.message);
    act(() => useLanguage.getState().setLanguage(language));
    fireEvent.click(await within(card).findByRole('button', { name: test }));
    await waitFor(() => expect(within(card).getByTestId('profile-notice').textContent).toBe(said), { timeout: 15_000 });
  });
});

describe('the profiles’ status line says the latest thing only', () => {
  it('"Profile “X” added." goes once the new card says something, and a card’s line once the list says something', async () => {
    const port = await closedPort();
    await openSettings();
    fireEvent.click(screen.getByTestId('add-profile'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Shop sandbox' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: `http://127.0.0.1:${port}/api/v1` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('settings-notice').textContent).toBe('Profile “\u2068Shop sandbox\u2069” added.'));
    // Its key form opens at once; saving the key is the next thing said, on the card.
    const card = screen.getByTestId('key-input').closest('li')!;
    expect(await saveCheckedKey(card)).toMatch(/^Key saved in the keychain\. /);
    expect(screen.getByTestId('settings-notice').textContent).toBe('');

    // Removing it is said under the list; the practice card's Test connection, said before, is gone
    // (practice points at port 9 in these tests: its answer is that port's words).
    const practiceCard = screen.getByTestId('profile-practice');
    fireEvent.click(within(practiceCard).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(within(practiceCard).getByTestId('profile-notice').textContent).toMatch(/Details: ERR_UNSAFE_PORT\.$/), { timeout: 15_000 });
    expect(within(card).getByTestId('profile-notice').textContent).toBe('');
    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(screen.getByTestId('settings-notice').textContent).toBe('Profile “\u2068Shop sandbox\u2069” removed.'));
    expect(within(practiceCard).getByTestId('profile-notice').textContent).toBe('');
  });
});

describe('the profile’s name in the Arabic key label', () => {
  // Unisolated, a name's digits and brackets took the Arabic sentence's direction: «Sandbox (2)»
  // drew its number and brackets on the wrong side.
  it('is isolated as a person’s own text (<bdi>), in Arabic and in English', async () => {
    const card = await settingsWith('Sandbox (2)', 'http://127.0.0.1:9/api/v1', 'ar');
    fireEvent.click(within(card).getByRole('button', { name: 'عيّن المفتاح' }));
    const label = card.querySelector<HTMLLabelElement>('label[for$="-key"]')!;
    expect(label.textContent).toBe('مفتاح API لـ «\u2068Sandbox (2)\u2069»'); // isolated in the text too (FSI…PDI), as every profile name in Arabic
    expect(label.querySelector('bdi')?.textContent).toBe('Sandbox (2)');
    expect(within(card).getByLabelText('مفتاح API لـ «\u2068Sandbox (2)\u2069»')).toBe(within(card).getByTestId('key-input'));
    act(() => useLanguage.getState().setLanguage('en'));
    expect(label.textContent).toBe('API key for “\u2068Sandbox (2)\u2069”'); // the marks and the <bdi> both isolate it: nothing more is drawn
    expect(label.querySelector('bdi')?.textContent).toBe('Sandbox (2)');
  });
});
