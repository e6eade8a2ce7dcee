// Profiles and their keys. A key goes from the renderer to main once (setProfileKey) and never
// comes back: every answer carries at most `{ configured, lastFour }`.
import { z } from 'zod';
import { method, shared } from '../method-spec';
import { environmentSchema } from './app';
import { currencyCodes } from '../money';
import { reasonSchema } from '../result';

/** The gateway's operations (interface §4), by the names main's gateway client uses. */
export const gatewayOperationNames = [
  'initiateCheckout',
  'sale',
  'capture',
  'void',
  'refund',
  'recurring',
  'status',
  'createPaymentLink',
] as const;
export const gatewayOperationNameSchema = shared(() => z.enum(gatewayOperationNames));

// Hard caps only, against absurd input; main checks each field with a specific message.
const text = shared(() => z.string().max(65_536));
const currencySchema = shared(() => z.enum(currencyCodes as [string, ...string[]]));

/** Per-operation path overrides: a path relative to the base URL or an absolute URL on its origin. */
export const pathOverridesSchema = shared(() => z.partialRecord(gatewayOperationNameSchema(), text()));

/** A profile as the renderer may see it: never a key, only whether one is set and its last four characters. */
export const profileViewSchema = shared(() => z.object({
  id: z.string(),
  name: z.string(),
  environment: environmentSchema(),
  baseUrl: z.string(),
  defaultCurrency: currencySchema(),
  /** notInKeychain: a key is recorded (lastFour) but the keychain was last found without it; never the key. */
  key: z.object({ configured: z.boolean(), lastFour: z.string().nullable(), notInKeychain: z.boolean().optional() }),
  // Defaults keep answers from services that predate these fields valid.
  pathOverrides: pathOverridesSchema().default({}),
  /** Default redirect targets for checkout sessions and payment links. */
  successUrl: z.string().nullable().default(null),
  failureUrl: z.string().nullable().default(null),
  /** Seller details are set, so the profile issues invoices (Transactions offers their register). */
  hasSeller: z.boolean().optional(),
}));
export type ProfileView = z.output<ReturnType<typeof profileViewSchema>>;

/**
 * What a money-moving call carries when the active profile is production: the user confirmed,
 * naming the environment and the profile. Other domains add `confirm: productionConfirmationSchema.optional()`
 * to their input; main checks it with `requireProductionConfirmation` (main/profiles/production-guard.ts).
 */
export const productionConfirmationSchema = shared(() => z
  .object({ environment: z.literal('production'), profileId: z.string().max(200) })
  .strict());
export type ProductionConfirmation = z.infer<ReturnType<typeof productionConfirmationSchema>>;

/** The fields a user edits. Environment is fixed at creation: a sandbox key must never become a live one. */
const editableFields = shared(() => ({
  name: text(),
  baseUrl: text(),
  pathOverrides: pathOverridesSchema(),
  successUrl: text().nullable(),
  failureUrl: text().nullable(),
  defaultCurrency: currencySchema(),
}));

export const connectionCheckSchema = shared(() => z.object({
  /** accepted: the gateway answered and did not refuse the key. */
  outcome: z.enum(['accepted', 'key_rejected', 'unreachable', 'timeout']),
  /** English, for logs and tools; the renderer words `reason`. */
  message: z.string(),
  reason: reasonSchema().optional(),
}));
export type ConnectionCheck = z.infer<ReturnType<typeof connectionCheckSchema>>;

export const keychainStatusSchema = shared(() => z.object({
  available: z.boolean(),
  /** Why not, and how to fix it on this operating system (English; the renderer words `reason`). */
  message: z.string().nullable(),
  reason: reasonSchema().optional(),
}));

const id = shared(() => z.string().min(1).max(200));

/** A sandbox or production profile's id as main makes it (a random uuid), which the team's profiles keep too. */
export const profileIdSchema = shared(() => z.string().regex(/^[a-z0-9-]{1,64}$/));

/**
 * A profile a laptop on the team ledger published (team-profiles.sql): what another laptop needs to
 * add the same profile and to name it. Never a key. `removed`: an admin took it off the team's list.
 */
export const teamProfileSchema = shared(() => z.object({
  id: profileIdSchema(),
  name: z.string(),
  environment: z.enum(['sandbox', 'production']),
  baseUrl: z.string(),
  addedBy: z.string(),
  addedAt: z.string(),
  removed: z.boolean(),
  /** Who renamed it last and when (the database stamps it), and who took it off the list and when. */
  changedBy: z.string().optional(),
  changedAt: z.string().optional(),
  removedBy: z.string().optional(),
  removedAt: z.string().optional(),
}).strict());
export type TeamProfile = z.infer<ReturnType<typeof teamProfileSchema>>;

/**
 * The seller on a profile's invoices (docs/invoices.md). Kept by main with the profile. The
 * logo is a PNG or JPEG data URL of at most 200 KB; main checks every field.
 */
