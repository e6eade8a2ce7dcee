// Settings → Team ledger → Add a person: while "Add the person" cannot be used, a line says what is
// still to fill in, tied to the button (it was disabled with no reason given), in both languages.
import { afterEach, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

stubMain({});
const { TeamPeopleSection } = await import('../../renderer/src/features/settings/team-people');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

it('says what is missing until the login and an 8-character first password are in', () => {
  render(<TeamPeopleSection />);
  const add = screen.getByRole('button', { name: 'Add the person' }) as HTMLButtonElement;
  const why = () => screen.queryByTestId('team-people-incomplete');
  expect(add.disabled).toBe(true);
  expect(why()?.textContent).toBe('Fill in the login and a first password of at least 8 characters to add the person.');
  expect(add.getAttribute('aria-describedby')).toBe(why()!.id);
  fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'sara' } });
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'short' } });
  expect(add.disabled).toBe(true);
  expect(why()).not.toBeNull();
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'long enough' } });
  expect(add.disabled).toBe(false);
  expect(why()).toBeNull();
  expect(add.getAttribute('aria-describedby')).toBeNull();
});

it('says it in Arabic', () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<TeamPeopleSection />);
  expect(screen.getByTestId('team-people-incomplete').textContent).toBe('أدخل اسم الدخول وكلمة مرور أولى من 8 أحرف على الأقل لإضافة الشخص.');
});

// Walk 7: in Arabic the first password's dots started at the right, beside a Login and the
// connection's Password that read left to right (a password is Latin text typed as on a keyboard).
it('reads the login and the first password left to right in Arabic', () => {
  act(() => useLanguage.getState().setLanguage('ar'));
  render(<TeamPeopleSection />);
  expect(['اسم الدخول', 'كلمة المرور الأولى'].map((label) => screen.getByLabelText(label).getAttribute('dir'))).toEqual(['ltr', 'ltr']);
});
