/**
 * Workspaces, organizations and members (spec 000 §2, §3, §4, §6, §7). Workspaces and members are created and
 * deleted by the admins of an organization (`isAdmin`); a member with `write` access renames a workspace; every
 * member reads their own and orders them in their home sidebar (spec 000 §4 "Dragging") for themself alone.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { AccessLevel, DataRegion, OrganizationFeature, RESERVED_WORKSPACE_IDS, Workspace } from '../../entities/identity';
import { ORGANIZATION_NAME_MAX_LENGTH, WORKSPACE_NAME_MAX_LENGTH } from '../../limits';
import { kebabCase } from '../../rules/slug';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { LoginBody, OrganizationSummary } from './auth';
import { requiredString } from './fields';

/** `GET /admin/workspaces` response: the caller's workspaces, as in {@link MeResponse}. */
export const WorkspacesResponse = z.object({ workspaces: z.array(Workspace) });
/** `{workspaces}`. */
export type WorkspacesResponse = z.infer<typeof WorkspacesResponse>;

/**
 * One of the caller's organizations in `GET /admin/organizations` (spec 000 §7, §1 "users can switch organization"):
 * the organization, the caller's role in it and whether it is the one their session works in now.
 */
export const MyOrganization = OrganizationSummary.extend({ isAdmin: z.boolean(), isCurrent: z.boolean() });
/** `{id, name, …, isAdmin, isCurrent}`. */
export type MyOrganization = z.infer<typeof MyOrganization>;

/** `GET /admin/organizations` response (spec 000 §7): the caller's organizations by name (case-insensitive), then id. */
export const OrganizationsResponse = z.object({ organizations: z.array(MyOrganization) });
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

/**
 * `POST /admin/workspaces` 201 response: the new workspace, with the creator's `write` access; also the answer of
 * `PATCH /admin/workspaces/:workspaceId` (the renamed workspace, its new slug, the caller's level).
 */
export const WorkspaceResponse = z.object({ workspace: Workspace });
/** `{workspace}`. */
export type WorkspaceResponse = z.infer<typeof WorkspaceResponse>;

/** ours: the largest workspace id (the `workspaces.id` column is a PostgreSQL `serial`, a 4-byte integer). */
export const WORKSPACE_ID_MAX = 2_147_483_647;

/** A workspace id in a body: a whole number 1..{@link WORKSPACE_ID_MAX}. */
export const WorkspaceId = z.number().int().positive().max(WORKSPACE_ID_MAX);

/** `PATCH|DELETE /admin/workspaces/:workspaceId` path parameters: `{workspaceId}` (decimal on the wire). */
export const WorkspaceParams = z.object({ workspaceId: z.coerce.number().int().positive().max(WORKSPACE_ID_MAX) });
/** `{workspaceId}` after parsing (a number). */
export type WorkspaceParams = z.infer<typeof WorkspaceParams>;

/**
 * `PATCH /admin/workspaces/:workspaceId` body: `{name}`, the same rules as creating one ({@link WorkspaceName}:
 * trimmed, 1..`WORKSPACE_NAME_MAX_LENGTH` characters, not reading as `home`/`trash`). The slug follows the name.
 */
export const RenameWorkspaceBody = z.object({ name: WorkspaceName });
/** `{name}` after parsing (trimmed). */
export type RenameWorkspaceBody = z.infer<typeof RenameWorkspaceBody>;

/** `DELETE /admin/workspaces/:workspaceId` response: `{success: true}` (as the other deletes answer). */
export const DeleteWorkspaceResponse = z.object({ success: z.literal(true) });
/** `{success: true}`. */
export type DeleteWorkspaceResponse = z.infer<typeof DeleteWorkspaceResponse>;

/** ours: `PUT /admin/workspaces/order` takes at most this many ids. */
export const WORKSPACE_ORDER_MAX_IDS = 1000;

/**
 * `PUT /admin/workspaces/order` body (spec 000 §4 "Workspaces can be reordered by drag, except home and trash"):
 * `{workspaceIds}`, the caller's workspaces in the order the home sidebar shows them, first first. Each id at most
 * once (`copy.home.workspaceListedTwice`), at most {@link WORKSPACE_ORDER_MAX_IDS}; the caller's workspaces left out
 * keep their relative order after the listed ones. `home` and `trash` are tabs, not workspaces: never listed.
 */
