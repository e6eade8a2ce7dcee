import { z } from 'zod';
import { method } from '../method-spec';
import { environmentSchema } from './app';
import { currencyCodes } from '../money';

/** A profile as the renderer may see it: never a key, only whether one is set and its last four characters. */
export const profileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: environmentSchema,
  baseUrl: z.string(),
  defaultCurrency: z.enum(currencyCodes as [string, ...string[]]),
  key: z.object({ configured: z.boolean(), lastFour: z.string().nullable() }),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const profileMethods = {
  getActiveProfile: method({
    summary: 'The profile every gateway call currently goes to.',
    input: z.object({}).strict(),
    output: profileViewSchema,
  }),
};
