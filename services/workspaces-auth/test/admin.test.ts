/**
 * `/admin/workspaces`, `/admin/organizations`, `/admin/members` and the internal user creation (spec 000 §2
 * reserved ids, §3, §6): who sees and creates what, by session cookie or by bearer JWT.
 */
import { decodeJwt } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import type { User, Workspace } from '@formloom/contracts/entities/identity';
import type { MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { WORKSPACE_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { build, cookieHeader, countRows, exchange, internalHeaders, newPerson, sessionCookieOf, signUp, type Service } from './helpers';

let service: Service;
beforeAll(async () => {
  service = await build();
});
afterAll(async () => {
  await service.close();
});

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  return service.app.inject(options);
}

async function me(token: string): Promise<MeResponse> {
  const response = await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) });
  expect(response.statusCode).toBe(200);
  return response.json<MeResponse>();
}

/** Creates a non-admin member of `organizationId` through the internal route and signs them in. */
async function addMember(organizationId: number, workspaces: { workspaceId: number; accessLevel: 'write' | 'read' | 'limited' }[] = []) {
  const body = { ...newPerson({ firstName: 'Member' }), workspaces };
  const created = await inject({ method: 'POST', url: `/internal/organizations/${organizationId}/users`, headers: internalHeaders, payload: body });
  expect(created.statusCode).toBe(201);
  const login = await inject({ method: 'POST', url: '/auth/login', payload: { email: body.email, password: body.password } });
  expect(login.statusCode).toBe(200);
  return { user: created.json<{ user: User }>().user, token: sessionCookieOf(login)!, email: body.email };
}

