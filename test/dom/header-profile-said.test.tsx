// The header's active profile as a screen reader reads it (walk18: "Paydesk Practice Practice"): one
// phrase, the drawn badge and name hidden from it; a profile named as its environment said once,
// another with its environment in brackets. English and Arabic. Chromium's own reading of the
// practice profile: test/e2e/said-once-in-words.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render } from '@testing-library/react';
import { appInfo, practiceProfile } from '../support/session';
import { stubMain } from '../support/stub-main';

stubMain({ listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }) });
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { Header } = await import('../../renderer/src/app/header');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

/** The header's text as read: what is hidden from screen readers left out, direction isolates too. */
function readText(element: Element): string {
  if (element.getAttribute('aria-hidden') === 'true') return '';
  return [...element.childNodes].map((node) => (node.nodeType === Node.TEXT_NODE ? node.textContent ?? '' : node instanceof Element && node.tagName !== 'SELECT' ? ` ${readText(node)} ` : '')).join('')
    .replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
}

describe.each([
  ['en', 'Paydesk Active profile: Practice', 'Paydesk Active profile: Shop (Sandbox)'],
  ['ar', 'بايدسك ملف التعريف النشط: التدريب', 'بايدسك ملف التعريف النشط: Shop (الاختبار)'],
] as const)('the header, read, in %s', (language, practice, shop) => {
  it('says the practice profile once, and a named one with its environment', () => {
    act(() => useLanguage.getState().setLanguage(language));
    useSession.setState({ info: appInfo(null), profile: practiceProfile() });
    const { container, unmount } = render(<Header />);
    expect(readText(container.querySelector('header')!).replace(/ ?Language.*$| ?اللغة.*$/, '')).toBe(practice);
    unmount();
    useSession.setState({ info: appInfo(null), profile: { ...practiceProfile(), id: 'shop', name: 'Shop', environment: 'sandbox' } });
    const again = render(<Header />);
    expect(readText(again.container.querySelector('header')!).replace(/ ?Language.*$| ?اللغة.*$/, '')).toBe(shop);
  });
});
