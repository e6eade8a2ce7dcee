// A Latin customer name in the links list, cut to two lines in Arabic at 600 px, broke at its hyphen
// and the Arabic line drew it "Fahad / -Al…". Its hyphens between letters are drawn non-breaking
// (U+2011), so "Al‑Qahtani" moves to the next line whole; the title keeps the name as typed, and
// a hyphen not between letters ("Omar - Branch 2") is left as it is. Cut, a name ends "…" at its own
// end in either page (dir="auto"; the side seen in test/e2e/get-paid-long-customer.test.ts). The page never scrolls
// sideways for it: test/e2e/overflow-sweep.test.ts.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { appInfo } from '../support/session';
import { notStubbed, stubMain } from '../support/stub-main';
import { paymentView } from '../support/payment-view';

const link = (orderId: string, name: string) => paymentView({ id: orderId, kind: 'link', orderId, amountMinor: 25_500, currency: 'KWD', customer: { name, email: 'f@example.com', phone: '+96550000000' }, state: 'pending', statusWord: 'UNPAID', url: `http://127.0.0.1:9/link?linkId=${orderId}` });
const links = [link('L-1', 'Fahad Al-Qahtani'), link('L-2', 'Mohammed Al-Shammari-Dossary'), link('L-3', 'Omar - Branch 2'), link('L-4', 'فهد آل-قحطان')];
stubMain({
  getAppInfo: () => ({ ok: true, value: appInfo() }),
  getActiveProfile: () => ({ ok: true, value: { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'KWD', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } }),
  listPaymentLinks: () => ({ ok: true, value: { total: links.length, rows: links } }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
}, { otherwise: () => notStubbed });
const { App } = await import('../../renderer/src/app/app');
const { useNavigation } = await import('../../renderer/src/app/navigation-store');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it.each(['ar', 'en'] as const)('draws a hyphen inside a name as one that does not break the line, the title as typed (%s)', async (language) => {
  act(() => useLanguage.getState().setLanguage(language));
  render(<App />);
  await screen.findByTestId('active-profile-name');
  act(() => useNavigation.getState().go('links'));
  const rows = await screen.findAllByTestId('link-row');
  const names = rows.map((row) => row.querySelector<HTMLElement>('.customer-name')!);
  expect(names.map((name) => name.textContent)).toEqual(['Fahad Al\u2011Qahtani', 'Mohammed Al\u2011Shammari\u2011Dossary', 'Omar - Branch 2', 'فهد آل\u2011قحطان']);
  expect(names.map((name) => name.title)).toEqual(links.map((row) => row.customer.name));
  // Cut at its own end: the clamp's box takes the name's direction from its own text (no <bdi> in
  // it, whose text dir="auto" skips), so a Latin name on an Arabic page ends "…" at its right.
  expect(names.map((name) => [name.getAttribute('dir'), name.querySelector('bdi, [dir]')])).toEqual(links.map(() => ['auto', null]));
});
