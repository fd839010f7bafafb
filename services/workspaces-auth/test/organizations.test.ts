/**
 * A user in several organizations (spec 000 §1 "users can switch organization when permitted", §2 'Switch
 * organization', §7 `GET /admin/organizations`; `domain/organizations.ts`): an account joins another organization by
 * invitation, lists and switches between its organizations (each session works in one, and its token names only that
 * one's workspaces), leaves one; admins change roles and remove members, never leaving an organization without an admin.
 */
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { getMe, logIn } from '@formloom/contracts/api/workspaces-auth/auth';
import { createWorkspace, leaveOrganization, listOrganizations, switchOrganization } from '@formloom/contracts/api/workspaces-auth/admin';
import {
  acceptInvitation,
  createInvitation,
  joinInvitation,
  lookUpInvitation,
  removeMember,
  setMemberRole,
} from '@formloom/contracts/api/workspaces-auth/members';
import * as copy from '@formloom/contracts/copy';
import type { AccessLevel, Workspace } from '@formloom/contracts/entities/identity';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { build, cookieHeader, exchange, nextAddress, sessionCookieOf, signUp, type Service } from './helpers';

let service: Service;
beforeEach(async () => {
  service = await build({ PUBLIC_URL: 'https://forms.example.com' });
});
afterEach(async () => {
  await service.close();
});

type Me = {
  user: { id: number; email: string; isAdmin: boolean };
  organizations: { id: number; name: string }[];
  canSwitchOrganization: boolean;
  workspaces: Workspace[];
};

async function me(session: string): Promise<Me> {
  const response = await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(session) }));
  expect(response.statusCode).toBe(200);
  return response.json<Me>();
}

/** The token of the last invitation link mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const rows = rowsOf<{ to_address: string; text_body: string }>(await service.ctx.db.execute(sql`SELECT to_address, text_body FROM system_mail ORDER BY id`));
  const text = rows.filter((row) => row.to_address === email).at(-1)?.text_body ?? '';
  return new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;
}

/** `admin` invites `email` into `workspaceId` at `accessLevel`; the link's token. */
async function invite(admin: string, email: string, workspaceId: number, accessLevel: AccessLevel = 'write', isAdmin = false): Promise<string> {
  const response = await service.app.inject(
    endpointRequest(createInvitation, { headers: cookieHeader(admin), body: { email, isAdmin, workspaces: [{ workspaceId, accessLevel }] } }),
  );
  expect(response.statusCode).toBe(201);
  return invitationToken(email);
}

/** `session` joins with invitation `token`; the new session token. */
async function join(session: string, token: string): Promise<string> {
  const response = await service.app.inject(endpointRequest(joinInvitation, { headers: cookieHeader(session), body: { token } }));
  expect(response.statusCode).toBe(200);
  return sessionCookieOf(response)!;
}

/** Ada's organization with a 'Launch' workspace; Grace, who has her own organization, joins it with read access to Launch. */
async function twoOrganizations() {
  const ada = await signUp(service, { firstName: 'Ada', lastName: 'Lovelace' });
  const created = await service.app.inject(endpointRequest(createWorkspace, { headers: cookieHeader(ada.token), body: { name: 'Launch' } }));
  const launch = created.json<{ workspace: Workspace }>().workspace;
  const grace = await signUp(service, { firstName: 'Grace', lastName: 'Hopper' });
  const graceOwn = (await me(grace.token)).organizations[0]!;
  const adaOrganization = (await me(ada.token)).organizations[0]!;
  const token = await invite(ada.token, grace.body.email, launch.id, 'read');
  const joined = await join(grace.token, token);
  return { ada, grace: { ...grace, token: joined, oldToken: grace.token }, launch, graceOwn, adaOrganization };
}

