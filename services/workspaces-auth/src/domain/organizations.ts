/**
 * A user's organizations (spec 000 §1 "Organizations contain workspaces and users can switch organization when
 * permitted", §2 'Switch organization', §7 `GET /admin/organizations`; docs/architecture.md §5 "Organizations"): the
 * list, switching the session to another one, leaving one, and an admin removing a member or changing their role.
 *
 * A user belongs to organizations through `organization_members` (with their role in each); each session works in
 * one (`sessions.organization_id`) and the access token names it (`org`, `adm`, and `ws` = that organization's
 * workspaces only). Switching and leaving replace the caller's session with a new one: the gateway caches the token of
 * a session cookie for a few seconds, and a new cookie is never served the old organization's token.
 */
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { MyOrganization } from '@formloom/contracts/api/workspaces-auth/admin';
import type { OrganizationSummary } from '@formloom/contracts/api/workspaces-auth/auth';
import type { Db, DbOrTx, Tx } from '@formloom/kit/db';
import { conflict, forbidden, invalid, notFound } from '@formloom/kit/errors';
import { memberships, organizationMemberships, organizations, sessions, users, workspaces } from '../db/schema';
import { findOrganization, type UserRecord } from './accounts';
import { createSession, deleteSession, type NewSession } from './sessions';

/**
 * Every organization `userId` belongs to, with their role in it and whether it is `currentOrganizationId` (the one
 * their session works in), by name (case-insensitive), then id.
 */
export async function listOrganizationsOf(db: DbOrTx, userId: number, currentOrganizationId: number): Promise<MyOrganization[]> {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      hasConversionKit: organizations.hasConversionKit,
      dataRegion: organizations.dataRegion,
      billingStatus: organizations.billingStatus,
      features: organizations.features,
      isAdmin: organizationMemberships.isAdmin,
    })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .where(eq(organizationMemberships.userId, userId))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
  return rows.map((row) => ({ ...row, isCurrent: row.id === currentOrganizationId }));
}

/** How many organizations `userId` belongs to (the 'Switch organization' flag: more than one). */
export async function countOrganizationsOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizationMemberships).where(eq(organizationMemberships.userId, userId));
  return row?.n ?? 0;
}

/** Whether `userId` is a member of `organizationId`, and as what; `null` when they are not. */
async function membershipOf(db: DbOrTx, userId: number, organizationId: number): Promise<{ isAdmin: boolean } | null> {
  const [row] = await db
    .select({ isAdmin: organizationMemberships.isAdmin })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), eq(organizationMemberships.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

/**
 * Ends session `oldToken` (when given) and starts one for `userId` working in `organizationId`, which also becomes the
 * organization their next sign-in opens (`users.organization_id`). In `tx`, with the change that called for it.
 */
export async function moveSession(tx: Tx, userId: number, organizationId: number, oldToken: string | undefined): Promise<NewSession> {
  if (oldToken) await deleteSession(tx, oldToken);
  await tx.update(users).set({ organizationId }).where(eq(users.id, userId));
  return createSession(tx, userId, new Date(), organizationId);
}

/**
 * Switches the caller's session (`oldToken`) to organization `organizationId` of theirs.
 * @returns the organization and the new session (for the cookie)
 * @throws 404 `copy.auth.organizationNotFound` when the caller is not a member of it (another organization is never
 *   revealed)
 */
export async function switchOrganization(
  db: Db,
  userId: number,
  organizationId: number,
  oldToken: string | undefined,
): Promise<{ organization: OrganizationSummary; session: NewSession }> {
  return db.transaction(async (tx) => {
    if (!(await membershipOf(tx, userId, organizationId))) throw notFound(copy.auth.organizationNotFound);
    const organization = await findOrganization(tx, organizationId);
    if (!organization) throw notFound(copy.auth.organizationNotFound);
    return { organization, session: await moveSession(tx, userId, organizationId, oldToken) };
  });
}

/** Locks organization `organizationId`'s row (its member and role changes run one at a time: the last-admin rule). */
async function lockOrganization(tx: Tx, organizationId: number): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
}

