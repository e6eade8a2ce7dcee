// Settings → Team ledger → Add a person: while "Add the person" cannot be used, a line says what is
// still to fill in, tied to the button (it was disabled with no reason given), in both languages.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

// The list under the form asks main who is on the team (not stubbed here): each test waits for its answer.
const main = stubMain({});
const { TeamPeopleSection } = await import('../../renderer/src/features/settings/team-people');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

// Team walk: a first password of 8 characters was taken while "Change my password" asks 12 and
// not the login: the first password guards the login until its person changes it, so one rule
// (contract/team-password-rule.ts), said before the button is pressed, and main refuses the same.
it('says what is missing until the login and a first password of 12 characters, without the login, are in', async () => {
  render(<TeamPeopleSection />);
  const add = screen.getByRole('button', { name: 'Add the person' }) as HTMLButtonElement;
  const why = () => screen.queryByTestId('team-people-incomplete');
  expect(add.disabled).toBe(true);
  expect(why()?.textContent).toBe('Fill in the login and a first password of at least 12 characters to add the person.');
  expect(add.getAttribute('aria-describedby')).toBe(why()!.id);
  fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'sara' } });
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'eight ch' } });
  expect(add.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'eleven char' } });
  expect(add.disabled).toBe(true);
  expect(why()?.textContent).toBe('Fill in the login and a first password of at least 12 characters to add the person.');
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'Sara-first-2026' } });
  expect(add.disabled).toBe(true);
  expect(why()?.textContent).toBe('The first password contains the login (sara), the first thing anyone would try. Choose another to add the person.');
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'twelve chars' } });
  expect(add.disabled).toBe(false);
  expect(why()).toBeNull();
  expect(add.getAttribute('aria-describedby')).toBeNull();
  await main.settled();
});

it('says on the form that the person changes the first password at their first use', async () => {
  render(<TeamPeopleSection />);
  const hint = document.getElementById(screen.getByLabelText('First password').getAttribute('aria-describedby')!.split(' ')[0]!)!;
  expect(hint.textContent).toBe('At least 12 characters, not containing the login. Hand it to the person: they change it at their first use, with “Change my password” on their laptop. Sent to the database only, never kept on this computer.');
  await main.settled();
});

it('says it in Arabic', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<TeamPeopleSection />);
  expect(screen.getByTestId('team-people-incomplete').textContent).toBe('أدخل اسم الدخول وكلمة مرور أولى من 12 حرفًا على الأقل لإضافة الشخص.');
  const hint = document.getElementById(screen.getByLabelText('كلمة المرور الأولى').getAttribute('aria-describedby')!.split(' ')[0]!)!;
  expect(hint.textContent).toContain('12 حرفًا على الأقل، ولا تحتوي اسم الدخول. سلّمها للشخص: يغيّرها عند أول استخدام، بـ«تغيير كلمة مروري» على حاسوبه.');
  fireEvent.change(screen.getByLabelText('اسم الدخول'), { target: { value: 'sara' } });
  fireEvent.change(screen.getByLabelText('كلمة المرور الأولى'), { target: { value: 'sara-2026-first' } });
  expect(screen.getByTestId('team-people-incomplete').textContent).toBe('كلمة المرور الأولى تحتوي اسم الدخول (\u2066sara\u2069)، وهو أول ما يجرّبه أي أحد. اختر غيرها لإضافة الشخص.');
  await main.settled();
});

// Walk 7: in Arabic the first password's dots started at the right, beside a Login and the
// connection's Password that read left to right (a password is Latin text typed as on a keyboard).
it('reads the login and the first password left to right in Arabic', async () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<TeamPeopleSection />);
  expect(['اسم الدخول', 'كلمة المرور الأولى'].map((label) => screen.getByLabelText(label).getAttribute('dir'))).toEqual(['ltr', 'ltr']);
  await main.settled();
});
