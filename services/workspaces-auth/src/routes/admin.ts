/**
 * `/admin/workspaces`, `/admin/organizations` (list, change), `/admin/members`, `/admin/mobileEmail` (spec 000 §2, §3, §4, §6, §7, §9) — the endpoints of
 * `@formloom/contracts/api/workspaces-auth/admin`. The caller is read fresh from the database (`caller.ts`), so
 * `isAdmin` and memberships are current even when the token is a few minutes old.
 */
import {
  createWorkspace,
  deleteWorkspace,
  leaveOrganization,
  listMembers,
  listOrganizations,
  listWorkspaces,
  renameWorkspace,
  sendMobileEmail,
  setMember,
  setWorkspaceOrder,
  switchOrganization,
  updateOrganization,
} from '@formloom/contracts/api/workspaces-auth/admin';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import { organizationMembers, updateOrganization as changeOrganization, workspacesOf } from '../domain/accounts';
import * as organizations from '../domain/organizations';
import { sendMobileReminder } from '../domain/mobile-reminder';
import * as workspaces from '../domain/workspaces';
import { requireCaller, sessionTokenOf, setSessionCookie } from './caller';

/** The admin routes of workspaces-auth. */
export const adminRoutes = defineRoutes<AuthDeps>((router, { db, transact, config, systemMail }) => {
  /** 200 `{email, alreadySent}`: the small-screen reminder is queued, once per user (`domain/mobile-reminder.ts`). */
  router.handle(sendMobileEmail, async ({ auth }) => {
    const result = await sendMobileReminder(db, Number(auth.sub), config.PUBLIC_URL);
    if (!result.alreadySent) systemMail.kick();
    return result;
  });

  /** The caller's workspaces (memberships only, also for admins), in the caller's order, then by name. */
  router.handle(listWorkspaces, async ({ auth }) => {
    const caller = await requireCaller(auth, db);
    return { workspaces: await workspacesOf(db, caller.id, caller.organizationId) };
  });

  /** 201 `{workspace}` with `write` access for the caller; 403 for non-admins; 400 for a bad or reserved name. */
  router.handle(createWorkspace, async ({ auth, body }) => {
    const caller = await requireCaller(auth, db);
    return { workspace: await workspaces.createWorkspace(db, caller, body.name) };
  });

  /** `{workspace}` renamed, slug following; 403 for a `read`/`limited` member; 404 when not the caller's. */
  router.handle(renameWorkspace, async ({ auth, params, body }) => {
    const caller = await requireCaller(auth, db);
    return { workspace: await workspaces.renameWorkspace(db, caller, params.workspaceId, body.name) };
  });

  /** Deletes a workspace and emits `workspace.deleted`: 403 for non-admins; 404 outside the organization; 409 for the last one. */
  router.handle(deleteWorkspace, async ({ auth, params }) => {
    const caller = await requireCaller(auth, db);
    await workspaces.deleteWorkspace(transact, caller, params.workspaceId);
    return { success: true as const };
  });

  /** The caller's own sidebar order: `{workspaces}` in the new order; 404 when a listed id is not the caller's. */
  router.handle(setWorkspaceOrder, async ({ auth, body }) => {
    const caller = await requireCaller(auth, db);
    return { workspaces: await workspaces.setWorkspaceOrder(db, caller, body.workspaceIds) };
  });

  /** The caller's organizations by name, with their role in each and the current one marked. */
  router.handle(listOrganizations, async ({ auth }) => {
    const caller = await requireCaller(auth, db);
    return { organizations: await organizations.listOrganizationsOf(db, caller.id, caller.organizationId) };
  });

  /** `{organization}` + a new session cookie working in it; 404 when it is not one of the caller's. */
  router.handle(switchOrganization, async ({ auth, params, request, reply }) => {
    const caller = await requireCaller(auth, db);
    const { organization, session } = await organizations.switchOrganization(db, caller.id, params.organizationId, sessionTokenOf(request));
    setSessionCookie(request, reply, session);
    return { organization };
  });

  /** `{organization}` the session moved to + its new cookie; 404 not the caller's; 409 only organization or last admin. */
  router.handle(leaveOrganization, async ({ auth, params, request, reply }) => {
    const caller = await requireCaller(auth, db);
    const { organization, session } = await organizations.leaveOrganization(db, caller.id, params.organizationId, sessionTokenOf(request));
    setSessionCookie(request, reply, session);
    return { organization };
  });

  /** The organization's name, data region and features (its admins); 404 for another organization's id. */
  router.handle(updateOrganization, async ({ auth, params, body }) => {
    const caller = await requireCaller(auth, db);
    return { organization: await changeOrganization(db, caller, params.organizationId, body) };
  });

  /** Adds or changes a membership: 403 for non-admins; 404 for a workspace or email outside the organization. */
  router.handle(setMember, async ({ auth, body }) => {
    const caller = await requireCaller(auth, db);
    return { member: await workspaces.setMember(db, caller, body) };
  });

  /** The users of the caller's organization (the approval step's approver picker), for every member. */
  router.handle(listMembers, async ({ auth }) => {
    const caller = await requireCaller(auth, db);
    return { members: await organizationMembers(db, caller.organizationId) };
  });
});
