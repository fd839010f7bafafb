/**
 * Members and invitations (spec 000 §2 "Settings and members" with its invite dialog; §6 access levels), the calls of
 * `@formloom/contracts/api/workspaces-auth/members`.
 *
 * An admin invites an address into workspaces of their organization, each with a level. The invitation mail links to
 * the web app's accept page (`<PUBLIC_URL>/invitation?token=<32 random bytes, base64url>`); only the token's SHA-256 is
 * stored. Accepting creates the person's account in the organization — the address counts as confirmed, the mail
 * reached it — with exactly the access granted (workspaces deleted meanwhile are skipped), spends the invitation and
 * starts a session, in one transaction. An address that has an account already (in another organization) joins with
 * it instead: signed in as that address, `joinInvitation` adds them to the organization with the access granted and
 * moves their session there. A link works once, for `INVITATION_TTL_MS`; inviting the same address again, resending or
 * revoking makes the older link stop working. Decision (the spec does not say): an organization holds at most
 * `INVITATIONS_PENDING_MAX` pending invitations.
 */
import { and, asc, count, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import type { User } from '@formloom/contracts/entities/identity';
import type {
  AcceptInvitationBody,
  CreateInvitationBody,
  JoinInvitationBody,
  Invitation,
  InvitationLookupResponse,
  MemberAccessResponse,
  WorkspaceGrant,
} from '@formloom/contracts/api/workspaces-auth/members';
import { INVITATION_TTL_MS, INVITATIONS_PENDING_MAX } from '@formloom/contracts/limits';
import type { Db, DbOrTx } from '@formloom/kit/db';
import { conflict, forbidden, invalid, notFound } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { escapeHtml } from '@formloom/kit/mail';
import { invitations, memberships, organizationMemberships, organizations, users, workspaces } from '../db/schema';
import type { OrganizationSummary } from '@formloom/contracts/api/workspaces-auth/auth';
import { findOrganization, insertUser, publicUser, type UserRecord } from './accounts';
import { addToOrganization, moveSession } from './organizations';
import { assertAcceptablePassword } from './password-strength';
import { hashPassword } from './passwords';
import { createSession, hashSessionToken, newSessionToken, type NewSession } from './sessions';
import { queueSystemMail } from './system-mail';

/** The web app's accept page (`web/src/config/paths.ts` `invitation`). */
export const INVITATION_PAGE = '/invitation';

/** The accept link of `token` under `publicUrl` (the product's public origin, `PUBLIC_URL`). */
export function invitationLink(publicUrl: string, token: string): string {
  const url = new URL(INVITATION_PAGE, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** @throws 403 `copy.auth.adminOnly` unless `caller` is an admin of their organization. */
function assertAdmin(caller: UserRecord): void {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
}

/** "First Last" (trimmed), or '' for no user. */
function fullName(user: { firstName: string | null; lastName: string | null } | undefined): string {
  return `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
}

/**
 * Every member of the caller's organization with their access per workspace, by first name, last name
 * (case-insensitive) and id, and every workspace of the organization by name.
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin
 */
export async function listMemberAccess(db: DbOrTx, caller: UserRecord): Promise<MemberAccessResponse> {
  assertAdmin(caller);
  const organizationId = caller.organizationId;
  const people = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, isAdmin: organizationMemberships.isAdmin })
    .from(users)
    .innerJoin(organizationMemberships, eq(organizationMemberships.userId, users.id))
    .where(eq(organizationMemberships.organizationId, organizationId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  const grants = await db
    .select({ userId: memberships.userId, workspaceId: memberships.workspaceId, accessLevel: memberships.accessLevel })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(workspaces.organizationId, organizationId))
    .orderBy(asc(memberships.workspaceId));
  const byUser = new Map<number, WorkspaceGrant[]>();
  for (const { userId, ...grant } of grants) byUser.set(userId, [...(byUser.get(userId) ?? []), grant]);
  const all = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.organizationId, organizationId))
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
  return { members: people.map((person) => ({ ...person, workspaces: byUser.get(person.userId) ?? [] })), workspaces: all };
}

/**
 * Takes user `userId`'s access to workspace `workspaceId` away (both of the caller's organization).
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin; 404 `copy.flows.workspaceNotFound` for a
 *   workspace outside the organization; 404 `copy.auth.memberNotFound` when the user has no access there
 */
export async function removeWorkspaceMember(db: DbOrTx, caller: UserRecord, workspaceId: number, userId: number): Promise<void> {
  assertAdmin(caller);
  const [workspace] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, caller.organizationId)))
    .limit(1);
  if (!workspace) throw notFound(copy.flows.workspaceNotFound);
  const removed = await db
    .delete(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId });
  if (removed.length === 0) throw notFound(copy.auth.memberNotFound);
}

/** The columns an admin sees of an invitation, with the inviter's name. */
const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  isAdmin: invitations.isAdmin,
  workspaces: invitations.workspaces,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  inviterFirstName: users.firstName,
  inviterLastName: users.lastName,
};

/** An invitation row (with its inviter's name) as the API shows it. */
function toInvitation(row: {
  id: string;
  email: string;
  isAdmin: boolean;
  workspaces: WorkspaceGrant[];
  createdAt: Date;
  expiresAt: Date;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}): Invitation {
  return {
    id: row.id,
    email: row.email,
    isAdmin: row.isAdmin,
    workspaces: row.workspaces,
    invitedBy: fullName({ firstName: row.inviterFirstName, lastName: row.inviterLastName }),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The caller's organization's pending invitations (not expired), newest first.
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin
 */
export async function listInvitations(db: DbOrTx, caller: UserRecord): Promise<Invitation[]> {
  assertAdmin(caller);
  const rows = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, caller.organizationId), gt(invitations.expiresAt, sql`now()`)))
    .orderBy(sql`${invitations.createdAt} DESC`, sql`${invitations.id} DESC`);
  return rows.map(toInvitation);
}

/** Queues the invitation mail of `token` to `email` in `tx`. */
async function queueInvitationMail(
  tx: DbOrTx,
  input: { email: string; token: string; inviter: string; organization: string; publicUrl: string },
): Promise<void> {
  const link = invitationLink(input.publicUrl, input.token);
  const days = Math.round(INVITATION_TTL_MS / 86_400_000);
  const intro = `${input.inviter} invited you to join ${input.organization} on ${PRODUCT_NAME}.`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.members.mailButton)}</a></p>` +
    `<p>${escapeHtml(`Or open this link: ${link}`)}</p>` +
    `<p>${escapeHtml(`The link works for ${days} days. If you did not expect this invitation, ignore this email.`)}</p>`;
  await queueSystemMail(tx, {
    to: input.email,
    subject: copy.members.mailSubject(input.inviter, input.organization, PRODUCT_NAME),
    text: copy.members.mailText(input.inviter, input.organization, PRODUCT_NAME, link, days),
    html,
  });
}

/** The name of organization `organizationId` ('' when gone). */
async function organizationName(tx: DbOrTx, organizationId: number): Promise<string> {
  const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

/**
 * Invites `input.email` into the caller's organization with the access `input.workspaces` (and admin rights when
 * `input.isAdmin`), replacing a pending invitation of the same address, and queues its mail with a link under
 * `publicUrl` — one transaction, under a lock of the organization's row (two invitations at once count right).
 * Deletes the organization's expired invitations on the way.
 * @returns the pending invitation
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin; 404 `copy.flows.workspaceNotFound` when a
 *   workspace is not the organization's; 409 `copy.members.alreadyMember` when the address is a member already,
 *   `copy.members.tooManyPending` at `INVITATIONS_PENDING_MAX` pending invitations. Nothing is stored then.
 */
export async function createInvitation(db: Db, caller: UserRecord, input: CreateInvitationBody, publicUrl: string): Promise<Invitation> {
  assertAdmin(caller);
  const organizationId = caller.organizationId;
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const ids = input.workspaces.map((grant) => grant.workspaceId);
    const [found] = await tx
      .select({ n: count() })
      .from(workspaces)
      .where(and(eq(workspaces.organizationId, organizationId), inArray(workspaces.id, ids)));
    if ((found?.n ?? 0) !== ids.length) throw notFound(copy.flows.workspaceNotFound);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(organizationMemberships, eq(organizationMemberships.userId, users.id))
      .where(and(eq(users.email, input.email), eq(organizationMemberships.organizationId, organizationId)))
      .limit(1);
    if (member) throw conflict(copy.members.alreadyMember);
    await tx.delete(invitations).where(and(eq(invitations.organizationId, organizationId), lte(invitations.expiresAt, sql`now()`)));
    const [pending] = await tx
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.organizationId, organizationId), ne(invitations.email, input.email)));
    if ((pending?.n ?? 0) >= INVITATIONS_PENDING_MAX) throw conflict(copy.members.tooManyPending(INVITATIONS_PENDING_MAX));
    await tx.delete(invitations).where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, input.email)));
    const token = newSessionToken();
    const [row] = await tx
      .insert(invitations)
      .values({
        id: uuidv7(),
        organizationId,
        email: input.email,
        tokenHash: hashSessionToken(token),
        isAdmin: input.isAdmin,
        workspaces: input.workspaces,
        invitedBy: caller.id,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning();
    const inviter = fullName(caller);
    await queueInvitationMail(tx, { email: input.email, token, inviter, organization: organization?.name ?? '', publicUrl });
    return toInvitation({ ...row!, inviterFirstName: caller.firstName, inviterLastName: caller.lastName });
  });
}

