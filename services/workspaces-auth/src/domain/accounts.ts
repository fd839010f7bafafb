/**
 * Accounts: sign-up, password sign-in, and who a user is (organization, workspaces, access levels) —
 * spec 000 §3 (User, Organization, Workspace), §6 (access levels, isAdmin); docs/product-rules.md §4 (sign-up, login).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthClaims } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import type { AccessLevel, User, UserNotice, Workspace } from '@formloom/contracts/entities/identity';
import type { OrganizationSummary, SignupBody } from '@formloom/contracts/api/workspaces-auth/auth';
import type { CreateOrganizationUserBody, SetOrganizationFlagsBody } from '@formloom/contracts/api/workspaces-auth/internal';
import type { OrganizationMember, UpdateOrganizationBody } from '@formloom/contracts/api/workspaces-auth/admin';
import { workspaceSlug } from '@formloom/contracts/rules/slug';
import { isUniqueViolation, type Db, type DbOrTx, type Tx } from '@formloom/kit/db';
import { conflict, forbidden, notFound } from '@formloom/kit/errors';
import { memberships, organizationMemberships, organizations, users, workspaces } from '../db/schema';
import { requestEmailVerification } from './email-verification';
import { assertAcceptablePassword } from './password-strength';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { createSession, deleteExpiredSessions, type NewSession } from './sessions';

/**
 * A user as they act in one of their organizations: `organizationId` is that organization and `isAdmin` their role
 * in it (`organization_members`); with the one-time notices they dismissed (`USER_NOTICES`, sorted).
 */
export interface UserRecord extends User {
  organizationId: number;
  dismissedNotices: UserNotice[];
}

/** Everything a signed-in user may see about themself: `GET /auth/me` and the JWT claims are built from it. */
export interface Identity {
  user: UserRecord;
  organization: OrganizationSummary;
  /** The user's workspaces with their access level, in the user's own order ({@link workspacesOf}). */
  workspaces: Workspace[];
}

/** The columns of a {@link UserRecord}: the user's, with the organization and role of an `organization_members` row. */
const userColumns = {
  id: users.id,
  organizationId: organizationMemberships.organizationId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isAdmin: organizationMemberships.isAdmin,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
  dismissedNotices: users.dismissedNotices,
};

/** The public part of a user record: `{id, firstName, lastName, email, isAdmin, emailVerified}`. */
export function publicUser(record: UserRecord): User {
  return {
    id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    isAdmin: record.isAdmin,
    emailVerified: record.emailVerified,
  };
}

/** True when a user with this (normalized) email exists. */
async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * Inserts a user in `tx`, a member of `values.organizationId` (their first organization) as admin or not, and answers
 * their record.
 * @throws 409 `copy.auth.emailTaken` for a taken email (also one taken concurrently: the unique index decides)
 */
export async function insertUser(tx: Tx, values: typeof users.$inferInsert & { isAdmin: boolean }): Promise<UserRecord> {
  const { isAdmin, ...columns } = values;
  let id: number;
  try {
    const [row] = await tx.insert(users).values(columns).returning({ id: users.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(copy.auth.emailTaken);
    throw error;
  }
  await tx.insert(organizationMemberships).values({ organizationId: values.organizationId, userId: id, isAdmin });
  return (await findUser(tx, id, values.organizationId))!;
}

/**
 * Signs up (docs/product-rules.md §4): in ONE transaction creates the organization `copy.auth.organizationName(firstName)`
 * ("Ada's organization"), the user as its admin (the first user of an organization is an admin, spec 000 §6),
 * a first workspace `copy.auth.defaultWorkspaceName` ('My workspace') with `write` access, a session, and the
 * address confirmation link with its mail (`email-verification.ts`; links under `publicUrl`, the product's
 * public origin). The user starts unconfirmed. `input` is already parsed (email trimmed and lowercased,
 * password length checked).
 * @throws 400 at `body.password` when the password is common, easy to guess or built from the user's name or
 *   email (`password-strength.ts`); 409 `copy.auth.emailTaken` when the email is taken. Nothing is stored then.
 */
export async function signUp(db: Db, input: SignupBody, publicUrl: string): Promise<{ user: User; session: NewSession }> {
  assertAcceptablePassword(input.password, input);
  // Cheap early answer; the unique index decides under concurrency.
  if (await emailExists(db, input.email)) throw conflict(copy.auth.emailTaken);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ name: copy.auth.organizationName(input.firstName) })
      .returning({ id: organizations.id });
    const user = await insertUser(tx, {
      organizationId: organization!.id,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      isAdmin: true,
    });
    const [workspace] = await tx
      .insert(workspaces)
      .values({ organizationId: organization!.id, name: copy.auth.defaultWorkspaceName })
      .returning({ id: workspaces.id });
    await tx.insert(memberships).values({ workspaceId: workspace!.id, userId: user.id, accessLevel: 'write' });
    await requestEmailVerification(tx, user, publicUrl);
    const session = await createSession(tx, user.id);
    return { user: publicUser(user), session };
  });
}