/** The number of admins of `organizationId` other than `userId`. */
async function otherAdmins(tx: Tx, organizationId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.isAdmin, true),
        ne(organizationMemberships.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes user `userId` out of organization `organizationId` in `tx`: their memberships of its workspaces and their role.
 * Their sessions working in it move to their other organizations when next used (`findSessionUser`); when it was their
 * last organization, the account is deleted (sessions, links and the rest with it).
 * @returns whether the account was deleted
 */
async function takeOut(tx: Tx, userId: number, organizationId: number): Promise<boolean> {
  const inOrganization = tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.organizationId, organizationId));
  await tx.delete(memberships).where(and(eq(memberships.userId, userId), inArray(memberships.workspaceId, inOrganization)));
  await tx
    .delete(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), eq(organizationMemberships.organizationId, organizationId)));
  const [next] = await tx
    .select({ organizationId: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId))
    .orderBy(asc(organizationMemberships.createdAt), asc(organizationMemberships.organizationId))
    .limit(1);
  if (!next) {
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  }
  await tx.update(users).set({ organizationId: next.organizationId }).where(and(eq(users.id, userId), eq(users.organizationId, organizationId)));
  await tx.update(sessions).set({ organizationId: null }).where(and(eq(sessions.userId, userId), eq(sessions.organizationId, organizationId)));
  return false;
}

/**
 * The caller leaves organization `organizationId` (its workspaces with it); their session (`oldToken`) is replaced by
 * one in the organization they joined first among those left.
 * @returns the organization the new session works in, and the session (for the cookie)
 * @throws 404 `copy.auth.organizationNotFound` when the caller is not a member; 409 `copy.organizations.onlyOrganization`
 *   when it is their only one, `copy.organizations.lastAdmin` when they are its only admin. Nothing changes then.
 */
export async function leaveOrganization(
  db: Db,
  userId: number,
  organizationId: number,
  oldToken: string | undefined,
): Promise<{ organization: OrganizationSummary; session: NewSession }> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const membership = await membershipOf(tx, userId, organizationId);
    if (!membership) throw notFound(copy.auth.organizationNotFound);
    if ((await countOrganizationsOf(tx, userId)) <= 1) throw conflict(copy.organizations.onlyOrganization);
    if (membership.isAdmin && (await otherAdmins(tx, organizationId, userId)) === 0) throw conflict(copy.organizations.lastAdmin);
    await takeOut(tx, userId, organizationId);
    const [user] = await tx.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
    const organization = await findOrganization(tx, user!.organizationId);
    return { organization: organization!, session: await moveSession(tx, userId, user!.organizationId, oldToken) };
  });
}

/**
 * An admin removes member `userId` from the caller's organization (`takeOut`: their workspace memberships and role;
 * the account itself when it was their only organization). Their forms stay.
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin; 400 `copy.members.cannotRemoveSelf` for the
 *   caller themself (they leave instead); 404 `copy.auth.memberNotFound` for someone who is not a member.
 */
export async function removeMember(db: Db, caller: UserRecord, userId: number): Promise<void> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  if (userId === caller.id) throw invalid(copy.members.cannotRemoveSelf);
  await db.transaction(async (tx) => {
    await lockOrganization(tx, caller.organizationId);
    if (!(await membershipOf(tx, userId, caller.organizationId))) throw notFound(copy.auth.memberNotFound);
    await takeOut(tx, userId, caller.organizationId);
  });
}

/**
 * An admin makes member `userId` of the caller's organization an admin, or takes the role away (themself included, while
 * another admin remains).
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin; 404 `copy.auth.memberNotFound` for someone who is
 *   not a member; 409 `copy.members.lastAdmin` when no admin would remain.
 */
export async function setMemberRole(db: Db, caller: UserRecord, userId: number, isAdmin: boolean): Promise<void> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  await db.transaction(async (tx) => {
    await lockOrganization(tx, caller.organizationId);
    if (!(await membershipOf(tx, userId, caller.organizationId))) throw notFound(copy.auth.memberNotFound);
    if (!isAdmin && (await otherAdmins(tx, caller.organizationId, userId)) === 0) throw conflict(copy.members.lastAdmin);
    await tx
      .update(organizationMemberships)
      .set({ isAdmin })
      .where(and(eq(organizationMemberships.userId, userId), eq(organizationMemberships.organizationId, caller.organizationId)));
  });
}

/** Adds user `userId` to organization `organizationId` in `tx` (as admin or not); a member already keeps their role. */
export async function addToOrganization(tx: Tx, userId: number, organizationId: number, isAdmin: boolean): Promise<void> {
  await tx.insert(organizationMemberships).values({ organizationId, userId, isAdmin }).onConflictDoNothing();
}
