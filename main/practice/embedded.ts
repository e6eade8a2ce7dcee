// PLACEHOLDER until the practice gateway lands (issue 3): replaced entirely by it.
import type { Logger } from '../log/logger';
export type PracticeGateway = { baseUrl: string; apiKey: string; close(): Promise<void> };
export async function startPracticeGateway(_options: { logger: Logger }): Promise<PracticeGateway> {
  return { baseUrl: 'http://127.0.0.1:0/api/v1', apiKey: 'practice-placeholder-key', close: async () => {} };
}
