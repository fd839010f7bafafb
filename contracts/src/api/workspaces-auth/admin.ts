/**
 * Workspaces, organizations and members (spec 000 §2, §3, §6, §7). Workspaces and members are managed by the
 * admins of an organization (`isAdmin`); every member reads their own.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { AccessLevel, RESERVED_WORKSPACE_IDS, Workspace } from '../../entities/identity';
import { WORKSPACE_NAME_MAX_LENGTH } from '../../limits';
import { kebabCase } from '../../rules/slug';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { LoginBody, OrganizationSummary } from './auth';
import { requiredString } from './fields';

/** `GET /admin/workspaces` response: the caller's workspaces, as in {@link MeResponse}. */
export const WorkspacesResponse = z.object({ workspaces: z.array(Workspace) });
/** `{workspaces}`. */
export type WorkspacesResponse = z.infer<typeof WorkspacesResponse>;

/** `GET /admin/organizations` response (spec 000 §7). */
export const OrganizationsResponse = z.object({ organizations: z.array(OrganizationSummary) });
/** `{organizations}`. */
export type OrganizationsResponse = z.infer<typeof OrganizationsResponse>;

/** True when `name` would read as a reserved workspace id (`home`, `trash`; spec 000 §2) in kebab case. */
export function isReservedWorkspaceName(name: string): boolean {
  return (RESERVED_WORKSPACE_IDS as readonly string[]).includes(kebabCase(name));
}

/**
 * A workspace name: trimmed, 1..{@link WORKSPACE_NAME_MAX_LENGTH} characters, and not one whose kebab form
 * is a reserved id (`home`, `trash`: spec 000 §2; message `copy.auth.reservedWorkspaceId`). Names need not
 * be unique: the slug carries the id.
 */
export const WorkspaceName = requiredString()
  .trim()
  .min(1, { error: copy.validation.notEmpty })
  .max(WORKSPACE_NAME_MAX_LENGTH, { error: copy.validation.tooLong(WORKSPACE_NAME_MAX_LENGTH) })
  .refine((name) => !isReservedWorkspaceName(name), { error: copy.auth.reservedWorkspaceId });

/** `POST /admin/workspaces` body: `{name}`. */
export const CreateWorkspaceBody = z.object({ name: WorkspaceName });
/** `{name}` after parsing (trimmed). */
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBody>;

/** `POST /admin/workspaces` 201 response: the new workspace, with the creator's `write` access. */
export const WorkspaceResponse = z.object({ workspace: Workspace });
/** `{workspace}`. */
export type WorkspaceResponse = z.infer<typeof WorkspaceResponse>;

/**
 * `POST /admin/members` body: give the user with `email` (a user of the admin's organization) `accessLevel`
 * in `workspaceId` (a workspace of that organization). Adds the membership or changes its level.
 */
export const SetMemberBody = z.object({
  email: LoginBody.shape.email,
  workspaceId: z.number().int().positive(),
  accessLevel: AccessLevel,
});
/** `{email, workspaceId, accessLevel}` after parsing. */
export type SetMemberBody = z.infer<typeof SetMemberBody>;

/** A workspace membership: `{userId, workspaceId, accessLevel}`. */
export const Member = z.object({
  userId: z.number().int().positive(),
  workspaceId: z.number().int().positive(),
  accessLevel: AccessLevel,
});
/** A membership. */
export type Member = z.infer<typeof Member>;

/** `POST /admin/members` response: the membership as it now is. */
export const MemberResponse = z.object({ member: Member });
/** `{member}`. */
export type MemberResponse = z.infer<typeof MemberResponse>;


/**
 * A user of the caller's organization as a colleague sees them (the approver picker of the approval step, spec 001 §4,
 * §7 "A user-list fetch is dispatched when the approver picker mounts"): `{userId, email, firstName, lastName}`.
 */
export const OrganizationMember = z.object({
  userId: z.number().int().positive(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
/** A user of the organization. */
export type OrganizationMember = z.infer<typeof OrganizationMember>;

/** `GET /admin/members` response: the caller's organization's users, by first and last name. */
export const MembersResponse = z.object({ members: z.array(OrganizationMember) });
/** `{members}`. */
export type MembersResponse = z.infer<typeof MembersResponse>;


const adminOnly = errorResponse(`'${copy.auth.adminOnly}'.`);

/** `GET /admin/workspaces`: the caller's workspaces (memberships), sorted by name. */
export const listWorkspaces = defineEndpoint({
  id: 'workspaces.list',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/admin/workspaces',
  access: 'session',
  summary: 'List my workspaces',
  responses: { 200: okResponse(WorkspacesResponse) },
});

/** `POST /admin/workspaces`: admins create a workspace; the creator gets `write` access. */
export const createWorkspace = defineEndpoint({
  id: 'workspaces.create',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/workspaces',
  access: 'session',
  summary: 'Create a workspace',
  body: CreateWorkspaceBody,
  responses: { 201: okResponse(WorkspaceResponse), 403: adminOnly },
});

/** `GET /admin/organizations` (spec 000 §7): the caller's organizations. */
export const listOrganizations = defineEndpoint({
  id: 'organizations.list',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/admin/organizations',
  access: 'session',
  summary: 'List my organizations',
  responses: { 200: okResponse(OrganizationsResponse) },
});

/** `POST /admin/members`: admins give a user of their organization an access level in one of its workspaces. */
export const setMember = defineEndpoint({
  id: 'members.set',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/members',
  access: 'session',
  summary: 'Add a member or change their access',
  body: SetMemberBody,
  responses: {
    200: okResponse(MemberResponse),
    403: adminOnly,
    404: errorResponse('The workspace or the user is not in the caller\'s organization.'),
  },
});

/**
 * `GET /admin/members`: the users of the caller's organization (spec 001 §7 "A user-list fetch is dispatched when the
 * approver picker mounts", path not shown: ours), for any signed-in member — colleagues' names and addresses, as the
 * approver picker shows them.
 */
export const listMembers = defineEndpoint({
  id: 'members.list',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/admin/members',
  access: 'session',
  summary: "List my organization's users",
  responses: { 200: okResponse(MembersResponse) },
});
