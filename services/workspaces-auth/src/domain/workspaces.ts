/**
 * Workspaces and memberships (spec 000 §2 Home page, §3 Workspace, §4 "Dragging", §6 roles and access levels).
 *
 * Decisions (the spec does not say): only admins (`isAdmin`) create and delete workspaces, and the creator gets
 * `write` access; other members are added with `POST /admin/members` (same organization only). A member with
 * `write` access renames a workspace (as they change its forms). Workspace names are not unique — the slug carries
 * the id. An organization keeps at least one workspace. Each member orders their own workspaces in the home
 * sidebar (`memberships.position`); nobody else's order changes.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { AccessLevel, Workspace } from '@formloom/contracts/entities/identity';
import type { Member } from '@formloom/contracts/api/workspaces-auth/admin';
import {
  WORKSPACE_DELETED,
  WORKSPACE_DELETED_VERSION,
  type WorkspaceDeletedData,
} from '@formloom/contracts/events/workspace-deleted';
import { allows } from '@formloom/contracts/rules/access';
import { workspaceSlug } from '@formloom/contracts/rules/slug';
import type { Db } from '@formloom/kit/db';
import { conflict, forbidden, notFound } from '@formloom/kit/errors';
import type { Transact } from '@formloom/kit/service';
import { apiKeys, memberships, organizationMemberships, organizations, users, workspaces } from '../db/schema';
import { workspacesOf, type UserRecord } from './accounts';

/**
 * Creates a workspace named `name` (already trimmed and checked against the reserved ids by the request
 * schema) in the caller's organization, with `write` access for the caller, in one transaction.
 * @throws 403 `copy.auth.adminOnly` when the caller is not an admin.
 */
export async function createWorkspace(db: Db, caller: UserRecord, name: string): Promise<Workspace> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workspaces)
      .values({ organizationId: caller.organizationId, name })
      .returning({ id: workspaces.id, name: workspaces.name });
    await tx.insert(memberships).values({ workspaceId: row!.id, userId: caller.id, accessLevel: 'write' });
    return { id: row!.id, name: row!.name, slug: workspaceSlug(row!.id, row!.name), accessLevel: 'write' };
  });
}

/**
 * Gives the user with `email` the access level `accessLevel` in `workspaceId` (adds the membership or
 * changes its level). Both must belong to the caller's organization.
 * @throws 403 `copy.auth.adminOnly` when the caller is not an admin; 404 `copy.flows.workspaceNotFound` when
 *   the workspace is not the organization's; 404 `copy.auth.memberNotFound` when no user of the
 *   organization has that email.
 */
export async function setMember(
  db: Db,
  caller: UserRecord,
  input: { email: string; workspaceId: number; accessLevel: AccessLevel },
): Promise<Member> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const [workspace] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.id, input.workspaceId), eq(workspaces.organizationId, caller.organizationId)))
    .limit(1);
  if (!workspace) throw notFound(copy.flows.workspaceNotFound);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(organizationMemberships, eq(organizationMemberships.userId, users.id))
    .where(and(eq(users.email, input.email), eq(organizationMemberships.organizationId, caller.organizationId)))
    .limit(1);
  if (!user) throw notFound(copy.auth.memberNotFound);
  await db
    .insert(memberships)
    .values({ workspaceId: workspace.id, userId: user.id, accessLevel: input.accessLevel })
    .onConflictDoUpdate({
      target: [memberships.workspaceId, memberships.userId],
      set: { accessLevel: input.accessLevel },
    });
  return { userId: user.id, workspaceId: workspace.id, accessLevel: input.accessLevel };
}

/**
 * Renames workspace `workspaceId` to `name` (already trimmed and checked by the request schema, as for
 * {@link createWorkspace}); the slug follows (`workspaceSlug`, spec 000 §2). The caller needs `write` access to it
 * (spec 000 §6), read from their membership now, not from their token. Answers the workspace as the caller sees it.
 * @throws 404 `copy.flows.workspaceNotFound` when the caller is no member of it (another organization's, or
 *   deleted meanwhile); 403 `copy.auth.writeAccessRequired` when their level is `read` or `limited`.
 */
