// The one list of methods the renderer may call. Main binds each to a handler, the preload
// exposes each by name, the preview bridge carries each over loopback HTTP. A method cannot
// exist on one side only: everything derives from this object.
import type { z } from 'zod';
import type { Result } from './result';
import { appMethods } from './methods/app';
import { profileMethods } from './methods/profiles';
import { paymentMethods } from './methods/payments';
import { bulkMethods } from './methods/bulk';
import { challengeMethods } from './methods/challenge';
import { maintenanceMethods } from './methods/maintenance';
import { checkupMethods } from './methods/checkup';
import { invoiceMethods } from './methods/invoices';
import { overviewMethods } from './methods/overview';
import { teamLedgerMethods } from './methods/team-ledger';

export const methods = {
  ...appMethods,
  ...profileMethods,
  ...paymentMethods,
  ...bulkMethods,
  ...challengeMethods,
  ...maintenanceMethods,
  ...checkupMethods,
  ...invoiceMethods,
  ...overviewMethods,
  ...teamLedgerMethods,
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
/** A method's input after main parsed it against the contract (defaults filled in). */
export type MethodParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;

/** What the renderer sees: one async function per method, each taking one object. */
export type PaydeskApi = {
  [M in MethodName]: (input: MethodInput<M>) => Promise<Result<MethodOutput<M>>>;
} & {
  /** Main-to-renderer events; returns the function that unsubscribes. */
  subscribe(listener: (event: import('./events').AppEvent) => void): () => void;
};

export const methodNames = Object.keys(methods) as MethodName[];

/** The IPC channel of a method in Electron, and its path on the preview bridge. */
export const channelOf = (name: MethodName) => `paydesk:${name}`;
export const eventChannel = 'paydesk:event';
