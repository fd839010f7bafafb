/**
 * Workspace management for the home sidebar (spec 000 §2 "Home page", §4 "Dragging": "Workspaces can be reordered
 * by drag, except home and trash", §6 access levels): renaming (`write` access; the slug follows), deleting (admins;
 * never the organization's last workspace; `workspace.deleted` in the outbox) and each member's own order, which
 * `GET /admin/workspaces` and `GET /auth/me` follow. Real PGlite, nothing of ours mocked.
 */
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import type { User, Workspace } from '@formloom/contracts/entities/identity';
import type { MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { WORKSPACE_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { parseEvent } from '@formloom/contracts/events/define';
import { workspaceDeleted } from '@formloom/contracts/events/workspace-deleted';
import { rowsOf } from '@formloom/kit/db';
import { build, cookieHeader, exchange, internalHeaders, newPerson, outboxRows, sessionCookieOf, signUp, type Service } from './helpers';

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

/** The names of the caller's workspaces as `GET /admin/workspaces` lists them (checked equal to `/auth/me`'s). */
async function listedNames(token: string): Promise<string[]> {
  const response = await inject({ method: 'GET', url: '/admin/workspaces', headers: cookieHeader(token) });
  expect(response.statusCode).toBe(200);
  const { workspaces } = response.json<{ workspaces: Workspace[] }>();
  expect((await me(token)).workspaces).toEqual(workspaces);
  return workspaces.map((workspace) => workspace.name);
}

/** An admin (signed up) and their organization's id and first workspace ('My workspace'). */
async function newAdmin() {
  const admin = await signUp(service);
  const view = await me(admin.token);
  return { ...admin, organizationId: view.organizations[0]!.id, home: view.workspaces[0]! };
}

/** Creates a workspace named `name` as `token` (an admin); expects 201. */
async function createWorkspace(token: string, name: string): Promise<Workspace> {
  const response = await inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(token), payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json<{ workspace: Workspace }>().workspace;
}

/** Creates a non-admin member of `organizationId` through the internal route and signs them in. */
async function addMember(organizationId: number, workspaces: { workspaceId: number; accessLevel: 'write' | 'read' | 'limited' }[] = []) {
  const body = { ...newPerson({ firstName: 'Member' }), workspaces };
  const created = await inject({ method: 'POST', url: `/internal/organizations/${organizationId}/users`, headers: internalHeaders, payload: body });
  expect(created.statusCode).toBe(201);
  const login = await inject({ method: 'POST', url: '/auth/login', payload: { email: body.email, password: body.password } });
  expect(login.statusCode).toBe(200);
  return { user: created.json<{ user: User }>().user, token: sessionCookieOf(login)! };
}

function rename(token: string, workspaceId: number | string, name: unknown): Promise<LightMyRequestResponse> {
  return inject({ method: 'PATCH', url: `/admin/workspaces/${workspaceId}`, headers: cookieHeader(token), payload: { name } });
}

function remove(token: string, workspaceId: number | string): Promise<LightMyRequestResponse> {
  return inject({ method: 'DELETE', url: `/admin/workspaces/${workspaceId}`, headers: cookieHeader(token) });
}

function order(token: string, workspaceIds: unknown): Promise<LightMyRequestResponse> {
  return inject({ method: 'PUT', url: '/admin/workspaces/order', headers: cookieHeader(token), payload: { workspaceIds } });
}

/** Memberships rows of `workspaceId`. */
async function membershipsOf(workspaceId: number): Promise<number> {
  const result = await service.ctx.db.execute(sql`SELECT count(*)::int AS n FROM memberships WHERE workspace_id = ${workspaceId}`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe('PATCH /admin/workspaces/:workspaceId (rename)', () => {
  it('renames a workspace the caller may change: trimmed, the slug follows, every list shows it', async () => {
    const admin = await newAdmin();
    const response = await rename(admin.token, admin.home.id, '  Équipe Ventes ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      workspace: { id: admin.home.id, name: 'Équipe Ventes', slug: `${admin.home.id}-equipe-ventes`, accessLevel: 'write' },
    });
    expect(await listedNames(admin.token)).toEqual(['Équipe Ventes']);
    expect((await me(admin.token)).workspaces[0]!.slug).toBe(`${admin.home.id}-equipe-ventes`);
  });

  it('lets a non-admin member with write access rename, and refuses read and limited members with 403', async () => {
    const admin = await newAdmin();
    const writer = await addMember(admin.organizationId, [{ workspaceId: admin.home.id, accessLevel: 'write' }]);
    const reader = await addMember(admin.organizationId, [{ workspaceId: admin.home.id, accessLevel: 'read' }]);
    const limited = await addMember(admin.organizationId, [{ workspaceId: admin.home.id, accessLevel: 'limited' }]);

    const byWriter = await rename(writer.token, admin.home.id, 'Renamed by writer');
    expect(byWriter.statusCode).toBe(200);
    expect(byWriter.json<{ workspace: Workspace }>().workspace.accessLevel).toBe('write');

    for (const member of [reader, limited]) {
      const refused = await rename(member.token, admin.home.id, 'Not allowed');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'forbidden', message: copy.auth.writeAccessRequired } });
    }
    expect(await listedNames(admin.token)).toEqual(['Renamed by writer']);
  });

  it("answers 404 for another organization's workspace, one of the organization the caller is no member of, and an unknown id", async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    const unshared = await createWorkspace(admin.token, 'Admins only');
    const member = await addMember(admin.organizationId, [{ workspaceId: admin.home.id, accessLevel: 'write' }]);

    for (const [token, workspaceId] of [
      [admin.token, other.home.id],
      [member.token, unshared.id],
      [admin.token, 2_000_000_000],
    ] as const) {
      const response = await rename(token, workspaceId, 'Taken over');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.workspaceNotFound } });
    }
    expect(await listedNames(other.token)).toEqual(['My workspace']);
    expect(await listedNames(admin.token)).toEqual(['Admins only', 'My workspace']);
  });

  it('applies the creation rules to the name (blank, too long, reserved) and refuses a malformed id with 400', async () => {
    const admin = await newAdmin();
    for (const name of ['   ', 'x'.repeat(WORKSPACE_NAME_MAX_LENGTH + 1), ' Trash', undefined]) {
      const response = await rename(admin.token, admin.home.id, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].path).toBe('body.name');
    }
    expect((await rename(admin.token, admin.home.id, 'home!')).json().error.details).toEqual([
      { path: 'body.name', message: copy.auth.reservedWorkspaceId },
    ]);
    for (const id of ['abc', '0', '99999999999']) expect((await rename(admin.token, id, 'Fine')).statusCode).toBe(400);
    expect((await inject({ method: 'PATCH', url: `/admin/workspaces/${admin.home.id}`, payload: { name: 'Anonymous' } })).statusCode).toBe(401);
    expect(await listedNames(admin.token)).toEqual(['My workspace']);
  });
});

