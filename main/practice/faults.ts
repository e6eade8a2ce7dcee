// Faults on demand, per operation, for tests and demonstrations: what a real network and a
// real gateway sometimes do. Each lasts for `times` requests (default: until cleared).
import type { GatewayOperation } from '../gateway/operations';
import type { Persona } from './personas';

export const faultFailures = ['http_500', 'hang', 'reset_after_processing', 'malformed_json', 'error_envelope', 'echo_request'] as const;
export type FaultFailure = (typeof faultFailures)[number];
export type Fault = { latencyMs?: number; failure?: FaultFailure; times?: number };
/** Webhook deliveries can be duplicated, as the real gateway's can. */
export type WebhookFault = { duplicate: true; times?: number };

export type FaultControl = {
  set(operation: GatewayOperation, fault: Fault | null): void;
  setWebhook(fault: WebhookFault | null): void;
  /** The fault for the next request of this operation, counting it down. */
  take(operation: GatewayOperation): Fault | undefined;
  takeWebhook(): WebhookFault | undefined;
  /** A fault persona (personas.ts) answering until changed; null for the documented answers. */
  setPersona(persona: Persona | null): void;
  persona(): Persona | null;
  clear(): void;
};

export function createFaultControl(persona: Persona | null = null): FaultControl {
  const faults = new Map<string, Fault | WebhookFault>();
  let current = persona;
  const take = <T extends { times?: number }>(key: string): T | undefined => {
    const fault = faults.get(key) as T | undefined;
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      if (fault.times <= 1) faults.delete(key);
      else faults.set(key, { ...fault, times: fault.times - 1 });
    }
    return fault;
  };
  return {
    set(operation, fault) {
      if (fault) faults.set(operation, fault);
      else faults.delete(operation);
    },
    setWebhook(fault) {
      if (fault) faults.set('webhook', fault);
      else faults.delete('webhook');
    },
    take: (operation) => take<Fault>(operation),
    takeWebhook: () => take<WebhookFault>('webhook'),
    setPersona: (next) => void (current = next),
    persona: () => current,
    clear: () => faults.clear(),
  };
}

/** Checks a fault sent over the control endpoint. */
export function parseFault(value: unknown): Fault | null | string {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return 'fault must be an object or null';
  const { latencyMs, failure, times, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length) return `unknown fault fields: ${Object.keys(rest).join(', ')}`;
  if (latencyMs !== undefined && (!Number.isInteger(latencyMs) || (latencyMs as number) < 0 || (latencyMs as number) > 120_000)) return 'latencyMs must be 0 to 120000';
  if (failure !== undefined && !faultFailures.includes(failure as FaultFailure)) return `failure must be one of ${faultFailures.join(', ')}`;
  if (times !== undefined && (!Number.isInteger(times) || (times as number) < 1)) return 'times must be a positive integer';
  return { latencyMs: latencyMs as number | undefined, failure: failure as FaultFailure | undefined, times: times as number | undefined };
}
