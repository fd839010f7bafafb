/**
 * Users, organizations and workspaces (spec 000 §3, §6; docs/product-rules.md §4).
 */
import { z } from 'zod';

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

/** spec 000 §3: an organization (the tenant). */
export const Organization = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  subdomain: z.string().nullable().optional(),
});
/** An organization: `{id, name, subdomain?}`. */
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
