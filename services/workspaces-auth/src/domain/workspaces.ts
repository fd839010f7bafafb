/**
 * Workspaces and memberships managed by admins (spec 000 §3 Workspace, §6 roles and access levels).
 *
 * Decisions (the spec does not say): only admins (`isAdmin`) create workspaces, and the creator gets `write`
 * access; other members are added with `POST /admin/members` (same organization only). Workspace names are
 * not unique — the slug carries the id.
 */
import { and, eq } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { AccessLevel, Workspace } from '@formloom/contracts/entities/identity';
import type { Member } from '@formloom/contracts/api/workspaces-auth/admin';
import { workspaceSlug } from '@formloom/contracts/rules/slug';
import type { Db } from '@formloom/kit/db';
import { forbidden, notFound } from '@formloom/kit/errors';
import { memberships, users, workspaces } from '../db/schema';
import type { UserRecord } from './accounts';

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
    .where(and(eq(users.email, input.email), eq(users.organizationId, caller.organizationId)))
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