export const SetWorkspaceOrderBody = z.object({
  workspaceIds: z
    .array(WorkspaceId)
    .max(WORKSPACE_ORDER_MAX_IDS, { error: copy.validation.tooManyItems(WORKSPACE_ORDER_MAX_IDS) })
    .refine((ids) => new Set(ids).size === ids.length, { error: copy.home.workspaceListedTwice }),
});
/** `{workspaceIds}` after parsing. */
export type SetWorkspaceOrderBody = z.infer<typeof SetWorkspaceOrderBody>;

/** `PATCH /admin/organizations/:organizationId` path parameters. */
export const OrganizationParams = z.object({ organizationId: z.coerce.number().int().positive().max(2_147_483_647) });
/** `{organizationId}`. */
export type OrganizationParams = z.infer<typeof OrganizationParams>;

/**
 * `PATCH /admin/organizations/:organizationId` body (spec 000 §2 "Settings and members"; ours): any of the name
 * (trimmed, 1..`ORGANIZATION_NAME_MAX_LENGTH` characters), the data region (`EU_AGENT`, or `null` for the default one:
 * spec 001 §2 hides the AI category there) and the feature flags turned on (`ORGANIZATION_FEATURES`; the list
 * replaces the stored one). At least one of them.
 */
export const UpdateOrganizationBody = z
  .object({
    name: requiredString()
      .trim()
      .min(1, { error: copy.validation.notEmpty })
      .max(ORGANIZATION_NAME_MAX_LENGTH, { error: copy.validation.tooLong(ORGANIZATION_NAME_MAX_LENGTH) })
      .optional(),
    dataRegion: DataRegion.nullable().optional(),
    features: z.array(OrganizationFeature).max(50).optional(),
  })
  .refine((body) => body.name !== undefined || body.dataRegion !== undefined || body.features !== undefined, {
    error: copy.settings.organizationNothingToChange,
  });
/** `{name?, dataRegion?, features?}` after parsing. */
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

/** `PATCH /admin/organizations/:organizationId` response: the organization as it now is. */
export const OrganizationResponse = z.object({ organization: OrganizationSummary });
/** `{organization}`. */
export type OrganizationResponse = z.infer<typeof OrganizationResponse>;

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

/**
 * `GET /admin/workspaces`: the caller's workspaces (memberships), in the caller's own order (`PUT
 * /admin/workspaces/order`), those never ordered after the others by name (case-insensitive), then id.
 */
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

/**
 * `PATCH /admin/workspaces/:workspaceId`: renames a workspace (ours: spec 000 §2 shows workspaces by name, the
 * slug `<id>-<kebab name>` follows). Needs `write` access to it, read fresh from the database (spec 000 §6); 404
 * `copy.flows.workspaceNotFound` when it is not one of the caller's (another organization never learns it exists).
 */
export const renameWorkspace = defineEndpoint({
  id: 'workspaces.rename',
  service: 'workspaces-auth',
  method: 'PATCH',
  path: '/admin/workspaces/:workspaceId',
  access: 'session',
  summary: 'Rename a workspace',
  description: 'The caller needs `write` access to the workspace. Its slug follows the new name.',
  params: WorkspaceParams,
  body: RenameWorkspaceBody,
  responses: {
    200: okResponse(WorkspaceResponse),
    403: errorResponse(`'${copy.auth.writeAccessRequired}': the caller may only view the workspace.`),
    404: errorResponse(`'${copy.flows.workspaceNotFound}': not one of the caller's workspaces.`),
  },
});

/**
 * `DELETE /admin/workspaces/:workspaceId` (ours): admins delete a workspace of their organization with its
 * memberships, and `workspace.deleted` is emitted in the same transaction (flows deletes its forms). An
 * organization keeps at least one workspace: 409 `copy.home.lastWorkspace`.
 */
