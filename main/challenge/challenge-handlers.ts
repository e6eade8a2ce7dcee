// The terminal sale with 3-D Secure: the sale goes through the payments create path with the
// success and failure URLs of main's challenge server; a challenge is shown in an isolated
// window (Electron) or frame (preview), and its return triggers a status check.
import { fail } from '../core/fail';
import type { Implementations } from '../api/create-handlers';
import type { PaymentsService } from '../payments/payments-service';
import type { ChallengeServer } from './challenge-server';

type Names = 'terminalSale' | 'openChallengeWindow' | 'getChallenge';

export type ChallengeWindowOpener = (url: string, onClosed: () => void) => { close(): void };

export function challengeHandlers(deps: { server: ChallengeServer; chargeCard: PaymentsService['chargeCard']; openWindow?: ChallengeWindowOpener; windows: Map<string, { close(): void }> }): Pick<Implementations, Names> {
  const { server } = deps;
  const mustGet = (id: string) => {
    const view = server.get(id);
    if (!view) throw fail('not_found', 'challenge.unknown');
    return view;
  };
  return {
    async terminalSale(input, ctx) {
      const reserved = server.reserve();
      try {
        const { payment, challengeHtml, declineReason } = await deps.chargeCard(input, ctx, { successUrl: reserved.successUrl, failureUrl: reserved.failureUrl });
        if (challengeHtml === null) {
          server.drop(reserved.id);
          return { payment, challenge: null, ...(declineReason ? { declineReason } : {}) };
        }
        return { payment, challenge: server.attach(reserved.id, challengeHtml, payment.id) };
      } catch (e) {
        server.drop(reserved.id);
        throw e;
      }
    },
    openChallengeWindow(input) {
      const view = mustGet(input.challengeId);
      if (!deps.openWindow) return { mode: 'frame' as const };
      if (view.state === 'waiting' && !deps.windows.has(view.id)) {
        deps.windows.set(view.id, deps.openWindow(server.pageUrl(view.id), () => {
          deps.windows.delete(view.id);
          server.markClosed(view.id);
        }));
      }
      return { mode: 'window' as const };
    },
    getChallenge: (input) => mustGet(input.challengeId),
  };
}
