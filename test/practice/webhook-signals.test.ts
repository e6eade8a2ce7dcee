// A long day at the counter (walk33): the embedded practice gateway runs in main's process, and each
// webhook delivery's fetch had `AbortSignal.any([the sender's close signal, a 10 s timeout])`. Node
// keeps a WeakRef of every signal `any` made on each of its sources, so the sender's close signal,
// alive as long as the app, gained one per delivery (heap snapshots of main after 4,000 operations:
// ~3,000 WeakRefs more, one per webhook; bench/long-day.ts --snapshots). Each attempt now has a
// signal of its own, aborted by the close or its timeout, that nothing long-lived refers to.
import { expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../main/log/logger';
import { createWebhookSender } from '../../main/practice/webhooks';

/** What Node keeps on a signal for the composite signals made from it (`AbortSignal.any`), if any. */
const dependants = (signal: AbortSignal) => {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kDependantSignals');
  return key ? ((signal as unknown as Record<symbol, Set<unknown>>)[key]?.size ?? 0) : 0;
};
/** The signals a composite signal was made from (still alive). */
const sources = (signal: AbortSignal): AbortSignal[] => {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kSourceSignals');
  const refs = key ? [...((signal as unknown as Record<symbol, Set<WeakRef<AbortSignal>>>)[key] ?? [])] : [];
  return refs.map((ref) => ref.deref()).filter((s): s is AbortSignal => s !== undefined);
};

it('keeps nothing per delivery on a signal that lives as long as the sender', async () => {
  const given: AbortSignal[] = [];
  const sender = createWebhookSender({
    target: () => 'http://127.0.0.1:9/webhook',
    secret: () => 'secret',
    logger: createMemoryLogger(),
    fetch: async (_url, init) => {
      given.push(init!.signal!);
      return new Response('ok', { status: 200 });
    },
  });
  for (let i = 0; i < 500; i++) sender.deliver(`{"n":${i}}`, 1);
  await sender.idle();
  expect(given).toHaveLength(500);
  const longLived = new Set(given.flatMap(sources));
  const kept = [...longLived].map(dependants);
  expect(Math.max(0, ...kept)).toBeLessThan(10);
  sender.close();
});

/** A sender whose receiver never answers (no retries): `signal()` is the one its attempt was given. */
function unansweredSender() {
  let seen: AbortSignal | undefined;
  const sender = createWebhookSender({
    target: () => 'http://127.0.0.1:9/webhook',
    secret: () => 'secret',
    logger: createMemoryLogger(),
    retryDelaysMs: [],
    fetch: (_url, init) => new Promise((_resolve, reject) => {
      seen = init!.signal!;
      seen.addEventListener('abort', () => reject(seen!.reason));
    }),
  });
  sender.deliver('{}', 1);
  return { sender, signal: () => seen };
}

it('still stops a delivery under way when the sender closes', async () => {
  const { sender, signal } = unansweredSender();
  await new Promise((r) => setTimeout(r, 10));
  expect(signal()?.aborted).toBe(false);
  sender.close();
  await sender.idle();
  expect(signal()?.aborted).toBe(true);
});

it('still gives up on an attempt the receiver leaves unanswered for 10 s', async () => {
  vi.useFakeTimers();
  try {
    const { sender, signal } = unansweredSender();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signal()?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal()?.aborted).toBe(true);
    await sender.idle();
  } finally {
    vi.useRealTimers();
  }
});