export const deleteWorkspace = defineEndpoint({
  id: 'workspaces.delete',
  service: 'workspaces-auth',
  method: 'DELETE',
  path: '/admin/workspaces/:workspaceId',
  access: 'session',
  summary: 'Delete a workspace',
  description: "Admins only. Its forms are deleted after it (the `workspace.deleted` event). The organization's last workspace cannot be deleted.",
  params: WorkspaceParams,
  responses: {
    200: okResponse(DeleteWorkspaceResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.flows.workspaceNotFound}': not a workspace of the caller's organization.`),
    409: errorResponse(`'${copy.home.lastWorkspace}'.`),
  },
});

/**
 * `PUT /admin/workspaces/order` (spec 000 §4 "Workspaces can be reordered by drag, except home and trash"; path
 * ours): the caller's own order of their workspaces in the home sidebar — each user has theirs. Answers the
 * caller's workspaces in the new order, as `GET /admin/workspaces` does.
 */
export const setWorkspaceOrder = defineEndpoint({
  id: 'workspaces.reorder',
  service: 'workspaces-auth',
  method: 'PUT',
  path: '/admin/workspaces/order',
  access: 'session',
  summary: 'Order my workspaces',
  description: "The listed workspaces come first, in the given order; the caller's others keep their relative order after them.",
  body: SetWorkspaceOrderBody,
  responses: {
    200: okResponse(WorkspacesResponse),
    404: errorResponse(`'${copy.flows.workspaceNotFound}': a listed workspace is not one of the caller's.`),
  },
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

/**
 * `POST /admin/organizations/:organizationId/switch` (ours; spec 000 §1, §2 'Switch organization'): the caller's session
 * is replaced by one that works in that organization (a new cookie, so no cached token of the old one is used again),
 * which also becomes the organization their next sign-in opens.
 */
export const switchOrganization = defineEndpoint({
  id: 'organizations.switch',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/organizations/:organizationId/switch',
  access: 'session',
  summary: 'Switch to another of my organizations',
  params: OrganizationParams,
  responses: {
    200: okResponse(OrganizationResponse, 'The organization the new session works in; the session cookie is replaced.'),
    404: errorResponse(`'${copy.auth.organizationNotFound}': not one of the caller's organizations.`),
  },
});

/**
 * `POST /admin/organizations/:organizationId/leave` (ours; spec 000 §2 "Settings and members"): the caller leaves one of
 * their organizations (its workspaces with it) and their session moves to another of theirs (a new cookie).
 */
export const leaveOrganization = defineEndpoint({
  id: 'organizations.leave',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/organizations/:organizationId/leave',
  access: 'session',
  summary: 'Leave one of my organizations',
  params: OrganizationParams,
  responses: {
    200: okResponse(OrganizationResponse, 'The organization the session works in now; the session cookie is replaced.'),
    404: errorResponse(`'${copy.auth.organizationNotFound}': not one of the caller's organizations.`),
    409: errorResponse(`'${copy.organizations.onlyOrganization}' or '${copy.organizations.lastAdmin}'.`),
  },
});

/**
 * `PATCH /admin/organizations/:organizationId` (ours; spec 000 §2 "Settings and members"): the organization's admins
 * rename it, choose its data region and turn its feature flags on or off. The other services see the data region in
 * the access token's `reg` claim once the caller's token is renewed (at most `ACCESS_TOKEN_TTL_SECONDS`).
 */
export const updateOrganization = defineEndpoint({
  id: 'organizations.update',
  service: 'workspaces-auth',
  method: 'PATCH',
  path: '/admin/organizations/:organizationId',
  access: 'session',
  summary: 'Change my organization',
  params: OrganizationParams,
  body: UpdateOrganizationBody,
  responses: {
    200: okResponse(OrganizationResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.auth.organizationNotFound}': not the caller's organization.`),
  },
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

/** `POST /admin/mobileEmail`'s answer: the address the reminder goes to, and whether one was sent before. */
export const MobileEmailResponse = z.object({
  email: z.string(),
  /** A reminder was sent earlier: it is sent once (spec 000 §9), so none was queued now. */
  alreadySent: z.boolean(),
});
/** `{email, alreadySent}`. */
export type MobileEmailResponse = z.infer<typeof MobileEmailResponse>;

/**
 * `POST /admin/mobileEmail` (spec 000 §7, no payload; 001 §7): from the small-screen editor notice, mails the caller a
 * link to continue building on a computer. Sent once per user (spec 000 §9 "a reminder e-mail can be sent once"):
 * a later call answers `alreadySent: true` and sends nothing.
 */
export const sendMobileEmail = defineEndpoint({
  id: 'users.mobileEmail',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/mobileEmail',
  access: 'session',
  summary: 'Email me a link to continue on a computer',
  responses: { 200: okResponse(MobileEmailResponse, 'The reminder is on its way to `email` (or was sent before).') },
});
