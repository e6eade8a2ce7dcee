// The check-up report: versions, the profile's environment (never its key, nor anything of
// its base URL but the host), each step's outcome and the shape of each answer, already
// redacted (names and types, no values). Scanned once more before it leaves main: the key and
// anything that looks like a card number are removed whatever their source.
import type { CheckupRun, CheckupStep } from '../../contract/methods/checkup';
import { redact } from '../log/logger';

export type AppVersions = { name: string; version: string; runtime: string; platform: string };

export const reportFormat = 'paydesk-checkup/1';

export function buildReport(run: CheckupRun, context: { app: AppVersions; gatewayHost: string; pathOverrides: string[]; secrets: string[]; at: Date }) {
  const count = (state: CheckupStep['state']) => run.steps.filter((s) => s.state === state).length;
  const report = {
    format: reportFormat,
    createdAt: context.at.toISOString(),
    app: context.app,
    profile: { environment: run.environment, currency: run.currency, gatewayHost: context.gatewayHost, pathOverrides: context.pathOverrides },
    run: {
      id: run.id, state: run.state, startedAt: run.startedAt, finishedAt: run.finishedAt,
      summary: { passed: count('passed'), different: count('different'), failed: count('failed'), skipped: count('skipped'), cancelled: count('cancelled') },
    },
    steps: run.steps.map((step) => ({ key: step.key, state: step.state, orderIds: step.orderIds, answers: step.answers, findings: step.findings })),
  };
  const json = redact(JSON.stringify(report, null, 2), context.secrets);
  const stamp = context.at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { fileName: `paydesk-checkup-${run.environment}-${stamp}`, json, app: context.app, gatewayHost: context.gatewayHost };
}
