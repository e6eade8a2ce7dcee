// Reaches the preview's embedded practice gateway from a test: its key is in the state file
// of the preview's data folder, its address in the active practice profile. Used to inject
// faults and to read its records, the witness of what reached the gateway.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Calls a contract method through the preview bridge, for test setup only (the UI is what is under test). */
export async function callApi<T = unknown>(page: Page, method: string, input: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([name, body]) => {
      const token = sessionStorage.getItem('paydesk.previewToken');
      const response = await fetch(`/api/call/${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return response.json();
    },
    [method, input] as const,
  );
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** The practice gateway's key: the first line (the header) of its append-only state file. */
export function practiceKey(dataDir: string): string {
  const header = readFileSync(join(dataDir, 'practice-gateway.json'), 'utf8').split('\n', 1)[0]!;
  return (JSON.parse(header) as { apiKey: string }).apiKey;
}

export async function practiceControl(page: Page, dataDir: string) {
  const apiKey = practiceKey(dataDir);
  const profile = await callApi<{ baseUrl: string }>(page, 'getActiveProfile', {});
  const post = (path: string, body: unknown) => fetch(`${profile.baseUrl}/_practice${path}`, { method: 'POST', headers: { 'X-API-KEY': apiKey }, body: JSON.stringify(body) });
  return {
    baseUrl: profile.baseUrl,
    async fault(operation: string, fault: unknown) {
      const response = await post('/faults', { operation, fault });
      if (response.status !== 200) throw new Error(`fault not set: ${response.status}`);
    },
    apiKey,
    /** A fault persona of the practice gateway (main/practice/personas.ts), or null for the documented answers. */
    async persona(persona: string | null) {
      const response = await post('/persona', { persona });
      if (response.status !== 200) throw new Error(`persona not set: ${response.status}`);
    },
    async records(): Promise<Array<{ operation: string; orderId?: string; transactionId?: string; amountMinor?: number }>> {
      const response = await fetch(`${profile.baseUrl}/_practice/records`, { headers: { 'X-API-KEY': apiKey } });
      return ((await response.json()) as { data: never }).data;
    },
  };
}

/** The practice gateway refuses the next refund with an error envelope (a refusal the app words and notes), once. */
export async function refuseNextRefund(page: Page, dataDir: string): Promise<void> {
  await (await practiceControl(page, dataDir)).fault('refund', { failure: 'error_envelope', times: 1 });
}