/**
 * Checks an email/password pair (docs/product-rules.md §4). Unknown email and wrong password take the same path (a dummy
 * hash is checked when the user is missing). On success: replaces an outdated password hash, deletes the
 * user's expired sessions and starts a new session.
 * @returns the user and the new session, or `null` for a wrong pair.
 */
export async function logIn(
  db: Db,
  email: string,
  password: string,
): Promise<{ user: User; session: NewSession } | null> {
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !ok) return null;
  const user = await findSessionUser(db, row.id, null);
  if (!user) return null;
  if (needsRehash(row.passwordHash)) {
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
  }
  await deleteExpiredSessions(db, user.id);
  const session = await createSession(db, user.id);
  return { user: publicUser(user), session };
}

/**
 * User `userId` acting in organization `organizationId`, or `null` when there is no such user or they are not a
 * member of it (any more).
 */
export async function findUser(db: DbOrTx, userId: number, organizationId: number): Promise<UserRecord | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizationMemberships, and(eq(organizationMemberships.userId, users.id), eq(organizationMemberships.organizationId, organizationId)))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * User `userId` in the organization a session of theirs works in: `organizationId` when they are still a member of
 * it, else the one they signed in to last (`users.organization_id`), else their oldest membership; `null` when the
 * user does not exist (or belongs to no organization).
 */
export async function findSessionUser(db: DbOrTx, userId: number, organizationId: number | null): Promise<UserRecord | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizationMemberships, eq(organizationMemberships.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(
      sql`(${organizationMemberships.organizationId} = ${organizationId ?? 0}::int) DESC`,
      sql`(${organizationMemberships.organizationId} = ${users.organizationId}) DESC`,
      asc(organizationMemberships.createdAt),
      asc(organizationMemberships.organizationId),
    )
    .limit(1);
  return row ?? null;
}

/** User `userId` in the organization they signed in to last (see {@link findSessionUser}); `null` when there is none. */
export async function findAnyUser(db: DbOrTx, userId: number): Promise<UserRecord | null> {
  return findSessionUser(db, userId, null);
}

/**
 * The workspaces of organization `organizationId` that `userId` is a member of, with slug (`rules/slug`
 * `workspaceSlug`, spec 000 §2) and access level (spec 000 §6), in the user's own sidebar order (spec 000 §4
 * "Dragging": `memberships.position`, set by `PUT /admin/workspaces/order`), those never ordered after the others, by
 * name (case-insensitive), then id.
 */
export async function workspacesOf(db: DbOrTx, userId: number, organizationId: number): Promise<Workspace[]> {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, accessLevel: memberships.accessLevel })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(workspaces.organizationId, organizationId)))
    .orderBy(sql`${memberships.position} ASC NULLS LAST`, asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
  return rows.map((row) => ({ ...row, slug: workspaceSlug(row.id, row.name) }));
}

/**
 * The users of organization `organizationId` as colleagues see them (`{userId, email, firstName, lastName}`), sorted by
 * first name, last name (case-insensitive), then id: the approval step's approver picker (spec 001 §4, §7).
 */
