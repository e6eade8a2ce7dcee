// Keys typed while a screen's code is on its way are kept and typed into the field that takes the
// keyboard once it is drawn, as React sees typing (its onChange); a screen without a text field
// drops them, and nothing else on the page gets them meanwhile (docs/keyboard.md). Chromium:
// test/e2e/keys-before-code.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { keepKeysUntilDrawn, typeKeptKeys } from '../../renderer/src/app/keys-while-loading';
import { useRef } from 'react';
import { useSlashFocus } from '../../renderer/src/ui/slash-focus';

function OrderIdField() {
  const [value, setValue] = useState('');
  return <><input id="order" value={value} onChange={(e) => setValue(e.target.value)} /><output data-testid="kept">{value}</output></>;
}

const press = (key: string, options: KeyboardEventInit = {}) => fireEvent.keyDown(document.activeElement ?? document.body, { key, ...options });
/** The kept keys typed as input events, which React hears as typing: inside act, as testing-library's events are. */
const typeKept = () => act(() => typeKeptKeys());

afterEach(() => {
  typeKept();
  cleanup();
});

describe('keys typed while a screen\'s code is on its way', () => {
  it('go into the first field once it has the keyboard, as typed', () => {
    keepKeysUntilDrawn();
    const pressed = ['1', '2', '3'].map((key) => press(key));
    expect(pressed).toEqual([false, false, false]); // kept: no default action meanwhile
    render(<OrderIdField />);
    (document.getElementById('order') as HTMLInputElement).focus();
    typeKept();
    expect(screen.getByTestId('kept').textContent).toBe('123');
  });

  it('keep only characters: Tab, Escape and shortcuts with Ctrl or Alt do what they do', () => {
    keepKeysUntilDrawn();
    expect([press('Tab'), press('Escape'), press('c', { ctrlKey: true }), press('3', { altKey: true })]).toEqual([true, true, true, true]);
    press('7');
    render(<OrderIdField />);
    (document.getElementById('order') as HTMLInputElement).focus();
    typeKept();
    expect(screen.getByTestId('kept').textContent).toBe('7');
  });

  it('are dropped by a screen whose keyboard is not in a text field, and not typed later', () => {
    keepKeysUntilDrawn();
    press('5');
    typeKept();
    render(<OrderIdField />);
    (document.getElementById('order') as HTMLInputElement).focus();
    typeKept();
    expect(screen.getByTestId('kept').textContent).toBe('');
    expect(press('6')).toBe(true); // no longer kept
  });
});

// A screen like the audit log: its heading has the keyboard once drawn, and "/" goes to its search.
function SearchScreen() {
  const search = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  useSlashFocus(search);
  return <><h1 tabIndex={-1}>Audit log</h1><input id="search" type="search" ref={search} value={value} onChange={(e) => setValue(e.target.value)} /><output data-testid="searched">{value}</output></>;
}

describe('the shortcuts typed while a screen\'s code is on its way', () => {
  it('"?" is not kept: it reaches the help at once', () => {
    keepKeysUntilDrawn();
    let helpAsked = 0;
    const onKey = (event: KeyboardEvent) => { if (event.key === '?') helpAsked++; };
    window.addEventListener('keydown', onKey);
    const pressedHelp = press('?', { shiftKey: true, code: 'Slash' });
    window.removeEventListener('keydown', onKey);
    expect([pressedHelp, helpAsked]).toEqual([true, 1]);
    render(<OrderIdField />);
    (document.getElementById('order') as HTMLInputElement).focus();
    typeKept();
    expect(screen.getByTestId('kept').textContent).toBe(''); // not typed as text either
  });

  it('"/" goes to the search once the screen is drawn, and what follows it is searched', () => {
    keepKeysUntilDrawn();
    ['/', 'r', 'e', 'f'].forEach((key) => press(key, { code: key === '/' ? 'Slash' : `Key${key.toUpperCase()}` }));
    render(<SearchScreen />);
    screen.getByRole('heading').focus(); // where an Alt+digit leaves the keyboard (screen-heading.ts)
    typeKept();
    expect(document.activeElement?.id).toBe('search');
    expect(screen.getByTestId('searched').textContent).toBe('ref');
  });

  it('"/" stays text in a form\'s first field, which order references may hold', () => {
    keepKeysUntilDrawn();
    ['I', 'N', 'V', '/', '7'].forEach((key) => press(key));
    render(<OrderIdField />);
    (document.getElementById('order') as HTMLInputElement).focus();
    typeKept();
    expect(screen.getByTestId('kept').textContent).toBe('INV/7');
  });
});
