// A running preview's API from Node, as its page uses it (the bridge: the page's Origin and the
// launch token): contract calls, and the event stream the page listens to (`/api/events`,
// newline-delimited JSON). For tests and benches that drive previews without a browser.
import type { RunningPreview } from './preview';

export type ApiAnswer<T = unknown> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

const headers = (preview: Pick<RunningPreview, 'origin' | 'token'>) => ({ origin: preview.origin, authorization: `Bearer ${preview.token}`, 'content-type': 'application/json' });

/** One contract call; a preview that is gone (killed) rejects, like a page whose app stopped. */
export async function callPreview<T = unknown>(preview: Pick<RunningPreview, 'origin' | 'token'>, method: string, input: unknown, timeoutMs = 60_000): Promise<ApiAnswer<T>> {
  const response = await fetch(`${preview.origin}/api/call/${method}`, { method: 'POST', headers: headers(preview), body: JSON.stringify(input), signal: AbortSignal.timeout(timeoutMs) });
  return (await response.json()) as ApiAnswer<T>;
}

/** The same, throwing unless it answered ok (setup steps). */
export async function mustCall<T = unknown>(preview: Pick<RunningPreview, 'origin' | 'token'>, method: string, input: unknown, timeoutMs?: number): Promise<T> {
  const answer = await callPreview<T>(preview, method, input, timeoutMs);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value;
}

export type PreviewEvent = { type: string; paymentIds?: string[]; [key: string]: unknown };

/** Listens to the page's event stream; `opened` resolves once the preview holds the stream. */
export function listenToPreview(preview: Pick<RunningPreview, 'origin' | 'token'>, onEvent: (event: PreviewEvent) => void): { opened: Promise<void>; close(): void } {
  const abort = new AbortController();
  const opened = (async () => {
    const response = await fetch(`${preview.origin}/api/events`, { method: 'POST', headers: headers(preview), signal: abort.signal });
    if (!response.ok || !response.body) throw new Error(`event stream refused: ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          pending += decoder.decode(value, { stream: true });
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as PreviewEvent);
        }
      } catch {
        // Closed by us, or the preview stopped.
      }
    })();
  })();
  return { opened, close: () => abort.abort() };
}
