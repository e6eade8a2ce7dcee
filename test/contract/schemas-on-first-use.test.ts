// The contract's modules build no zod object as they load: main's services bundle runs every one
// of them before its first answer, and a start uses the schemas of a handful of methods
// (docs/performance.md, "Cold start, twelfth pass"). A method's schemas, and the schemas several
// methods share, are built on their first use and then kept.
import { describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ calls: 0 }));
// zod's `z` with every constructor counted (z.object, z.string, z.enum...).
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod')>();
  const z = new Proxy(actual.z, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counted.calls++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...actual, z };
});

describe("the contract's schemas", () => {
  it('are built on first use, not as the contract loads, and kept', async () => {
    const { methods } = await import('../../contract/methods');
    await import('../../contract/result');
    expect(counted.calls).toBe(0);

    const output = methods.searchPayments.output;
    expect(counted.calls).toBeGreaterThan(0);
    expect(methods.searchPayments.output).toBe(output);
    expect(output.safeParse({ total: 0, rows: [] }).success).toBe(true);
    expect(methods.searchPayments.input.parse({})).toEqual({ filter: {}, sort: { by: 'createdAt', direction: 'desc' }, offset: 0, limit: 100 });
  });
});