export async function organizationMembers(db: DbOrTx, organizationId: number): Promise<OrganizationMember[]> {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(organizationMemberships, eq(organizationMemberships.userId, users.id))
    .where(eq(organizationMemberships.organizationId, organizationId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
}

/** What an organization is listed with: `{id, name, hasConversionKit, dataRegion, billingStatus, features}`. */
const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  hasConversionKit: organizations.hasConversionKit,
  dataRegion: organizations.dataRegion,
  billingStatus: organizations.billingStatus,
  features: organizations.features,
};

/** The organization `{id, name, hasConversionKit, dataRegion, billingStatus}` with `organizationId`, or `null`. */
export async function findOrganization(db: DbOrTx, organizationId: number): Promise<OrganizationSummary | null> {
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}

/**
 * Remembers that user `userId` dismissed `notice` (spec 000 §2: the LinkedIn follow banner is shown once per user);
 * dismissing again changes nothing.
 * @returns every notice the user dismissed, sorted
 */
export async function dismissNotice(db: DbOrTx, userId: number, notice: UserNotice): Promise<UserNotice[]> {
  const [row] = await db
    .update(users)
    .set({
      dismissedNotices: sql`ARRAY(SELECT DISTINCT n FROM unnest(array_append(${users.dismissedNotices}, ${notice}::text)) AS n ORDER BY n)`,
    })
    .where(eq(users.id, userId))
    .returning({ notices: users.dismissedNotices });
  return row?.notices ?? [];
}

/**
 * Who `userId` is in the organization a session works in (`organizationId`, null: theirs; {@link findSessionUser}
 * falls back when they left it): user, organization and that organization's workspaces of theirs; `null` when the
 * user does not exist.
 */
export async function identityOf(db: DbOrTx, userId: number, organizationId: number | null): Promise<Identity | null> {
  const user = await findSessionUser(db, userId, organizationId);
  if (!user) return null;
  const organization = await findOrganization(db, user.organizationId);
  if (!organization) return null;
  return { user, organization, workspaces: await workspacesOf(db, userId, user.organizationId) };
}

/**
 * The access-token claims of an identity (contracts `auth.ts` AuthClaims): `sub` user id, `org` the organization the
 * session works in, `adm` (isAdmin there), `email`, `emv` (address confirmed), `ws` = the user's memberships in that
 * organization's workspaces (workspace id as a decimal string → access level),
 * `reg` the organization's data region when it is not the default one.
 */
export function claimsOf(identity: Identity): AuthClaims {
  const ws: Record<string, AccessLevel> = {};
  for (const workspace of identity.workspaces) ws[String(workspace.id)] = workspace.accessLevel;
  return {
    sub: String(identity.user.id),
    org: identity.organization.id,
    adm: identity.user.isAdmin,
    email: identity.user.email,
    emv: identity.user.emailVerified,
    ws,
    ...(identity.organization.dataRegion ? { reg: identity.organization.dataRegion } : {}),
  };
}

/**
 * Sets an organization's flags (spec 001 §2, §6) and billing status (spec 000 §2; an operator's internal call): each of `flags` given replaces the
 * stored one, the others stay. Answers the organization after the change.
 * @throws 404 `copy.auth.organizationNotFound` when there is no such organization.
 */
export async function setOrganizationFlags(
  db: DbOrTx,
  organizationId: number,
  flags: SetOrganizationFlagsBody,
): Promise<OrganizationSummary> {
  const changes: Partial<typeof organizations.$inferInsert> = {};
  if (flags.hasConversionKit !== undefined) changes.hasConversionKit = flags.hasConversionKit;
  if (flags.dataRegion !== undefined) changes.dataRegion = flags.dataRegion;
  if (flags.billingStatus !== undefined) changes.billingStatus = flags.billingStatus;
  if (flags.features !== undefined) changes.features = [...new Set(flags.features)].sort();
  if (Object.keys(changes).length > 0) await db.update(organizations).set(changes).where(eq(organizations.id, organizationId));
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw notFound(copy.auth.organizationNotFound);
  return organization;
}

/**
 * The caller's organization settings (spec 000 §2 "Settings and members"; `PATCH /admin/organizations/:organizationId`):
 * renames organization `organizationId` and sets its data region and feature flags, each only when given.
 * @returns the organization after the change
 * @throws 404 `copy.auth.organizationNotFound` when it is not the caller's organization (another one's is never
 *   revealed); 403 `copy.auth.adminOnly` when the caller is not its admin
 */
export async function updateOrganization(
  db: DbOrTx,
  caller: UserRecord,
  organizationId: number,
  body: UpdateOrganizationBody,
): Promise<OrganizationSummary> {
  if (caller.organizationId !== organizationId) throw notFound(copy.auth.organizationNotFound);
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  if (body.name !== undefined) await db.update(organizations).set({ name: body.name }).where(eq(organizations.id, organizationId));
  return setOrganizationFlags(db, organizationId, { dataRegion: body.dataRegion, features: body.features });
}

/**
 * Creates a user inside an existing organization (internal route; a stand-in for invitations), with the
 * given workspace memberships, in one transaction.
 * @throws 400 at `body.password` for a password `password-strength.ts` refuses; 404
 *   `copy.auth.organizationNotFound` when the organization does not exist; 404 `copy.flows.workspaceNotFound`
 *   when a listed workspace is not the organization's; 409 `copy.auth.emailTaken` when the email is taken.
 *   Nothing is stored on error.
 */
export async function createOrganizationUser(
  db: Db,
  organizationId: number,
  input: CreateOrganizationUserBody,
): Promise<User> {
  assertAcceptablePassword(input.password, input);
  if (!(await findOrganization(db, organizationId))) throw notFound(copy.auth.organizationNotFound);
  if (await emailExists(db, input.email)) throw conflict(copy.auth.emailTaken);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      organizationId,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      isAdmin: input.isAdmin,
      // Added by an admin of the organization, who vouches for the address (as an invitation would).
      emailVerifiedAt: new Date(),
    });
    for (const { workspaceId, accessLevel } of input.workspaces) {
      const [workspace] = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, organizationId)))
        .limit(1);
      if (!workspace) throw notFound(copy.flows.workspaceNotFound);
      await tx
        .insert(memberships)
        .values({ workspaceId, userId: user.id, accessLevel })
        .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { accessLevel } });
    }
    return publicUser(user);
  });
}