describe('an existing account invited to another organization', () => {
  it('joins with its own account and works there, with exactly the access granted', async () => {
    const ada = await signUp(service, { firstName: 'Ada' });
    const created = await service.app.inject(endpointRequest(createWorkspace, { headers: cookieHeader(ada.token), body: { name: 'Launch' } }));
    const launch = created.json<{ workspace: Workspace }>().workspace;
    const grace = await signUp(service, { firstName: 'Grace' });
    const alan = await signUp(service, { firstName: 'Alan' });
    const token = await invite(ada.token, grace.body.email, launch.id, 'read');

    const looked = await service.app.inject(endpointRequest(lookUpInvitation, { body: { token } }));
    expect(looked.json()).toMatchObject({ invitation: { email: grace.body.email, hasAccount: true } });
    // A second account for the address is refused; another account cannot spend the link.
    const second = await service.app.inject(
      endpointRequest(acceptInvitation, { body: { token, firstName: 'G', lastName: 'H', password: 'compiler bugs are moths' }, remoteAddress: nextAddress() }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(copy.members.accountExists);
    const wrong = await service.app.inject(endpointRequest(joinInvitation, { headers: cookieHeader(alan.token), body: { token } }));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(copy.members.wrongAccount(grace.body.email));
    expect((await service.app.inject(endpointRequest(joinInvitation, { body: { token } }))).statusCode).toBe(401);

    const joined = await join(grace.token, token);
    // The old session is over; the new one works in Ada's organization.
    expect((await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(grace.token) }))).statusCode).toBe(401);
    const view = await me(joined);
    expect(view.organizations.map((organization) => organization.name)).toEqual([copy.auth.organizationName('Ada')]);
    expect(view.workspaces.map(({ name, accessLevel }) => ({ name, accessLevel }))).toEqual([{ name: 'Launch', accessLevel: 'read' }]);
    expect(view.user.isAdmin).toBe(false);
    expect(view.canSwitchOrganization).toBe(true);
    const claims = decodeJwt(await exchange(service, joined));
    expect(claims).toMatchObject({ org: view.organizations[0]!.id, adm: false, ws: { [String(launch.id)]: 'read' } });
    // The link works once.
    expect((await service.app.inject(endpointRequest(lookUpInvitation, { body: { token } }))).statusCode).toBe(400);
  });
});

describe('switching organization', () => {
  it('lists both organizations and moves the session from one to the other; the next sign-in opens the last one', async () => {
    const { grace, graceOwn, adaOrganization } = await twoOrganizations();
    const listed = await service.app.inject(endpointRequest(listOrganizations, { headers: cookieHeader(grace.token) }));
    expect(listed.json<{ organizations: object[] }>().organizations).toEqual([
      expect.objectContaining({ id: adaOrganization.id, isAdmin: false, isCurrent: true }),
      expect.objectContaining({ id: graceOwn.id, isAdmin: true, isCurrent: false }),
    ]);

    const switched = await service.app.inject(
      endpointRequest(switchOrganization, { headers: cookieHeader(grace.token), params: { organizationId: graceOwn.id } }),
    );
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ organization: { id: graceOwn.id } });
    const back = sessionCookieOf(switched)!;
    const view = await me(back);
    expect(view.organizations[0]!.id).toBe(graceOwn.id);
    expect(view.user.isAdmin).toBe(true);
    expect(view.workspaces.map((workspace) => workspace.name)).toEqual([copy.auth.defaultWorkspaceName]);

    const login = await service.app.inject(
      endpointRequest(logIn, { body: { email: grace.body.email, password: grace.body.password }, remoteAddress: nextAddress() }),
    );
    expect((await me(sessionCookieOf(login)!)).organizations[0]!.id).toBe(graceOwn.id);
  });

  it("refuses an organization that is not the caller's, as if it did not exist", async () => {
    const { ada, graceOwn } = await twoOrganizations();
    const response = await service.app.inject(
      endpointRequest(switchOrganization, { headers: cookieHeader(ada.token), params: { organizationId: graceOwn.id } }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(copy.auth.organizationNotFound);
    expect(sessionCookieOf(response)).toBeUndefined();
  });
});

