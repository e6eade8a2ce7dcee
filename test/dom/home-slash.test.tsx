// "/" puts the keyboard in Home's "Find a payment", as it does in Transactions' search (a support
// agent on Home took five Tabs to reach it), on an Arabic layout too ("ظ" on the same key), and is
// typed as itself while the person is in another field.
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ProfileView } from '../../contract/methods/profiles';
import { appInfo } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const practice = { id: 'practice', name: 'Practice', environment: 'practice', baseUrl: 'http://127.0.0.1:9/api/v1', defaultCurrency: 'SAR', key: { configured: true, lastFour: 'abcd' }, pathOverrides: {}, successUrl: null, failureUrl: null } as unknown as ProfileView;
(await import('../../renderer/src/app/session-store')).useSession.setState({ info: appInfo(null), profile: practice });
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');

afterEach(cleanup);

it('takes the keyboard to "Find a payment (/)" on /, on an Arabic layout too, but not from inside another field', async () => {
  render(<HomeScreen />);
  const find = screen.getByLabelText('Find a payment (/)');
  expect(find.getAttribute('aria-keyshortcuts')).toBe('/');
  fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
  expect(document.activeElement).toBe(find);
  find.blur();
  fireEvent.keyDown(document.body, { key: 'ظ', code: 'Slash' });
  expect(document.activeElement).toBe(find);
  // In a field (here a date of "Money at a glance"), / is typed, not taken.
  const other = document.querySelector<HTMLInputElement>('input:not(#home-find)')!;
  other.focus();
  fireEvent.keyDown(other, { key: '/', code: 'Slash' });
  expect(document.activeElement).toBe(other);
  await main.settled();
});
