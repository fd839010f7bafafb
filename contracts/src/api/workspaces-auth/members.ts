/**
 * Members and invitations (spec 000 §2 "Settings and members" with its invite dialog, §6 access levels; paths ours).
 * Admins (`isAdmin`) see every member of their organization with their access per workspace, change it, take it
 * away, and invite people by email: the invitation mail carries a link to the web app's accept page
 * (`/invitation?token=…`), where the invited person creates their account and lands in the organization with
 * exactly the access granted. Only the SHA-256 of a link's token is stored; a link works once, for
 * `INVITATION_TTL_MS`, and stops working when revoked or replaced by a newer invitation of the same address.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { AccessLevel } from '../../entities/identity';
import { EMAIL_VERIFICATION_TOKEN_MAX_LENGTH, INVITATION_WORKSPACES_MAX, INVITATIONS_PENDING_MAX } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { OrganizationResponse, WorkspaceId, WorkspaceParams } from './admin';
import { UserResponse } from './auth';
import { EmailAddress, FirstName, LastName, NewPassword, requiredString } from './fields';

/** One workspace and the access level there (spec 000 §6): `{workspaceId, accessLevel}`. */
export const WorkspaceGrant = z.object({ workspaceId: WorkspaceId, accessLevel: AccessLevel });
/** `{workspaceId, accessLevel}`. */
export type WorkspaceGrant = z.infer<typeof WorkspaceGrant>;

/**
 * A member of the organization as its admins manage them: `{userId, email, firstName, lastName, isAdmin, workspaces}`,
 * `workspaces` their memberships (every workspace of the organization they have access to, by workspace id).
 */
