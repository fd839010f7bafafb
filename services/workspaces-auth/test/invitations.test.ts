/**
 * Members and invitations (`src/domain/invitations.ts`, `src/routes/members.ts`; spec 000 §2 "Settings and members",
 * §6): an admin invites an address into chosen workspaces with a level each; the mail's link opens the accept page,
 * which creates the person's account in the organization with exactly that access, once; re-inviting, resending and
 * revoking make older links stop working; admins see every member's access and take it away per workspace; nobody
 * else does any of it, and a refused call stores nothing.
 */
import { sql } from 'drizzle-orm';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createWorkspace, deleteWorkspace } from '@formloom/contracts/api/workspaces-auth/admin';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  listMemberAccess,
  lookUpInvitation,
  removeWorkspaceMember,
  resendInvitation,
  revokeInvitation,
  type CreateInvitationBody,
  type MemberAccessResponse,
} from '@formloom/contracts/api/workspaces-auth/members';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { build, cookieHeader, nextAddress, sessionCookieOf, signUp, type Service } from './helpers';

const PUBLIC_URL = 'https://forms.example.com';

let service: Service;
beforeEach(async () => {
  service = await build({ PUBLIC_URL });
});
afterEach(async () => {
  await service.close();
});

interface MailRow {
  to_address: string;
  subject: string;
  text_body: string;
}

async function mailTo(email: string): Promise<MailRow[]> {
  const rows = rowsOf<MailRow>(await service.ctx.db.execute(sql`SELECT to_address, subject, text_body FROM system_mail ORDER BY id`));
  return rows.filter((row) => row.to_address === email);
}

/** The token of the last invitation link mailed to `email`. */
async function lastInvitationToken(email: string): Promise<string> {
  const text = (await mailTo(email)).at(-1)?.text_body ?? '';
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link mailed to ${email}`);
  const link = new URL(match[0]);
  expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/invitation`);
  return link.searchParams.get('token')!;
}

async function me(session: string) {
  const response = await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(session) }));
  expect(response.statusCode).toBe(200);
  return response.json<{ user: { email: string; isAdmin: boolean; emailVerified: boolean }; organizations: { id: number }[]; workspaces: Workspace[] }>();
}

async function invite(session: string, body: Partial<CreateInvitationBody> & { email: string; workspaces: CreateInvitationBody['workspaces'] }) {
  return service.app.inject(endpointRequest(createInvitation, { headers: cookieHeader(session), body }));
}

async function accept(token: string, overrides: Partial<{ firstName: string; lastName: string; password: string }> = {}) {
  return service.app.inject(
    endpointRequest(acceptInvitation, {
      body: { token, firstName: 'Grace', lastName: 'Hopper', password: 'compiler bugs are moths', ...overrides },
      remoteAddress: nextAddress(),
    }),
  );
}

async function lookUp(token: string) {
  return service.app.inject(endpointRequest(lookUpInvitation, { body: { token } }));
}

/** An admin with a second workspace 'Marketing': their session, first workspace and the new one. */
async function adminWithTwoWorkspaces() {
  const admin = await signUp(service, { firstName: 'Ada', lastName: 'Lovelace' });
  const [home] = (await me(admin.token)).workspaces;
  const created = await service.app.inject(
    endpointRequest(createWorkspace, { headers: cookieHeader(admin.token), body: { name: 'Marketing' } }),
  );
  expect(created.statusCode).toBe(201);
  return { ...admin, home: home!, marketing: created.json<{ workspace: Workspace }>().workspace };
}