describe('DELETE /admin/workspaces/:workspaceId', () => {
  it('deletes the workspace and its memberships, emits workspace.deleted in the outbox, and the lists and token drop it', async () => {
    const admin = await newAdmin();
    const doomed = await createWorkspace(admin.token, 'Doomed');
    const member = await addMember(admin.organizationId, [
      { workspaceId: doomed.id, accessLevel: 'read' },
      { workspaceId: admin.home.id, accessLevel: 'write' },
    ]);
    expect(await membershipsOf(doomed.id)).toBe(2);

    const response = await remove(admin.token, doomed.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect(await membershipsOf(doomed.id)).toBe(0);
    expect(await listedNames(admin.token)).toEqual(['My workspace']);
    expect(await listedNames(member.token)).toEqual(['My workspace']);
    const claims = decodeJwt(await exchange(service, admin.token));
    expect(claims.ws).toEqual({ [String(admin.home.id)]: 'write' });

    const rows = (await outboxRows(service, 'workspace.deleted')).filter((row) => row.key === String(doomed.id));
    expect(rows).toHaveLength(1);
    const envelope = rows[0]!.envelope;
    expect(envelope).toMatchObject({
      type: 'workspace.deleted',
      version: 1,
      key: String(doomed.id),
      tenant: { organizationId: admin.organizationId, workspaceId: doomed.id },
      data: { workspaceId: doomed.id },
    });
    expect(parseEvent(workspaceDeleted, envelope)).toEqual({ ok: true, event: envelope });

    // It is gone for every call.
    expect((await remove(admin.token, doomed.id)).statusCode).toBe(404);
    expect((await rename(admin.token, doomed.id, 'Back')).statusCode).toBe(404);
    expect((await order(admin.token, [doomed.id])).statusCode).toBe(404);
  });

  it('takes the workspace out of the API keys scoped to it', async () => {
    const admin = await newAdmin();
    const doomed = await createWorkspace(admin.token, 'Scoped');
    const created = await inject({
      method: 'POST',
      url: '/admin/apiKeys',
      headers: cookieHeader(admin.token),
      payload: { name: 'Both', workspaceIds: [admin.home.id, doomed.id] },
    });
    expect(created.statusCode).toBe(201);
    expect((await remove(admin.token, doomed.id)).statusCode).toBe(200);
    const keys = await inject({ method: 'GET', url: '/admin/apiKeys', headers: cookieHeader(admin.token) });
    expect(keys.json<{ apiKeys: { workspaceIds: number[] | null }[] }>().apiKeys.map((key) => key.workspaceIds)).toEqual([[admin.home.id]]);
  });

  it('is for admins only: a write member gets 403 and nothing changes', async () => {
    const admin = await newAdmin();
    const extra = await createWorkspace(admin.token, 'Extra');
    const writer = await addMember(admin.organizationId, [{ workspaceId: extra.id, accessLevel: 'write' }]);
    const before = (await outboxRows(service, 'workspace.deleted')).length;

    const response = await remove(writer.token, extra.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: copy.auth.adminOnly } });
    expect(await listedNames(writer.token)).toEqual(['Extra']);
    expect(await membershipsOf(extra.id)).toBe(2);
    expect((await outboxRows(service, 'workspace.deleted')).length).toBe(before);
    expect((await inject({ method: 'DELETE', url: `/admin/workspaces/${extra.id}` })).statusCode).toBe(401);
  });

  it("refuses the organization's last workspace with 409, also to two deletes at once", async () => {
    const admin = await newAdmin();
    const before = (await outboxRows(service, 'workspace.deleted')).length;
    const last = await remove(admin.token, admin.home.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: { code: 'conflict', message: copy.home.lastWorkspace } });
    expect(await listedNames(admin.token)).toEqual(['My workspace']);

    const second = await createWorkspace(admin.token, 'Second');
    const statuses = (await Promise.all([remove(admin.token, admin.home.id), remove(admin.token, second.id)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await listedNames(admin.token)).toHaveLength(1);
    expect((await outboxRows(service, 'workspace.deleted')).length).toBe(before + 1);
  });

  it("answers 404 for another organization's workspace and leaves it alone", async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    await createWorkspace(other.token, 'Spare');
    const response = await remove(admin.token, other.home.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(copy.flows.workspaceNotFound);
    expect(await listedNames(other.token)).toEqual(['My workspace', 'Spare']);
  });
});