describe('leaving, roles and removal', () => {
  it('leaves an organization and works in the other; never the only one, never as its last admin', async () => {
    const { ada, grace, graceOwn, adaOrganization } = await twoOrganizations();
    const only = await service.app.inject(endpointRequest(leaveOrganization, { headers: cookieHeader(ada.token), params: { organizationId: adaOrganization.id } }));
    expect(only.statusCode).toBe(409);
    expect(only.json().error.message).toBe(copy.organizations.onlyOrganization);

    // Grace is the only admin of her own organization: she cannot leave it.
    const lastAdmin = await service.app.inject(endpointRequest(leaveOrganization, { headers: cookieHeader(grace.token), params: { organizationId: graceOwn.id } }));
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().error.message).toBe(copy.organizations.lastAdmin);

    const left = await service.app.inject(endpointRequest(leaveOrganization, { headers: cookieHeader(grace.token), params: { organizationId: adaOrganization.id } }));
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ organization: { id: graceOwn.id } });
    const view = await me(sessionCookieOf(left)!);
    expect(view.organizations[0]!.id).toBe(graceOwn.id);
    expect(view.canSwitchOrganization).toBe(false);
    const members = await service.app.inject({ method: 'GET', url: '/admin/members/access', headers: cookieHeader(ada.token) });
    expect(members.json<{ members: { email: string }[] }>().members.map((member) => member.email)).toEqual([ada.body.email]);
  });

  it('an admin gives and takes the admin role, but the last admin keeps it', async () => {
    const { ada, grace } = await twoOrganizations();
    const role = (session: string, userId: number, isAdmin: boolean) =>
      service.app.inject(endpointRequest(setMemberRole, { headers: cookieHeader(session), params: { userId }, body: { isAdmin } }));
    expect((await role(grace.token, ada.user.id, false)).statusCode).toBe(403);
    expect((await role(ada.token, grace.user.id, true)).statusCode).toBe(200);
    expect((await me(grace.token)).user.isAdmin).toBe(true);
    expect((await role(ada.token, ada.user.id, false)).statusCode).toBe(200);
    const last = await role(grace.token, grace.user.id, false);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(copy.members.lastAdmin);
  });

  it("removes a member: one with another organization keeps their account there; one without loses it", async () => {
    const { ada, grace, graceOwn } = await twoOrganizations();
    const remove = (session: string, userId: number) => service.app.inject(endpointRequest(removeMember, { headers: cookieHeader(session), params: { userId } }));
    const self = await remove(ada.token, ada.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(copy.members.cannotRemoveSelf);

    expect((await remove(ada.token, grace.user.id)).statusCode).toBe(200);
    // Grace's session in Ada's organization now works in her own.
    const view = await me(grace.token);
    expect(view.organizations[0]!.id).toBe(graceOwn.id);
    expect(view.workspaces.map((workspace) => workspace.name)).toEqual([copy.auth.defaultWorkspaceName]);
    expect((await remove(ada.token, grace.user.id)).statusCode).toBe(404);

    // Someone whose only organization it is: their account goes.
    const launchId = (await me(ada.token)).workspaces.find((workspace) => workspace.name === 'Launch')!.id;
    const token = await invite(ada.token, 'ken@example.com', launchId);
    const accepted = await service.app.inject(
      endpointRequest(acceptInvitation, { body: { token, firstName: 'Ken', lastName: 'Thompson', password: 'unix is simple' }, remoteAddress: nextAddress() }),
    );
    const ken = accepted.json<{ user: { id: number } }>().user;
    expect((await remove(ada.token, ken.id)).statusCode).toBe(200);
    const login = await service.app.inject(endpointRequest(logIn, { body: { email: 'ken@example.com', password: 'unix is simple' }, remoteAddress: nextAddress() }));
    expect(login.statusCode).toBe(401);
    expect((await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(sessionCookieOf(accepted)!) }))).statusCode).toBe(401);
  });
});
