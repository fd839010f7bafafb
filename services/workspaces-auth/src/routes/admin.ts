/**
 * `/admin/workspaces`, `/admin/organizations`, `/admin/members` (spec 000 §3, §6, §7). The caller is the
 * bearer JWT's user or the session cookie's (see `caller.ts`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateWorkspaceBody,
  MemberResponse,
  OrganizationsResponse,
  SetMemberBody,
  WorkspaceResponse,
  WorkspacesResponse,
} from '@formloom/contracts/http/workspaces-auth';
import type { Db } from '@formloom/kit/db';
import { unauthorized } from '@formloom/kit/errors';
import { findOrganization, workspacesOf } from '../domain/accounts';
import { createWorkspace, setMember } from '../domain/workspaces';
import { requireCaller } from './caller';

/** What the admin routes need. */
export interface AdminRoutesOptions {
  db: Db;
}

/** Registers the admin routes of workspaces-auth. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db }) => {
  /** The caller's workspaces (memberships only, also for admins), sorted by name. */
  app.get('/admin/workspaces', { schema: { response: { 200: WorkspacesResponse } } }, async (request) => {
    const caller = await requireCaller(request, db);
    return { workspaces: await workspacesOf(db, caller.id) };
  });

  /**
   * 201 `{workspace}` with `write` access for the caller. 403 `copy.auth.adminOnly` for non-admins; 400 at
   * `body.name` for a blank, too long or reserved (`home`, `trash`) name.
   */
  app.post(
    '/admin/workspaces',
    { schema: { body: CreateWorkspaceBody, response: { 201: WorkspaceResponse } } },
    async (request, reply) => {
      const caller = await requireCaller(request, db);
      const workspace = await createWorkspace(db, caller, request.body.name);
      return reply.code(201).send({ workspace });
    },
  );

  /** The caller's organizations: today exactly one (spec 000 §7 `GET /admin/organizations`). */
  app.get('/admin/organizations', { schema: { response: { 200: OrganizationsResponse } } }, async (request) => {
    const caller = await requireCaller(request, db);
    const organization = await findOrganization(db, caller.organizationId);
    if (!organization) throw unauthorized();
    return { organizations: [organization] };
  });

  /**
   * Admins give a user of their organization an access level in one of its workspaces (adds or changes the
   * membership): 200 `{member}`; 403 for non-admins; 404 for a workspace or email outside the organization.
   */
  app.post(
    '/admin/members',
    { schema: { body: SetMemberBody, response: { 200: MemberResponse } } },
    async (request) => {
      const caller = await requireCaller(request, db);
      return { member: await setMember(db, caller, request.body) };
    },
  );
};