export const sellerDetailsSchema = shared(() => z.object({
  legalNameAr: z.string().max(300),
  legalNameEn: z.string().max(300),
  vatNumber: z.string().max(40),
  crNumber: z.string().max(40),
  address: z.string().max(500),
  logo: z.string().max(300_000).nullable(),
}).strict());
export type SellerDetails = z.infer<ReturnType<typeof sellerDetailsSchema>>;

export const profileMethods = {
  getActiveProfile: method({
    summary: 'The profile every gateway call currently goes to.',
    input: () => z.object({}).strict(),
    output: () => profileViewSchema(),
  }),
  listProfiles: method({
    summary: 'Every profile (practice first) and which one is active.',
    input: () => z.object({}).strict(),
    output: () => z.object({ profiles: z.array(profileViewSchema()), activeId: z.string() }),
  }),
  createProfile: method({
    summary: 'Adds a sandbox or production profile (without a key: set it with setProfileKey).',
    input: () => z
      .object({
        ...editableFields(),
        environment: z.enum(['sandbox', 'production']),
        pathOverrides: pathOverridesSchema().default({}),
        successUrl: text().nullable().default(null),
        failureUrl: text().nullable().default(null),
        /** On the team ledger: the team's profile this one is (its id taken, so a colleague's payments with it are this profile's). */
        teamProfileId: profileIdSchema().optional(),
      })
      .strict(),
    output: () => profileViewSchema(),
  }),
  listTeamProfiles: method({
    summary: 'On the team ledger, the profiles the team\'s laptops published (never a key); empty on a laptop\'s own ledger.',
    input: () => z.object({}).strict(),
    output: () => z.object({ profiles: z.array(teamProfileSchema()) }),
  }),
  renameTeamProfile: method({
    summary: 'On the team ledger, an admin renames one of the team\'s profiles (the database lets only an admin or its publisher); this laptop\'s own profile of that id follows when it had the team\'s name.',
    input: () => z.object({ id: profileIdSchema(), name: z.string().trim().min(1).max(200) }).strict(),
    output: () => z.object({ profile: teamProfileSchema() }),
  }),
  removeTeamProfile: method({
    summary: 'On the team ledger, an admin takes one of the team\'s profiles off its list: no longer offered in Add profile; payments made with it stay named, and no laptop loses its profile.',
    input: () => z.object({ id: profileIdSchema() }).strict(),
    output: () => z.object({ profile: teamProfileSchema() }),
  }),
  updateProfile: method({
    summary: 'Changes the given fields of a profile; its environment never changes.',
    input: () => z.object({ id: id(), ...editableFields() }).partial().required({ id: true }).strict(),
    output: () => profileViewSchema(),
  }),
  removeProfile: method({
    summary: 'Removes a profile and its key from the keychain (not the practice profile).',
    input: () => z.object({ id: id() }).strict(),
    output: () => z.object({ removed: z.literal(true), activeId: z.string() }),
  }),
  switchProfile: method({
    summary: 'Makes a profile the active one: every gateway call goes to it from now on.',
    input: () => z.object({ id: id() }).strict(),
    output: () => profileViewSchema(),
  }),
  setProfileKey: method({
    summary: 'Stores or replaces a profile key in the OS keychain; with testConnection, checks it against the gateway first.',
    input: () => z.object({ id: id(), key: text(), testConnection: z.boolean().default(false) }).strict(),
    output: () => z.object({ profile: profileViewSchema(), check: connectionCheckSchema().nullable() }),
  }),
  removeProfileKey: method({
    summary: 'Removes a profile key from the OS keychain.',
    input: () => z.object({ id: id() }).strict(),
    output: () => profileViewSchema(),
  }),
  testConnection: method({
    summary: 'A cheap authenticated call with the stored key: tells "key rejected" from "gateway unreachable".',
    input: () => z.object({ id: id() }).strict(),
    output: () => connectionCheckSchema(),
  }),
  getSellerDetails: method({
    summary: 'The seller details a profile prints on its invoices, or null when none are set.',
    input: () => z.object({ id: id() }).strict(),
    output: () => z.object({ seller: sellerDetailsSchema().nullable() }),
  }),
  setSellerDetails: method({
    summary: 'Sets the seller details of a profile (legal names, VAT and CR numbers, address, logo); main checks the VAT number’s format.',
    input: () => z.object({ id: id(), seller: sellerDetailsSchema() }).strict(),
    output: () => z.object({ seller: sellerDetailsSchema() }),
  }),
  getKeychainStatus: method({
    summary: 'Whether the OS keychain can be used, and if not, what is wrong and how to fix it; looks for each recorded key too (key.notInKeychain in the profile answers). Settings asks when it opens; never at start.',
    input: () => z.object({}).strict(),
    output: () => keychainStatusSchema(),
  }),
};
