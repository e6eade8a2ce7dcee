import { z } from 'zod';
import { method } from '../method-spec';

export const environmentSchema = z.enum(['practice', 'sandbox', 'production']);
export type Environment = z.infer<typeof environmentSchema>;

export const appMethods = {
  getAppInfo: method({
    summary: 'Name, version and runtime of the running app.',
    input: () => z.object({}).strict(),
    output: () => z.object({
      name: z.string(),
      version: z.string(),
      runtime: z.enum(['electron', 'preview', 'test']),
      platform: z.string(),
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
