// useForgetTyped, on its own: a secret field emptied with it leaves nothing of the secret on either
// of React's copies of the tree, read as a script reaches them from the field's DOM node; emptied
// without it, the other copy still holds the secret (the control: the search can see). The leak
// tests (e2e/*-leak.test.ts) check each real form in Chromium.
import { afterEach, expect, it } from 'vitest';
import { useState, type FormEvent } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForgetTyped } from '../../renderer/src/ui/forget-typed';

const secret = 'sk_live_FORGETCANARY_0123456789abcdef';

function SecretForm({ withForget }: { withForget: boolean }) {
  const [value, setValue] = useState('');
  const [sent, setSent] = useState(0);
  const forget = useForgetTyped();
  const send = (e: FormEvent) => {
    e.preventDefault();
    setValue('');
    setSent((n) => n + 1);
    if (withForget) forget();
  };
  return (
    <form onSubmit={send}>
      <input aria-label="Secret" type="password" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit">Send</button>
      <p>Sent {sent}</p>
    </form>
  );
}

type Fiber = { alternate: Fiber | null; return: Fiber | null; memoizedProps: unknown; pendingProps: unknown; memoizedState: unknown };

/** Every string on the fibers above the node, on both copies: props and each hook's state. */
function reactText(node: Element): string {
  const strings: string[] = [];
  const seen = new WeakSet<object>();
  const take = (value: unknown, depth: number) => {
    if (typeof value === 'string') return void strings.push(value);
    if (typeof value !== 'object' || value === null || depth > 4 || seen.has(value) || value instanceof Node) return;
    seen.add(value);
    for (const child of Object.values(value)) take(child, depth + 1);
  };
  const key = Object.keys(node).find((k) => k.startsWith('__reactFiber$'))!;
  for (let f = (node as unknown as Record<string, Fiber | null>)[key]; f; f = f.return) {
    for (const copy of [f, f.alternate]) {
      if (!copy) continue;
      take(copy.memoizedProps, 0);
      take(copy.pendingProps, 0);
      for (let hook = copy.memoizedState as Record<string, unknown> | null; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next as Record<string, unknown> | null) take(hook.memoizedState, 1);
    }
  }
  return strings.join('\n');
}

afterEach(cleanup);

it.each([
  { withForget: true, kept: false, name: 'emptied with forget(): on neither copy of the tree' },
  { withForget: false, kept: true, name: 'emptied without it: still on the other copy (the search sees it)' },
])('$name', ({ withForget, kept }) => {
  render(<SecretForm withForget={withForget} />);
  const field = screen.getByLabelText('Secret') as HTMLInputElement;
  fireEvent.change(field, { target: { value: secret } });
  expect(reactText(field)).toContain(secret); // typed: the search sees it
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(field.value).toBe('');
  expect(screen.getByText('Sent 1')).toBeTruthy();
  expect(reactText(field).includes(secret)).toBe(kept);
});