describe('POST /admin/workspaces', () => {
  it('lets an admin create a workspace with write access, listed by GET /admin/workspaces', async () => {
    const { token } = await signUp(service);
    const response = await inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(token), payload: { name: '  Sales & Marketing ' } });
    expect(response.statusCode).toBe(201);
    const { workspace } = response.json<{ workspace: Workspace }>();
    expect(workspace).toEqual({ id: expect.any(Number), name: 'Sales & Marketing', slug: `${workspace.id}-sales-marketing`, accessLevel: 'write' });

    const list = await inject({ method: 'GET', url: '/admin/workspaces', headers: cookieHeader(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ workspaces: Workspace[] }>().workspaces.map((w) => w.name)).toEqual(['My workspace', 'Sales & Marketing']);
  });

  it.each(['home', '  Trash ', 'HOME!'])('refuses the reserved name %j with 400 at body.name', async (name) => {
    const { token } = await signUp(service);
    const before = await countRows(service, 'workspaces');
    const response = await inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(token), payload: { name } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'body.name', message: copy.auth.reservedWorkspaceId }]);
    expect(await countRows(service, 'workspaces')).toBe(before);
  });

  it('refuses blank and too long names', async () => {
    const { token } = await signUp(service);
    for (const name of ['   ', 'x'.repeat(WORKSPACE_NAME_MAX_LENGTH + 1)]) {
      const response = await inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(token), payload: { name } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].path).toBe('body.name');
    }
  });

  it('refuses non-admins with 403 and anonymous callers with 401', async () => {
    const admin = await signUp(service);
    const { organizations } = await me(admin.token);
    const member = await addMember(organizations[0]!.id);
    expect(member.user.isAdmin).toBe(false);
    const response = await inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(member.token), payload: { name: 'Mine' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: copy.auth.adminOnly } });

    const anonymous = await inject({ method: 'POST', url: '/admin/workspaces', payload: { name: 'Mine' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepts the bearer JWT from the session exchange as well as the cookie', async () => {
    const { token } = await signUp(service);
    const accessToken = await exchange(service, token);
    const response = await inject({ method: 'POST', url: '/admin/workspaces', headers: { authorization: `Bearer ${accessToken}` }, payload: { name: 'By token' } });
    expect(response.statusCode).toBe(201);
    const list = await inject({ method: 'GET', url: '/admin/workspaces', headers: { authorization: `Bearer ${accessToken}` } });
    expect(list.json<{ workspaces: Workspace[] }>().workspaces.map((w) => w.name)).toEqual(['By token', 'My workspace']);

    const forged = await inject({ method: 'GET', url: '/admin/workspaces', headers: { authorization: `Bearer ${accessToken}x` } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('organizations', () => {
  it("a second user sees only their own organization's workspaces and organization", async () => {
    const first = await signUp(service, { firstName: 'Ada' });
    await inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(first.token), payload: { name: 'Secret plans' } });
    const second = await signUp(service, { firstName: 'Alan' });

    const firstView = await me(first.token);
    const secondView = await me(second.token);
    expect(secondView.organizations).toEqual([{ id: expect.any(Number), name: "Alan's organization", hasConversionKit: false, dataRegion: null, billingStatus: 'active', features: [] }]);
    expect(secondView.organizations[0]!.id).not.toBe(firstView.organizations[0]!.id);
    expect(secondView.workspaces.map((w) => w.name)).toEqual(['My workspace']);
    const firstIds = new Set(firstView.workspaces.map((w) => w.id));
    expect(secondView.workspaces.some((w) => firstIds.has(w.id))).toBe(false);

    const list = await inject({ method: 'GET', url: '/admin/workspaces', headers: cookieHeader(second.token) });
    expect(list.json<{ workspaces: Workspace[] }>().workspaces).toEqual(secondView.workspaces);
    const orgs = await inject({ method: 'GET', url: '/admin/organizations', headers: cookieHeader(second.token) });
    expect(orgs.statusCode).toBe(200);
    expect(orgs.json()).toEqual({ organizations: [{ ...secondView.organizations[0], isAdmin: true, isCurrent: true }] });
  });
});

describe('GET /admin/members', () => {
  it("lists the caller's organization's users for every member, sorted by name, and nobody else's", async () => {
    const admin = await signUp(service, { firstName: 'Zoe', lastName: 'Admin' });
    const member = await addMember((await me(admin.token)).organizations[0]!.id);
    await signUp(service, { firstName: 'Other', lastName: 'Organization' });

    for (const token of [admin.token, member.token]) {
      const response = await inject({ method: 'GET', url: '/admin/members', headers: cookieHeader(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        members: [
          { userId: member.user.id, email: member.email, firstName: 'Member', lastName: 'Lovelace' },
          { userId: admin.user.id, email: admin.body.email, firstName: 'Zoe', lastName: 'Admin' },
        ],
      });
    }
    expect((await inject({ method: 'GET', url: '/admin/members' })).statusCode).toBe(401);
  });
});

describe('POST /admin/members and the internal user creation', () => {
  it('gives a member read access; their /auth/me and token show it', async () => {
    const admin = await signUp(service);
    const view = await me(admin.token);
    const workspaceId = view.workspaces[0]!.id;
    const member = await addMember(view.organizations[0]!.id);
    expect((await me(member.token)).workspaces).toEqual([]);

    const response = await inject({
      method: 'POST',
      url: '/admin/members',
      headers: cookieHeader(admin.token),
      payload: { email: member.email.toUpperCase(), workspaceId, accessLevel: 'read' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ member: { userId: member.user.id, workspaceId, accessLevel: 'read' } });
    const memberView = await me(member.token);
    expect(memberView.workspaces).toEqual([{ ...view.workspaces[0], accessLevel: 'read' }]);
    expect(memberView.organizations).toEqual(view.organizations);
    const accessToken = await exchange(service, member.token);
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ sub: String(member.user.id), org: view.organizations[0]!.id, adm: false, ws: { [String(workspaceId)]: 'read' } });

    // Changing the level replaces it.
    await inject({ method: 'POST', url: '/admin/members', headers: cookieHeader(admin.token), payload: { email: member.email, workspaceId, accessLevel: 'limited' } });
    expect((await me(member.token)).workspaces[0]!.accessLevel).toBe('limited');
  });

  it('refuses workspaces and users of another organization with 404, and non-admins with 403', async () => {
    const admin = await signUp(service);
    const other = await signUp(service);
    const adminView = await me(admin.token);
    const otherView = await me(other.token);

    const foreignWorkspace = await inject({
      method: 'POST',
      url: '/admin/members',
      headers: cookieHeader(admin.token),
      payload: { email: admin.body.email, workspaceId: otherView.workspaces[0]!.id, accessLevel: 'write' },
    });
    expect(foreignWorkspace.statusCode).toBe(404);
    expect(foreignWorkspace.json().error.message).toBe(copy.flows.workspaceNotFound);

    const foreignUser = await inject({
      method: 'POST',
      url: '/admin/members',
      headers: cookieHeader(admin.token),
      payload: { email: other.body.email, workspaceId: adminView.workspaces[0]!.id, accessLevel: 'read' },
    });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json().error.message).toBe(copy.auth.memberNotFound);
    expect((await me(other.token)).workspaces).toEqual(otherView.workspaces);

    const member = await addMember(adminView.organizations[0]!.id);
    const byMember = await inject({
      method: 'POST',
      url: '/admin/members',
      headers: cookieHeader(member.token),
      payload: { email: member.email, workspaceId: adminView.workspaces[0]!.id, accessLevel: 'write' },
    });
    expect(byMember.statusCode).toBe(403);
  });

  it('internal user creation: memberships in the organization only, token required, nothing stored on error', async () => {
    const admin = await signUp(service);
    const adminView = await me(admin.token);
    const other = await me((await signUp(service)).token);
    const organizationId = adminView.organizations[0]!.id;
    const users = await countRows(service, 'users');

    const foreign = await inject({
      method: 'POST',
      url: `/internal/organizations/${organizationId}/users`,
      headers: internalHeaders,
      payload: { ...newPerson(), workspaces: [{ workspaceId: other.workspaces[0]!.id, accessLevel: 'read' }] },
    });
    expect(foreign.statusCode).toBe(404);
    const noToken = await inject({ method: 'POST', url: `/internal/organizations/${organizationId}/users`, payload: newPerson() });
    expect(noToken.statusCode).toBe(401);
    const unknownOrg = await inject({ method: 'POST', url: '/internal/organizations/999999/users', headers: internalHeaders, payload: newPerson() });
    expect(unknownOrg.statusCode).toBe(404);
    const taken = await inject({ method: 'POST', url: `/internal/organizations/${organizationId}/users`, headers: internalHeaders, payload: newPerson({ email: admin.body.email }) });
    expect(taken.statusCode).toBe(409);
    expect(await countRows(service, 'users')).toBe(users);

    const member = await addMember(organizationId, [{ workspaceId: adminView.workspaces[0]!.id, accessLevel: 'read' }]);
    expect((await me(member.token)).workspaces.map((w) => w.accessLevel)).toEqual(['read']);
  });
});