export const MemberAccess = z.object({
  userId: z.number().int().positive(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  workspaces: z.array(WorkspaceGrant),
});
/** A member with their access. */
export type MemberAccess = z.infer<typeof MemberAccess>;

/**
 * `GET /admin/members/access` response: the organization's members by first and last name, and its workspaces
 * (`{id, name}` by name) — all of them, also those the calling admin is no member of, so every access can be shown.
 */
export const MemberAccessResponse = z.object({
  members: z.array(MemberAccess),
  workspaces: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
});
/** `{members, workspaces}`. */
export type MemberAccessResponse = z.infer<typeof MemberAccessResponse>;

/** `DELETE /admin/workspaces/:workspaceId/members/:userId` path parameters. */
export const WorkspaceMemberParams = WorkspaceParams.extend({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
/** `{workspaceId, userId}`. */
export type WorkspaceMemberParams = z.infer<typeof WorkspaceMemberParams>;

/** `{success: true}`, as the other deletes answer. */
export const SuccessResponse = z.object({ success: z.literal(true) });

/**
 * `POST /admin/invitations` body: who (`email`, trimmed and lowercased), where (`workspaces`: 1..
 * `INVITATION_WORKSPACES_MAX` distinct workspaces of the organization with a level each; the home page's invite button
 * offers `write`, spec 000 §6) and whether they become an admin (`isAdmin`, default false).
 */
export const CreateInvitationBody = z.object({
  email: EmailAddress,
  workspaces: z
    .array(WorkspaceGrant)
    .min(1, { error: copy.members.chooseWorkspace })
    .max(INVITATION_WORKSPACES_MAX)
    .refine((grants) => new Set(grants.map((grant) => grant.workspaceId)).size === grants.length, {
      error: copy.members.workspaceTwice,
    }),
  isAdmin: z.boolean().default(false),
});
/** `{email, workspaces, isAdmin}` after parsing. */
export type CreateInvitationBody = z.infer<typeof CreateInvitationBody>;

/** A pending invitation as the organization's admins see it (never its link). Times are ISO 8601. */
export const Invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  isAdmin: z.boolean(),
  workspaces: z.array(WorkspaceGrant),
  /** Who sent it: their first and last name (empty when that user was deleted). */
  invitedBy: z.string(),
  createdAt: z.string(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
/** A pending invitation. */
export type Invitation = z.infer<typeof Invitation>;

/** `POST /admin/invitations` 201 and `…/resend` response. */
export const InvitationResponse = z.object({ invitation: Invitation });
/** `{invitation}`. */
export type InvitationResponse = z.infer<typeof InvitationResponse>;

/** `GET /admin/invitations` response: the organization's pending invitations, newest first. */
export const InvitationsResponse = z.object({ invitations: z.array(Invitation) });
/** `{invitations}`. */
export type InvitationsResponse = z.infer<typeof InvitationsResponse>;

/** `…/admin/invitations/:invitationId` path parameters. */
export const InvitationParams = z.object({ invitationId: z.uuid() });
/** `{invitationId}`. */
export type InvitationParams = z.infer<typeof InvitationParams>;

/** An invitation link's token, as the accept page read it from its URL. */
const InvitationToken = requiredString()
  .min(1, { error: copy.validation.notEmpty })
  .max(EMAIL_VERIFICATION_TOKEN_MAX_LENGTH, { error: copy.validation.tooLong(EMAIL_VERIFICATION_TOKEN_MAX_LENGTH) });

/** `POST /auth/invitations/lookup` body: `{token}` (in a body, not the path: paths are logged). */
export const InvitationLookupBody = z.object({ token: InvitationToken });
/** `{token}`. */
export type InvitationLookupBody = z.infer<typeof InvitationLookupBody>;

/** `POST /auth/invitations/lookup` response: what the accept page shows. */
export const InvitationLookupResponse = z.object({
  invitation: z.object({
    email: z.string(),
    organizationName: z.string(),
    invitedBy: z.string(),
    expiresAt: z.string(),
    /** An account with the invited address exists: it joins (`POST /auth/invitations/join`) instead of signing up. */
    hasAccount: z.boolean(),
  }),
});
/** `{invitation: {email, organizationName, invitedBy, expiresAt, hasAccount}}`. */
export type InvitationLookupResponse = z.infer<typeof InvitationLookupResponse>;

/** `POST /auth/invitations/accept` body: the link's token and the new account's name and password. */
export const AcceptInvitationBody = z.object({
  token: InvitationToken,
  firstName: FirstName,
  lastName: LastName,
  password: NewPassword,
});
/** `{token, firstName, lastName, password}` after parsing. */
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

const adminOnly = errorResponse(`'${copy.auth.adminOnly}'.`);
const invalidLink = errorResponse(`'${copy.members.invitationInvalid}': unknown, used, revoked or expired.`);

/** `GET /admin/members/access`: every member of the organization with their access per workspace (admins). */
export const listMemberAccess = defineEndpoint({
  id: 'members.access',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/admin/members/access',
  access: 'session',
  summary: "List my organization's members with their access",
  tags: ['members'],
  responses: { 200: okResponse(MemberAccessResponse), 403: adminOnly },
});

/**
 * `DELETE /admin/workspaces/:workspaceId/members/:userId`: admins take a member's access to one workspace away
 * (`POST /admin/members` gives or changes it). The member's forms stay in the workspace.
 */
export const removeWorkspaceMember = defineEndpoint({
  id: 'members.removeFromWorkspace',
  service: 'workspaces-auth',
  method: 'DELETE',
  path: '/admin/workspaces/:workspaceId/members/:userId',
  access: 'session',
  summary: "Remove a member's access to a workspace",
  tags: ['members'],
  params: WorkspaceMemberParams,
  responses: {
    200: okResponse(SuccessResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.flows.workspaceNotFound}' or '${copy.auth.memberNotFound}': not the caller's organization's.`),
  },
});

/** `DELETE /admin/members/:userId` and `POST /admin/members/:userId/role` path parameters. */
export const MemberParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
/** `{userId}`. */
export type MemberParams = z.infer<typeof MemberParams>;

/**
 * `DELETE /admin/members/:userId` (ours; spec 000 §2 "Settings and members"): admins take a member out of the
 * organization — every workspace membership of it and the role. Their forms stay. A person whose only organization it
 * was has no organization left, and their account is deleted.
 */
export const removeMember = defineEndpoint({
  id: 'members.remove',
  service: 'workspaces-auth',
  method: 'DELETE',
  path: '/admin/members/:userId',
  access: 'session',
  summary: 'Remove a member from my organization',
  tags: ['members'],
  params: MemberParams,
  responses: {
    200: okResponse(SuccessResponse),
    400: errorResponse(`'${copy.members.cannotRemoveSelf}'.`),
    403: adminOnly,
    404: errorResponse(`'${copy.auth.memberNotFound}': not a member of the caller's organization.`),
  },
});

/** `POST /admin/members/:userId/role` body: whether the member is an admin of the organization. */
export const MemberRoleBody = z.object({ isAdmin: z.boolean() });
/** `{isAdmin}`. */
export type MemberRoleBody = z.infer<typeof MemberRoleBody>;

/**
 * `POST /admin/members/:userId/role` (ours; spec 000 §6 admins): admins give or take a member's admin role. The last
 * admin keeps it (409), so an organization always has one.
 */
export const setMemberRole = defineEndpoint({
  id: 'members.role',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/members/:userId/role',
  access: 'session',
  summary: "Change a member's role",
  tags: ['members'],
  params: MemberParams,
  body: MemberRoleBody,
  responses: {
    200: okResponse(SuccessResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.auth.memberNotFound}': not a member of the caller's organization.`),
    409: errorResponse(`'${copy.members.lastAdmin}'.`),
  },
});

/** `GET /admin/invitations`: the organization's pending invitations (admins). */
export const listInvitations = defineEndpoint({
  id: 'invitations.list',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/admin/invitations',
  access: 'session',
  summary: 'List pending invitations',
  tags: ['members'],
  responses: { 200: okResponse(InvitationsResponse), 403: adminOnly },
});

/**
 * `POST /admin/invitations`: admins invite a person by email; the mail with the accept link is queued in the same
 * transaction. Inviting an address with a pending invitation replaces it (the older link stops working).
 */
export const createInvitation = defineEndpoint({
  id: 'invitations.create',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/invitations',
  access: 'session',
  summary: 'Invite a member by email',
  tags: ['members'],
  body: CreateInvitationBody,
  responses: {
    201: okResponse(InvitationResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.flows.workspaceNotFound}': a workspace is not the organization's.`),
    409: errorResponse(`'${copy.members.alreadyMember}', or too many pending invitations (${INVITATIONS_PENDING_MAX}).`),
  },
});

/** `POST /admin/invitations/:invitationId/resend`: mails a pending invitation again with a new link and expiry (admins). */
export const resendInvitation = defineEndpoint({
  id: 'invitations.resend',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/invitations/:invitationId/resend',
  access: 'session',
  summary: 'Resend an invitation',
  tags: ['members'],
  params: InvitationParams,
  responses: {
    200: okResponse(InvitationResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.members.invitationNotFound}'.`),
  },
});

/** `DELETE /admin/invitations/:invitationId`: revokes a pending invitation; its link stops working (admins). */
export const revokeInvitation = defineEndpoint({
  id: 'invitations.revoke',
  service: 'workspaces-auth',
  method: 'DELETE',
  path: '/admin/invitations/:invitationId',
  access: 'session',
  summary: 'Revoke an invitation',
  tags: ['members'],
  params: InvitationParams,
  responses: {
    200: okResponse(SuccessResponse),
    403: adminOnly,
    404: errorResponse(`'${copy.members.invitationNotFound}'.`),
  },
});

/** `POST /auth/invitations/lookup`: what an invitation link is for (the accept page). Public: the token is the secret. */
export const lookUpInvitation = defineEndpoint({
  id: 'invitations.lookup',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/invitations/lookup',
  access: 'public',
  summary: 'Read an invitation link',
  tags: ['auth'],
  body: InvitationLookupBody,
  responses: { 200: okResponse(InvitationLookupResponse), 400: invalidLink },
});

/**
 * `POST /auth/invitations/accept`: creates the invited person's account in the organization (address confirmed: the
 * mail reached them) with the memberships granted, spends the link and signs them in (the session cookie).
 */
export const acceptInvitation = defineEndpoint({
  id: 'invitations.accept',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/invitations/accept',
  access: 'public',
  summary: 'Accept an invitation',
  tags: ['auth'],
  body: AcceptInvitationBody,
  responses: {
    201: okResponse(UserResponse, 'The new user, signed in.'),
    400: invalidLink,
    409: errorResponse(`'${copy.members.accountExists}': an account with the invited address exists (it joins instead).`),
  },
});

/** `POST /auth/invitations/join` body: the link's token. */
export const JoinInvitationBody = z.object({ token: InvitationToken });
/** `{token}`. */
export type JoinInvitationBody = z.infer<typeof JoinInvitationBody>;

/**
 * `POST /auth/invitations/join`: the signed-in account of the invited address joins the organization with the access
 * granted, spends the link, and its session is replaced by one that works in that organization (a new cookie).
 */
export const joinInvitation = defineEndpoint({
  id: 'invitations.join',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/invitations/join',
  access: 'session',
  summary: 'Join an organization with my account',
  tags: ['auth'],
  body: JoinInvitationBody,
  responses: {
    200: okResponse(OrganizationResponse, 'The organization joined; the session works in it.'),
    400: invalidLink,
    403: errorResponse(`'${copy.members.wrongAccount('…')}': the invitation is for another address.`),
  },
});
