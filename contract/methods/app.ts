import { z } from 'zod';
import { method, shared } from '../method-spec';
import { teamRoleSchema } from './team-ledger';

export const environmentSchema = shared(() => z.enum(['practice', 'sandbox', 'production']));
export type Environment = z.infer<ReturnType<typeof environmentSchema>>;

export const appMethods = {
  getAppInfo: method({
    summary: 'Name, version and runtime of the running app, the language main words things in, and who this laptop is on the team ledger: the session\'s first call.',
    input: () => z.object({}).strict(),
    output: () => z.object({
      name: z.string(),
      version: z.string(),
      runtime: z.enum(['electron', 'preview', 'test']),
      platform: z.string(),
      /** What main words OS notifications and dialogs in now: the person's saved choice, else the OS's language. */
      language: z.enum(['en', 'ar']),
      /**
       * null: this laptop's own ledger (no roles). On the team ledger, the role the database gave at
       * start or at the last reconnect, or null when it could not be checked (the server out of
       * reach, no password): the screens then offer no money move (renderer team-role.ts). `login`:
       * the database user this laptop works as (the header names it; never the password).
       * `reconnecting`: the connection to the team ledger was lost and Paydesk is making it again
       * (the header's chip says so on every screen; told again by `team.changed`).
       */
      team: z.object({ role: teamRoleSchema().nullable(), login: z.string(), reconnecting: z.boolean() }).nullable(),
    }),
  }),
  firstScreenShown: method({
    summary: 'The renderer drew its first screen: main starts the services that screen did not need (webhook receiver, reconciliation, maintenance).',
    input: () => z.object({}).strict(),
    output: () => z.object({}),
  }),
  setLanguage: method({
    summary: "The language the user chose: main words what it shows outside the window (OS notifications, dialogs) in it.",
    input: () => z.object({ language: z.enum(['en', 'ar']) }).strict(),
    output: () => z.object({}).strict(),
  }),
};