export async function renameWorkspace(db: Db, caller: UserRecord, workspaceId: number, name: string): Promise<Workspace> {
  const [membership] = await db
    .select({ accessLevel: memberships.accessLevel })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.userId, caller.id),
        eq(workspaces.organizationId, caller.organizationId),
      ),
    )
    .limit(1);
  if (!membership) throw notFound(copy.flows.workspaceNotFound);
  if (!allows(membership.accessLevel, 'change')) throw forbidden(copy.auth.writeAccessRequired);
  const [row] = await db
    .update(workspaces)
    .set({ name })
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, caller.organizationId)))
    .returning({ id: workspaces.id, name: workspaces.name });
  if (!row) throw notFound(copy.flows.workspaceNotFound);
  return { id: row.id, name: row.name, slug: workspaceSlug(row.id, row.name), accessLevel: membership.accessLevel };
}

/**
 * Deletes workspace `workspaceId` of the caller's organization with its memberships, drops it from the
 * organization's API keys' workspace lists, and emits `workspace.deleted` v1 (`{workspaceId}`, key the id,
 * tenant the organization and the workspace) in the same transaction: flows deletes the workspace's forms. The
 * organization's row is locked first, so two deletes at once cannot remove its last two workspaces.
 * @throws 403 `copy.auth.adminOnly` when the caller is not an admin; 404 `copy.flows.workspaceNotFound` when the
 *   workspace is not the organization's (or was deleted meanwhile); 409 `copy.home.lastWorkspace` when it is the
 *   organization's only workspace. Nothing changes then.
 */
export async function deleteWorkspace(transact: Transact, caller: UserRecord, workspaceId: number): Promise<void> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const organizationId = caller.organizationId;
  await transact(async (tx, emit) => {
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    const [workspace] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, organizationId)))
      .limit(1);
    if (!workspace) throw notFound(copy.flows.workspaceNotFound);
    const [total] = await tx.select({ n: count() }).from(workspaces).where(eq(workspaces.organizationId, organizationId));
    if ((total?.n ?? 0) <= 1) throw conflict(copy.home.lastWorkspace);
    await tx.delete(memberships).where(eq(memberships.workspaceId, workspaceId));
    await tx
      .update(apiKeys)
      .set({ workspaceIds: sql`array_remove(${apiKeys.workspaceIds}, ${workspaceId}::integer)` })
      .where(and(eq(apiKeys.organizationId, organizationId), sql`${workspaceId}::integer = ANY(${apiKeys.workspaceIds})`));
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    await emit<WorkspaceDeletedData>({
      type: WORKSPACE_DELETED,
      version: WORKSPACE_DELETED_VERSION,
      key: String(workspaceId),
      tenant: { organizationId, workspaceId },
      data: { workspaceId },
    });
  });
}

/**
 * Sets the caller's own order of their workspaces in the home sidebar (spec 000 §4 "Workspaces can be reordered by
 * drag, except home and trash"): `workspaceIds` (distinct, checked by the request schema) come first, in that
 * order; the caller's other workspaces keep their relative order after them — those the caller ordered before
 * first, those never ordered stay unordered (after, by name). Only the caller's `memberships.position` change.
 * Answers the caller's workspaces in the new order ({@link workspacesOf}).
 * @throws 404 `copy.flows.workspaceNotFound` when a listed id is not one of the caller's workspaces; nothing
 *   changes then.
 */
export async function setWorkspaceOrder(db: Db, caller: UserRecord, workspaceIds: readonly number[]): Promise<Workspace[]> {
  await db.transaction(async (tx) => {
    // The caller's memberships, locked (two reorders of one user apply one after the other), in the current order.
    const current = await tx
      .select({ workspaceId: memberships.workspaceId, position: memberships.position })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, caller.id))
      .orderBy(sql`${memberships.position} ASC NULLS LAST`, sql`lower(${workspaces.name})`, workspaces.id)
      .for('update', { of: memberships });
    const mine = new Set(current.map((row) => row.workspaceId));
    if (workspaceIds.some((id) => !mine.has(id))) throw notFound(copy.flows.workspaceNotFound);
    const listed = new Set(workspaceIds);
    const ordered = [
      ...workspaceIds,
      ...current.filter((row) => !listed.has(row.workspaceId) && row.position !== null).map((row) => row.workspaceId),
    ];
    if (ordered.length === 0) return;
    const positions = ordered.map((id, index) => sql`(${id}::integer, ${index}::integer)`);
    await tx.execute(sql`
      UPDATE memberships AS m SET position = v.position
        FROM (VALUES ${sql.join(positions, sql`, `)}) AS v (workspace_id, position)
       WHERE m.user_id = ${caller.id} AND m.workspace_id = v.workspace_id`);
  });
  return workspacesOf(db, caller.id, caller.organizationId);
}