describe('inviting a member by email', () => {
  it('mails a link that creates their account with exactly the access granted, once', async () => {
    const admin = await adminWithTwoWorkspaces();
    const email = 'grace@example.com';
    const invited = await invite(admin.token, {
      email: ' Grace@Example.com ',
      workspaces: [{ workspaceId: admin.marketing.id, accessLevel: 'read' }],
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      invitation: { email, isAdmin: false, invitedBy: 'Ada Lovelace', workspaces: [{ workspaceId: admin.marketing.id, accessLevel: 'read' }] },
    });

    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe(copy.members.mailSubject('Ada Lovelace', copy.auth.organizationName('Ada'), PRODUCT_NAME));
    const token = await lastInvitationToken(email);
    // Only the token's hash is stored.
    const stored = rowsOf<{ token_hash: string }>(await service.ctx.db.execute(sql`SELECT token_hash FROM invitations`));
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const listed = await service.app.inject(endpointRequest(listInvitations, { headers: cookieHeader(admin.token) }));
    expect(listed.json<{ invitations: { email: string }[] }>().invitations.map((row) => row.email)).toEqual([email]);

    const looked = await lookUp(token);
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toMatchObject({ invitation: { email, organizationName: copy.auth.organizationName('Ada'), invitedBy: 'Ada Lovelace' } });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ user: { email, firstName: 'Grace', lastName: 'Hopper', isAdmin: false, emailVerified: true } });
    const session = sessionCookieOf(accepted)!;
    const them = await me(session);
    expect(them.organizations.map((organization) => organization.id)).toEqual((await me(admin.token)).organizations.map((organization) => organization.id));
    expect(them.workspaces.map(({ id, accessLevel }) => ({ id, accessLevel }))).toEqual([{ id: admin.marketing.id, accessLevel: 'read' }]);

    // The link is spent, and the invitation is no longer pending.
    expect((await accept(token)).json().error.message).toBe(copy.members.invitationInvalid);
    expect((await lookUp(token)).statusCode).toBe(400);
    const after = await service.app.inject(endpointRequest(listInvitations, { headers: cookieHeader(admin.token) }));
    expect(after.json()).toEqual({ invitations: [] });

    // The admins' list shows the new member with their access.
    const access = await service.app.inject(endpointRequest(listMemberAccess, { headers: cookieHeader(admin.token) }));
    const body = access.json<MemberAccessResponse>();
    expect(body.members.map((member) => [member.email, member.isAdmin, member.workspaces])).toEqual([
      [admin.body.email, true, expect.arrayContaining([{ workspaceId: admin.home.id, accessLevel: 'write' }, { workspaceId: admin.marketing.id, accessLevel: 'write' }])],
      [email, false, [{ workspaceId: admin.marketing.id, accessLevel: 'read' }]],
    ]);
    expect(body.workspaces.map((workspace) => workspace.name)).toEqual(['Marketing', 'My workspace']);
  });

  it('makes an invited admin an admin, and skips a workspace deleted before they accept', async () => {
    const admin = await adminWithTwoWorkspaces();
    await invite(admin.token, {
      email: 'linus@example.com',
      isAdmin: true,
      workspaces: [
        { workspaceId: admin.home.id, accessLevel: 'limited' },
        { workspaceId: admin.marketing.id, accessLevel: 'write' },
      ],
    });
    const token = await lastInvitationToken('linus@example.com');
    const deleted = await service.app.inject(
      endpointRequest(deleteWorkspace, { headers: cookieHeader(admin.token), params: { workspaceId: admin.marketing.id } }),
    );
    expect(deleted.statusCode).toBe(200);
    const accepted = await accept(token, { firstName: 'Linus' });
    expect(accepted.statusCode).toBe(201);
    const them = await me(sessionCookieOf(accepted)!);
    expect(them.user.isAdmin).toBe(true);
    expect(them.workspaces.map(({ id, accessLevel }) => ({ id, accessLevel }))).toEqual([{ id: admin.home.id, accessLevel: 'limited' }]);
  });

  it('stops an older link when the address is invited again, the invitation resent or revoked', async () => {
    const admin = await adminWithTwoWorkspaces();
    const email = 'katherine@example.com';
    const grant = [{ workspaceId: admin.home.id, accessLevel: 'write' as const }];
    await invite(admin.token, { email, workspaces: grant });
    const first = await lastInvitationToken(email);
    const again = await invite(admin.token, { email, workspaces: grant });
    expect(again.statusCode).toBe(201);
    const second = await lastInvitationToken(email);
    expect((await lookUp(first)).statusCode).toBe(400);
    expect((await lookUp(second)).statusCode).toBe(200);

    const { id } = again.json<{ invitation: { id: string } }>().invitation;
    const resent = await service.app.inject(endpointRequest(resendInvitation, { headers: cookieHeader(admin.token), params: { invitationId: id } }));
    expect(resent.statusCode).toBe(200);
    const third = await lastInvitationToken(email);
    expect((await lookUp(second)).statusCode).toBe(400);
    expect((await lookUp(third)).statusCode).toBe(200);
    expect(await mailTo(email)).toHaveLength(3);

    const revoked = await service.app.inject(endpointRequest(revokeInvitation, { headers: cookieHeader(admin.token), params: { invitationId: id } }));
    expect(revoked.statusCode).toBe(200);
    expect((await accept(third)).json().error.message).toBe(copy.members.invitationInvalid);
    const twice = await service.app.inject(endpointRequest(revokeInvitation, { headers: cookieHeader(admin.token), params: { invitationId: id } }));
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error.message).toBe(copy.members.invitationNotFound);
  });

  it('refuses an expired link', async () => {
    const admin = await adminWithTwoWorkspaces();
    await invite(admin.token, { email: 'old@example.com', workspaces: [{ workspaceId: admin.home.id, accessLevel: 'read' }] });
    const token = await lastInvitationToken('old@example.com');
    await service.ctx.db.execute(sql`UPDATE invitations SET expires_at = now() - interval '1 second'`);
    expect((await lookUp(token)).json().error.message).toBe(copy.members.invitationInvalid);
    expect((await accept(token)).statusCode).toBe(400);
    const listed = await service.app.inject(endpointRequest(listInvitations, { headers: cookieHeader(admin.token) }));
    expect(listed.json()).toEqual({ invitations: [] });
  });

  it('keeps the link working after a refused password', async () => {
    const admin = await adminWithTwoWorkspaces();
    await invite(admin.token, { email: 'weak@example.com', workspaces: [{ workspaceId: admin.home.id, accessLevel: 'read' }] });
    const token = await lastInvitationToken('weak@example.com');
    const refused = await accept(token, { password: 'password' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details?.[0]?.path).toBe('body.password');
    expect((await lookUp(token)).statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(201);
  });

  it("refuses members, other organizations' workspaces and non-admins, storing and mailing nothing", async () => {
    const admin = await adminWithTwoWorkspaces();
    const other = await signUp(service, { firstName: 'Eve' });
    const [otherWorkspace] = (await me(other.token)).workspaces;
    const grant = [{ workspaceId: admin.home.id, accessLevel: 'write' as const }];

    const member = await invite(admin.token, { email: admin.body.email, workspaces: grant });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe(copy.members.alreadyMember);
    const foreign = await invite(admin.token, { email: 'x@example.com', workspaces: [{ workspaceId: otherWorkspace!.id, accessLevel: 'write' }] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(copy.flows.workspaceNotFound);
    const none = await invite(admin.token, { email: 'x@example.com', workspaces: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(copy.members.chooseWorkspace);
    expect(await mailTo('x@example.com')).toEqual([]);

    // A member who is not an admin: invited, accepted, then refused everything an admin does here.
    await invite(admin.token, { email: 'member@example.com', workspaces: grant });
    const accepted = await accept(await lastInvitationToken('member@example.com'));
    const session = sessionCookieOf(accepted)!;
    const refused = await invite(session, { email: 'y@example.com', workspaces: grant });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(copy.auth.adminOnly);
    for (const endpoint of [listInvitations, listMemberAccess]) {
      const response = await service.app.inject(endpointRequest(endpoint, { headers: cookieHeader(session) }));
      expect(response.statusCode).toBe(403);
    }
    const rows = rowsOf<{ n: number }>(await service.ctx.db.execute(sql`SELECT count(*)::int AS n FROM invitations`));
    expect(rows[0]!.n).toBe(0);
  });
});

describe("taking a member's access to a workspace away", () => {
  it('removes that workspace from their list; other organizations and non-admins cannot', async () => {
    const admin = await adminWithTwoWorkspaces();
    await invite(admin.token, {
      email: 'ken@example.com',
      workspaces: [
        { workspaceId: admin.home.id, accessLevel: 'write' },
        { workspaceId: admin.marketing.id, accessLevel: 'read' },
      ],
    });
    const accepted = await accept(await lastInvitationToken('ken@example.com'));
    const session = sessionCookieOf(accepted)!;
    const userId = accepted.json<{ user: { id: number } }>().user.id;

    const other = await signUp(service, { firstName: 'Eve' });
    const foreign = await service.app.inject(
      endpointRequest(removeWorkspaceMember, { headers: cookieHeader(other.token), params: { workspaceId: admin.marketing.id, userId } }),
    );
    expect(foreign.statusCode).toBe(404);
    const byMember = await service.app.inject(
      endpointRequest(removeWorkspaceMember, { headers: cookieHeader(session), params: { workspaceId: admin.marketing.id, userId: admin.user.id } }),
    );
    expect(byMember.statusCode).toBe(403);

    const removed = await service.app.inject(
      endpointRequest(removeWorkspaceMember, { headers: cookieHeader(admin.token), params: { workspaceId: admin.marketing.id, userId } }),
    );
    expect(removed.statusCode).toBe(200);
    expect((await me(session)).workspaces.map((workspace) => workspace.id)).toEqual([admin.home.id]);
    const again = await service.app.inject(
      endpointRequest(removeWorkspaceMember, { headers: cookieHeader(admin.token), params: { workspaceId: admin.marketing.id, userId } }),
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(copy.auth.memberNotFound);
  });
});
