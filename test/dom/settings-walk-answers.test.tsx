// Settings walked as a new user with sandbox keys (docs/profiles-and-keys.md, "Walked again with
// sandbox keys, 2026-11-30"): what the screen says after a key is checked, and before a profile is
// removed. Main's real profile handlers, a keychain in memory and the practice gateway over HTTP
// standing in for the sandbox (a sandbox may be http: on this computer).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installDirectApi } from '../support/direct-api';
import { settingsMain } from '../support/settings-main';
import { startTestGateway } from '../support/practice';
import { appInfo } from '../support/session';
import type { MethodOutput } from '../../contract/methods';

/** The team ledger's session as getAppInfo gives it (what the card reads to word a removal). */
function directBackend(team: MethodOutput<'getAppInfo'>['team'] = null) {
  return settingsMain({
    keychain: 'memory',
    getAppInfo: (app) => async (input, ctx) => (team ? { ...appInfo(team), language: (await app.getAppInfo(input, ctx)).language } : app.getAppInfo(input, ctx)),
  });
}
let backend = directBackend();
installDirectApi(() => backend);
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

let sandbox: Awaited<ReturnType<typeof startTestGateway>>;
beforeAll(async () => {
  sandbox = await startTestGateway();
});
afterAll(async () => {
  await sandbox?.gateway.close();
});
beforeEach(() => {
  backend = directBackend();
});
afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
  act(() => useNavigation.getState().go('home'));
});

/** Settings open, then a sandbox profile on the practice gateway added (main's profiles.changed draws
 * it: the list a last test left is still drawn at first), its card found by id. */
async function settingsWithSandbox(language: 'en' | 'ar' = 'en') {
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('settings'));
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  await screen.findByRole('heading', { name: 'Practice', level: 3 });
  const shop = await window.paydesk!.createProfile({ name: 'Shop sandbox', environment: 'sandbox', baseUrl: sandbox.gateway.baseUrl, defaultCurrency: 'SAR' });
  if (!shop.ok) throw new Error(shop.error.message);
  act(() => useLanguage.getState().setLanguage(language));
  return screen.findByTestId(`profile-${shop.value.id}`);
}
/** Main's answer has come once the form is gone (saved) or says why not: over HTTP, so not at once. */
const answered = { timeout: 10_000 };

describe('a key checked with the gateway says the gateway accepted it', () => {
  // It said "Key saved in the keychain." whether the check was ticked or not: a person who ticked it
  // could not tell whether the key had passed.
  it.each([
    ['en', 'Set key', 'Save key', true, 'The gateway accepted the key; it is saved in the keychain.'],
    ['ar', 'عيّن المفتاح', 'احفظ المفتاح', true, 'قبلت البوابة المفتاح، وحُفظ في سلسلة المفاتيح.'],
    ['en', 'Set key', 'Save key', false, 'Key saved in the keychain.'],
  ] as const)('in %s: %s, then %s (checked: %s)', async (language, setKey, saveKey, check, said) => {
    const shop = await settingsWithSandbox(language);
    fireEvent.click(within(shop).getByRole('button', { name: setKey }));
    fireEvent.change(within(shop).getByTestId('key-input'), { target: { value: sandbox.gateway.apiKey } });
    if (!check) fireEvent.click(within(shop).getByRole('checkbox')); // ticked unless unticked (walk23)
    fireEvent.click(within(shop).getByRole('button', { name: saveKey }));
    await waitFor(() => expect(within(shop).queryByTestId('key-input')).toBeNull(), answered);
    expect(within(shop).getByTestId('profile-notice').textContent).toBe(said);
  });

  it('a key the gateway refuses is not saved (checked without ticking anything: walk23), and the field says to check its environment', async () => {
    const shop = await settingsWithSandbox();
    fireEvent.click(within(shop).getByRole('button', { name: 'Set key' }));
    fireEvent.change(within(shop).getByTestId('key-input'), { target: { value: 'practice_not_this_gateways_key' } });
    fireEvent.click(within(shop).getByRole('button', { name: 'Save key' }));
    // Named by profile and the key's last four, as a sale's refusal names them (walk25: it said "this API key" only).
    await waitFor(() => expect(shop.querySelector('.key-form .field-error')?.textContent).toContain('The gateway refused the API key ending _key for the profile "\u2068Shop sandbox\u2069".'), answered);
    expect(shop.querySelector('.key-form .field-error')!.textContent).toContain('a sandbox key for a sandbox profile');
    expect(within(shop).getByTestId('key-status').textContent).toBe('Not set');
    act(() => useLanguage.getState().setLanguage('ar'));
    await waitFor(() => expect(shop.querySelector('.key-form .field-error')?.textContent).toContain('رفضت البوابة مفتاح API المنتهي بـ \u2066_key\u2069 لملف التعريف «\u2068Shop sandbox\u2069».'));
    expect(shop.textContent).not.toContain('practice_not_this_gateways'); // nothing more of the key than its last four
  });
});

describe('removing a profile says what becomes of its payments', () => {
  // It said only that the key goes: on this laptop's ledger the payments stay, but nothing in Paydesk
  // can act on them again (main refuses another profile's payment, and a profile added again is a new one).
  it.each([
    ['en', 'Remove', 'Its payments stay in Transactions and the audit log, but Paydesk can no longer refund, capture, void or check them; for those, use the gateway’s dashboard. Adding the profile again makes a new profile.'],
    ['ar', 'احذف', 'تبقى مدفوعاته في المعاملات وسجل التدقيق، لكن لن يستطيع بايدسك بعدها استردادها ولا تحصيلها ولا إلغاء تفويضها ولا فحصها؛ لذلك استخدم لوحة تحكم البوابة. وإضافة ملف التعريف مجددًا تُنشئ ملف تعريف جديدًا.'],
  ] as const)('in %s on this laptop’s ledger', async (language, remove, said) => {
    const shop = await settingsWithSandbox(language);
    fireEvent.click(within(shop).getByRole('button', { name: remove }));
    const asked = within(shop).getByRole('alertdialog');
    expect(document.getElementById(asked.getAttribute('aria-describedby')!)!.textContent).toBe(said);
  });

  // On the team ledger its payments are a colleague's to this laptop: acted on by the rule of
  // contract/colleague-profile.ts, so "no longer" would be wrong there.
  it('on the team ledger', async () => {
    backend = directBackend({ role: 'admin', login: 'omar', reconnecting: false });
    const shop = await settingsWithSandbox();
    fireEvent.click(within(shop).getByRole('button', { name: 'Remove' }));
    const asked = within(shop).getByRole('alertdialog');
    await waitFor(() => expect(document.getElementById(asked.getAttribute('aria-describedby')!)!.textContent).toBe('Its payments stay in the team ledger.'));
  });
});
