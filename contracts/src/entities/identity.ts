/**
 * Users, organizations and workspaces (spec 000 §3, §6; docs/product-rules.md §4).
 */
import { z } from 'zod';
import { AGENT_DATA_REGION } from '../limits';

/** spec 000 §6: workspace access levels. `write` may change, `read` may view, `limited` sees only some forms. */
export const AccessLevel = z.enum(['write', 'read', 'limited']);
/** A workspace access level: `write | read | limited`. */
export type AccessLevel = z.infer<typeof AccessLevel>;

/** spec 000 §3: a user as the app sees them. Ids are numbers (ARCHITECTURE §4). */
export const User = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** Whether the user opened the confirmation link mailed to `email` (docs/product-rules.md §4). */
  emailVerified: z.boolean(),
});
/** A user: `{id, firstName, lastName, email, isAdmin, emailVerified}`. */
export type User = z.infer<typeof User>;

/** spec 001 §2: the data regions an organization may be placed in besides the default one (`null`). */
export const DATA_REGIONS = [AGENT_DATA_REGION] as const;
/** A data region other than the default: `EU_AGENT`. */
export const DataRegion = z.enum(DATA_REGIONS);
/** One of {@link DATA_REGIONS}. */
export type DataRegion = z.infer<typeof DataRegion>;

/**
 * spec 000 §2 "A past-due billing banner shows when the billing record is past due": the organization's billing
 * record's state — `active` (paid, or nothing to pay) or `past_due` (a payment failed; members see the banner).
 */
export const BillingStatus = z.enum(['active', 'past_due']);
/** `active` or `past_due`. */
export type BillingStatus = z.infer<typeof BillingStatus>;

/**
 * The product features an operator turns on per organization (spec 000 §2 "Database behind a feature flag"; ours as a
 * list): `database` shows the Quick start's Database card. A feature not listed is off.
 */
export const ORGANIZATION_FEATURES = ['database'] as const;
/** One of {@link ORGANIZATION_FEATURES}. */
export const OrganizationFeature = z.enum(ORGANIZATION_FEATURES);
/** A feature flag's name. */
export type OrganizationFeature = z.infer<typeof OrganizationFeature>;

/**
 * The one-time notices a user can dismiss, remembered per user on the server (every device): `linkedin_follow`, spec
 * 000 §2 "A LinkedIn follow banner is shown once per user and can be dismissed".
 */
export const USER_NOTICES = ['linkedin_follow'] as const;
/** One of {@link USER_NOTICES}. */
export const UserNotice = z.enum(USER_NOTICES);
/** A dismissible notice's name. */
export type UserNotice = z.infer<typeof UserNotice>;

/** spec 000 §3: an organization (the tenant). */
export const Organization = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  subdomain: z.string().nullable().optional(),
  /**
   * spec 001 §6 "The Conversion Kit access flag gates the upsell": whether the organization has the Conversion Kit
   * add-on (the gallery's Conversion kit category shows the 'Add-on' badge and the upsell without it). Default false.
   */
  hasConversionKit: z.boolean(),
  /**
   * spec 001 §2: the organization's data region; `null` is the default region. `EU_AGENT` (`AGENT_DATA_REGION`)
   * hides AI: the gallery's AI category, the AI action, and AI templates are refused.
   */
  dataRegion: DataRegion.nullable(),
  /** spec 000 §2: the billing record's state ({@link BillingStatus}); `past_due` shows the banner. */
  billingStatus: BillingStatus,
  /** The feature flags turned on for it ({@link ORGANIZATION_FEATURES}), sorted; `[]` by default. */
  features: z.array(OrganizationFeature),
});
/** An organization: `{id, name, subdomain?, hasConversionKit, dataRegion, billingStatus, features}`. */
export type Organization = z.infer<typeof Organization>;

/** spec 000 §3: a workspace with the caller's access level. `slug` is `<id>-<name in kebab case>` (spec 000 §2). */
export const Workspace = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  accessLevel: AccessLevel,
});
/** A workspace as seen by one user. */
export type Workspace = z.infer<typeof Workspace>;

/** spec 000 §2: workspace ids reserved for the home and trash tabs. */
export const RESERVED_WORKSPACE_IDS = ['home', 'trash'] as const;
