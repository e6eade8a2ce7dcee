// Keys that name an object's prototype machinery are never data. JSON.parse (the preview bridge)
// and Electron's structured clone (IPC) both make "__proto__" an ordinary own key; zod refuses
// it in an object but drops it silently inside a record, so it is refused here first, by name.
const forbidden = new Set(['__proto__', 'constructor', 'prototype']);

type Node = { value: unknown; key: string; parent: Node | null };
function pathOf(node: Node): string[] {
  const keys: string[] = [];
  for (let at: Node | null = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/** The path to the first forbidden own key anywhere in the input, or undefined. */
export function forbiddenKeyPath(input: unknown): string[] | undefined {
  // A stack with parent links instead of recursion or copied paths: the input may be nested very deep.
  const stack: Node[] = [{ value: input, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.value === null || typeof node.value !== 'object') continue;
    for (const key of Object.keys(node.value)) {
      if (forbidden.has(key)) return [...pathOf(node), key];
      stack.push({ value: (node.value as Record<string, unknown>)[key], key, parent: node });
    }
  }
  return undefined;
}
