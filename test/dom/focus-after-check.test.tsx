// After a check or a send ends, the keyboard goes back to the button a person presses next, even when
// that button is still disabled for a moment (a refused refund's Send until the payment's fresh state
// allows a refund again): it waits for the button, and never takes the keyboard from where a person
// moved it meanwhile. Found as a flaky e2e on a loaded machine (refund-tried-again).
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useFocusAfterCheck } from '../../renderer/src/ui/focus';

function Dialog({ checking, disabled }: { checking: boolean; disabled: boolean }) {
  const send = useRef<HTMLButtonElement>(null);
  useFocusAfterCheck(checking, false, () => send.current);
  return (
    <div>
      <button type="button" ref={send} disabled={disabled}>Send</button>
      <button type="button">Elsewhere</button>
    </div>
  );
}

afterEach(cleanup);

it('puts the keyboard on Send once Send is enabled again after the check ended', () => {
  const { rerender } = render(<Dialog checking={true} disabled={true} />);
  rerender(<Dialog checking={false} disabled={true} />); // the answer came; the payment's state not yet
  expect(document.activeElement).toBe(document.body);
  rerender(<Dialog checking={false} disabled={false} />); // the payment's fresh state: Send allowed
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));
});

it('leaves the keyboard where the person moved it while Send was still disabled', () => {
  const { rerender } = render(<Dialog checking={true} disabled={true} />);
  rerender(<Dialog checking={false} disabled={true} />);
  screen.getByRole('button', { name: 'Elsewhere' }).focus();
  rerender(<Dialog checking={false} disabled={false} />);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
});