/**
 * Mails pending invitation `invitationId` of the caller's organization again, with a new link (the older stops
 * working) that works for `INVITATION_TTL_MS` from now; the caller becomes its inviter.
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin; 404 `copy.members.invitationNotFound` when it
 *   is not a pending invitation of the organization
 */
export async function resendInvitation(db: Db, caller: UserRecord, invitationId: string, publicUrl: string): Promise<Invitation> {
  assertAdmin(caller);
  return db.transaction(async (tx) => {
    const token = newSessionToken();
    const [row] = await tx
      .update(invitations)
      .set({ tokenHash: hashSessionToken(token), invitedBy: caller.id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
      .where(
        and(
          eq(invitations.id, invitationId),
          eq(invitations.organizationId, caller.organizationId),
          gt(invitations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) throw notFound(copy.members.invitationNotFound);
    const inviter = fullName(caller);
    const organization = await organizationName(tx, caller.organizationId);
    await queueInvitationMail(tx, { email: row.email, token, inviter, organization, publicUrl });
    return toInvitation({ ...row, inviterFirstName: caller.firstName, inviterLastName: caller.lastName });
  });
}

/**
 * Revokes pending invitation `invitationId` of the caller's organization: its link stops working.
 * @throws 403 `copy.auth.adminOnly` for a caller who is not an admin; 404 `copy.members.invitationNotFound` when it
 *   is not an invitation of the organization
 */
export async function revokeInvitation(db: DbOrTx, caller: UserRecord, invitationId: string): Promise<void> {
  assertAdmin(caller);
  const removed = await db
    .delete(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, caller.organizationId)))
    .returning({ id: invitations.id });
  if (removed.length === 0) throw notFound(copy.members.invitationNotFound);
}

/**
 * What the accept page shows for link token `token`: the invited address, the organization and who invited.
 * @throws 400 `copy.members.invitationInvalid` for an unknown, used, revoked or expired link
 */
export async function lookUpInvitation(db: DbOrTx, token: string): Promise<InvitationLookupResponse['invitation']> {
  const [row] = await db
    .select({
      email: invitations.email,
      organizationName: organizations.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      expiresAt: invitations.expiresAt,
      hasAccount: sql<boolean>`EXISTS (SELECT 1 FROM ${users} AS u WHERE u.email = ${invitations.email})`.mapWith(Boolean),
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.tokenHash, hashSessionToken(token)), gt(invitations.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) throw invalid(copy.members.invitationInvalid);
  return {
    email: row.email,
    organizationName: row.organizationName,
    invitedBy: fullName({ firstName: row.inviterFirstName, lastName: row.inviterLastName }),
    expiresAt: row.expiresAt.toISOString(),
    hasAccount: row.hasAccount,
  };
}

/**
 * Accepts the invitation of `input.token`: in one transaction creates the user (the invited address, confirmed; the
 * name and password given; admin when invited as one) in the organization, gives them the invitation's access in
 * the workspaces that still exist, deletes the invitation and starts a session.
 * @returns the new user and their session
 * @throws 400 at `body.password` for a password `password-strength.ts` refuses; 400 `copy.members.invitationInvalid`
 *   for an unknown, used, revoked or expired link; 409 `copy.members.accountExists` when an account with the address
 *   exists (it joins with {@link joinInvitation} instead). Nothing is stored then.
 */
export async function acceptInvitation(db: Db, input: AcceptInvitationBody): Promise<{ user: User; session: NewSession }> {
  const invitation = await lookUpInvitation(db, input.token);
  if (invitation.hasAccount) throw conflict(copy.members.accountExists);
  assertAcceptablePassword(input.password, { ...input, email: invitation.email });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(invitations)
      .where(and(eq(invitations.tokenHash, hashSessionToken(input.token)), gt(invitations.expiresAt, sql`now()`)))
      .returning();
    if (!row) throw invalid(copy.members.invitationInvalid);
    const user = await insertUser(tx, {
      organizationId: row.organizationId,
      email: row.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      isAdmin: row.isAdmin,
      // The invitation reached this address: it is confirmed.
      emailVerifiedAt: new Date(),
    });
    const grants = await liveGrants(tx, row.organizationId, row.workspaces);
    if (grants.length > 0) {
      await tx.insert(memberships).values(grants.map((grant) => ({ ...grant, userId: user.id })));
    }
    const session = await createSession(tx, user.id);
    return { user: publicUser(user), session };
  });
}

/**
 * The signed-in account `caller` (any of its organizations) joins with the invitation of `input.token`: in one
 * transaction it becomes a member of the organization (admin when invited as one; a member already keeps their role),
 * gets the invitation's access in the workspaces that still exist (an existing access level is replaced), the
 * invitation is spent and the session `oldToken` is replaced by one working in the organization.
 * @returns the organization and the new session (for the cookie)
 * @throws 400 `copy.members.invitationInvalid` for an unknown, used, revoked or expired link; 403
 *   `copy.members.wrongAccount(email)` when the caller's address is not the invited one. Nothing changes then.
 */
export async function joinInvitation(
  db: Db,
  caller: UserRecord,
  input: JoinInvitationBody,
  oldToken: string | undefined,
): Promise<{ organization: OrganizationSummary; session: NewSession }> {
  const invitation = await lookUpInvitation(db, input.token);
  if (invitation.email !== caller.email) throw forbidden(copy.members.wrongAccount(invitation.email));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(invitations)
      .where(and(eq(invitations.tokenHash, hashSessionToken(input.token)), gt(invitations.expiresAt, sql`now()`)))
      .returning();
    if (!row) throw invalid(copy.members.invitationInvalid);
    await addToOrganization(tx, caller.id, row.organizationId, row.isAdmin);
    for (const grant of await liveGrants(tx, row.organizationId, row.workspaces)) {
      await tx
        .insert(memberships)
        .values({ ...grant, userId: caller.id })
        .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { accessLevel: grant.accessLevel } });
    }
    const organization = await findOrganization(tx, row.organizationId);
    if (!organization) throw invalid(copy.members.invitationInvalid);
    return { organization, session: await moveSession(tx, caller.id, row.organizationId, oldToken) };
  });
}

/** The grants of `grants` whose workspace still exists in `organizationId` (deleted ones are skipped). */
async function liveGrants(tx: DbOrTx, organizationId: number, grants: readonly WorkspaceGrant[]): Promise<WorkspaceGrant[]> {
  const ids = grants.map((grant) => grant.workspaceId);
  if (ids.length === 0) return [];
  const existing = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.organizationId, organizationId), inArray(workspaces.id, ids)));
  const live = new Set(existing.map((workspace) => workspace.id));
  return grants.filter((grant) => live.has(grant.workspaceId));
}
