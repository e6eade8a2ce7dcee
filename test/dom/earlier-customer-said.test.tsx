// "Earlier customer" on Card payment, Payment links and Checkout sessions fills the name, e-mail and
// phone while the keyboard stays on the list: a screen reader heard nothing of it (walk18). What was
// filled is now said in the page's live region (ui/announce.ts), in both languages, the e-mail and
// phone kept left to right inside the Arabic sentence. main is a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubMain } from '../support/stub-main';

const sara = { name: 'Sara Ahmed', email: 'sara@example.com', phone: '+966501111111' };
const noura = { name: 'نورة القحطاني', email: 'noura@example.com', phone: '+966505551234' };
stubMain({ listCustomers: () => ({ ok: true, value: { customers: [sara, noura] } }) });
const { CustomerFields } = await import('../../renderer/src/features/get-paid/form-kit');
const { useLanguage } = await import('../../renderer/src/i18n');

afterEach(() => {
  cleanup();
  document.getElementById('paydesk-announcer')?.remove();
  act(() => useLanguage.getState().setLanguage('en'));
});

function Customer() {
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  const set = (key: 'name' | 'email' | 'phone') => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return <form><CustomerFields form="terminal" values={values} set={set} errors={{}} currency="SAR" /></form>;
}

const said = () => document.querySelector('[role="status"][data-testid="announcer"]')?.textContent ?? '';

describe.each([
  ['en', 'Earlier customer', 'Filled in: name \u2068نورة القحطاني\u2069, e-mail \u2066noura@example.com\u2069, phone \u2066+966505551234\u2069.'],
  ['ar', 'عميل سابق', 'عُبّئت الخانات: الاسم \u2068نورة القحطاني\u2069، البريد \u2066noura@example.com\u2069، الهاتف \u2066+966505551234\u2069.'],
] as const)('an earlier customer chosen, in %s', (language, label, words) => {
  it('says what it filled in', async () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<Customer />);
    const list = await screen.findByLabelText<HTMLSelectElement>(label);
    await waitFor(() => expect(list.options).toHaveLength(3));
    list.focus();
    fireEvent.change(list, { target: { value: '1' } });
    await waitFor(() => expect(said()).toBe(words));
    expect(document.activeElement).toBe(list); // the keyboard stayed: hence the words
  });
});