describe('PUT /admin/workspaces/order', () => {
  /** An admin with 'Alpha', 'Beta', 'Gamma' besides 'My workspace', and a member of all four. */
  async function fourWorkspaces() {
    const admin = await newAdmin();
    const alpha = await createWorkspace(admin.token, 'Alpha');
    const beta = await createWorkspace(admin.token, 'Beta');
    const gamma = await createWorkspace(admin.token, 'Gamma');
    const ids = { alpha: alpha.id, beta: beta.id, gamma: gamma.id, mine: admin.home.id };
    const member = await addMember(
      admin.organizationId,
      Object.values(ids).map((workspaceId) => ({ workspaceId, accessLevel: 'write' as const })),
    );
    return { admin, member, ids };
  }

  it('puts the listed workspaces first; the others keep their relative order after them; lists and /auth/me follow', async () => {
    const { admin, ids } = await fourWorkspaces();
    expect(await listedNames(admin.token)).toEqual(['Alpha', 'Beta', 'Gamma', 'My workspace']);

    const response = await order(admin.token, [ids.gamma, ids.mine]);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ workspaces: Workspace[] }>().workspaces.map((w) => w.name)).toEqual(['Gamma', 'My workspace', 'Alpha', 'Beta']);
    expect(await listedNames(admin.token)).toEqual(['Gamma', 'My workspace', 'Alpha', 'Beta']);

    // A partial list: Beta first; Gamma and My workspace (ordered before) keep their order; Alpha (never ordered) last.
    expect((await order(admin.token, [ids.beta])).statusCode).toBe(200);
    expect(await listedNames(admin.token)).toEqual(['Beta', 'Gamma', 'My workspace', 'Alpha']);

    // An empty list changes nothing; a new workspace comes after the ordered ones.
    expect((await order(admin.token, [])).json<{ workspaces: Workspace[] }>().workspaces.map((w) => w.name)).toEqual([
      'Beta',
      'Gamma',
      'My workspace',
      'Alpha',
    ]);
    await createWorkspace(admin.token, 'Aardvark');
    expect(await listedNames(admin.token)).toEqual(['Beta', 'Gamma', 'My workspace', 'Aardvark', 'Alpha']);
  });

  it("is each user's own: another member's order is unaffected, and theirs leaves the caller's alone", async () => {
    const { admin, member, ids } = await fourWorkspaces();
    expect((await order(admin.token, [ids.mine, ids.gamma, ids.beta, ids.alpha])).statusCode).toBe(200);
    expect(await listedNames(member.token)).toEqual(['Alpha', 'Beta', 'Gamma', 'My workspace']);

    expect((await order(member.token, [ids.beta, ids.alpha])).statusCode).toBe(200);
    expect(await listedNames(member.token)).toEqual(['Beta', 'Alpha', 'Gamma', 'My workspace']);
    expect(await listedNames(admin.token)).toEqual(['My workspace', 'Gamma', 'Beta', 'Alpha']);
  });

  it("answers 404 for a workspace that is not the caller's (another organization's, or one they are no member of) and keeps the order", async () => {
    const { admin, member, ids } = await fourWorkspaces();
    const other = await newAdmin();
    const unshared = await createWorkspace(admin.token, 'Admins only');
    expect((await order(member.token, [ids.gamma])).statusCode).toBe(200);

    for (const [token, list] of [
      [member.token, [ids.alpha, other.home.id]],
      [member.token, [unshared.id]],
      [admin.token, [other.home.id]],
    ] as const) {
      const response = await order(token, list);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.workspaceNotFound } });
    }
    expect(await listedNames(member.token)).toEqual(['Gamma', 'Alpha', 'Beta', 'My workspace']);
    expect(await listedNames(other.token)).toEqual(['My workspace']);
  });

  it('refuses a workspace listed twice, ids that are not whole positive numbers, and an anonymous caller', async () => {
    const { admin, ids } = await fourWorkspaces();
    const twice = await order(admin.token, [ids.alpha, ids.beta, ids.alpha]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toEqual([{ path: 'body.workspaceIds', message: copy.home.workspaceListedTwice }]);
    for (const list of [['home'], [0], [1.5], 'all', undefined]) expect((await order(admin.token, list)).statusCode).toBe(400);
    expect((await inject({ method: 'PUT', url: '/admin/workspaces/order', payload: { workspaceIds: [] } })).statusCode).toBe(401);
    expect(await listedNames(admin.token)).toEqual(['Alpha', 'Beta', 'Gamma', 'My workspace']);
  });
});
