/**
 * `/admin/members/access`, `/admin/workspaces/:workspaceId/members/:userId`, `/admin/invitations…` and
 * `/auth/invitations/…` (spec 000 §2 "Settings and members", §6) — the endpoints of
 * `@formloom/contracts/api/workspaces-auth/members` (`domain/invitations.ts`). The admin's record is read fresh from
 * the database (`caller.ts`): a demoted admin is refused at once. Accepting an invitation sets the session cookie, as
 * sign-up does, and is limited per client address as sign-ups are.
 */
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  listMemberAccess,
  joinInvitation,
  lookUpInvitation,
  removeMember,
  removeWorkspaceMember,
  resendInvitation,
  revokeInvitation,
  setMemberRole,
} from '@formloom/contracts/api/workspaces-auth/members';
import * as copy from '@formloom/contracts/copy';
import { INVITATION_SEND_MAX, INVITATION_SEND_WINDOW_MS } from '@formloom/contracts/limits';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import * as members from '../domain/invitations';
import * as organizations from '../domain/organizations';
import { requireCaller, sessionTokenOf, setSessionCookie } from './caller';

/** The member and invitation routes. */
export const memberRoutes = defineRoutes<AuthDeps>((router, { db, config, loginRateLimit, rateLimits, systemMail }) => {
  const sendLimit = rateLimits.limit({
    name: 'invitation-send',
    points: INVITATION_SEND_MAX,
    durationMs: INVITATION_SEND_WINDOW_MS,
    message: copy.auth.tooManyAttemptsLater,
  });

  /** `{members, workspaces}` (admins). */
  router.handle(listMemberAccess, async ({ auth }) => members.listMemberAccess(db, await requireCaller(auth, db)));

  /** Takes one workspace's access away (admins); 404 outside the organization or without access there. */
  router.handle(removeWorkspaceMember, async ({ auth, params }) => {
    await members.removeWorkspaceMember(db, await requireCaller(auth, db), params.workspaceId, params.userId);
    return { success: true as const };
  });

  /** Takes a member out of the organization (admins): 400 themself; 404 not a member. */
  router.handle(removeMember, async ({ auth, params }) => {
    await organizations.removeMember(db, await requireCaller(auth, db), params.userId);
    return { success: true as const };
  });

  /** Gives or takes the admin role (admins): 404 not a member; 409 for the last admin. */
  router.handle(setMemberRole, async ({ auth, params, body }) => {
    await organizations.setMemberRole(db, await requireCaller(auth, db), params.userId, body.isAdmin);
    return { success: true as const };
  });

  /** `{invitations}` pending (admins). */
  router.handle(listInvitations, async ({ auth }) => ({ invitations: await members.listInvitations(db, await requireCaller(auth, db)) }));

  /** 201 `{invitation}` with its mail queued (admins); 404, 409 as the contract says; 429 past the sending limit. */
  router.handle(createInvitation, async ({ auth, body, reply }) => {
    const caller = await requireCaller(auth, db);
    if (caller.isAdmin) await sendLimit.enforce(reply, `user:${caller.id}`);
    const invitation = await members.createInvitation(db, caller, body, config.PUBLIC_URL);
    systemMail.kick();
    return { invitation };
  });

  /** `{invitation}` mailed again with a new link (admins); 404 when not pending; 429 past the sending limit. */
  router.handle(resendInvitation, async ({ auth, params, reply }) => {
    const caller = await requireCaller(auth, db);
    if (caller.isAdmin) await sendLimit.enforce(reply, `user:${caller.id}`);
    const invitation = await members.resendInvitation(db, caller, params.invitationId, config.PUBLIC_URL);
    systemMail.kick();
    return { invitation };
  });

  /** Revokes a pending invitation (admins). */
  router.handle(revokeInvitation, async ({ auth, params }) => {
    await members.revokeInvitation(db, await requireCaller(auth, db), params.invitationId);
    return { success: true as const };
  });

  /** What a link is for; 400 `copy.members.invitationInvalid`. */
  router.handle(lookUpInvitation, async ({ body }) => ({ invitation: await members.lookUpInvitation(db, body.token) }));

  /** `{organization}` joined + a new session cookie in it; 400 invalid link; 403 another address's invitation. */
  router.handle(joinInvitation, async ({ auth, body, request, reply }) => {
    const caller = await requireCaller(auth, db);
    const { organization, session } = await members.joinInvitation(db, caller, body, sessionTokenOf(request));
    setSessionCookie(request, reply, session);
    return { organization };
  });

  /** 201 `{user}` + cookie; 400 invalid link or password; 409 an account has the address (it joins); 429 per address. */
  router.handle(acceptInvitation, async ({ body, request, reply }) => {
    await loginRateLimit.signup(request, reply);
    const { user, session } = await members.acceptInvitation(db, body);
    setSessionCookie(request, reply, session);
    return { user };
  });
});
