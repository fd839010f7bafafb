/**
 * API keys (`domain/api-keys.ts`): an admin makes a key, sees it once, lists and revokes it; the internal exchange
 * swaps a live key for an access token with the key's workspaces, and refuses revoked keys, keys of an admin who is
 * no longer one, and anything that is no key.
 */
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import type { ApiKey, CreateApiKeyResponse } from '@formloom/contracts/api/workspaces-auth/api-keys';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { MAX_API_KEYS_PER_ORGANIZATION } from '@formloom/contracts/limits';
import { build, cookieHeader, internalHeaders, signUp, type Service } from './helpers';

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

async function exchangeKey(apiKey: string): Promise<LightMyRequestResponse> {
  return inject({ method: 'POST', url: '/internal/apiKeys/exchange', headers: internalHeaders, payload: { apiKey } });
}

async function newWorkspace(token: string, name: string): Promise<Workspace> {
  const response = await inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(token), payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json<{ workspace: Workspace }>().workspace;
}

it('an admin makes a key scoped to one workspace, sees it once, and the exchange gives write access to that workspace only', async () => {
  const { token, user } = await signUp(service);
  const sales = await newWorkspace(token, 'Sales');
  await newWorkspace(token, 'Support');
  const created = await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(token), payload: { name: ' Zapier ', workspaceIds: [sales.id] } });
  expect(created.statusCode).toBe(201);
  const { apiKey, key } = created.json<CreateApiKeyResponse>();
  expect(key).toMatch(/^fl_[A-Za-z0-9_-]{43}$/);
  expect(apiKey).toEqual({ id: expect.any(String), name: 'Zapier', preview: key.slice(0, 8), workspaceIds: [sales.id], createdBy: user.id, createdAt: expect.any(String), lastUsedAt: null });

  const exchanged = await exchangeKey(key);
  expect(exchanged.statusCode).toBe(200);
  const claims = decodeJwt(exchanged.json<{ accessToken: string }>().accessToken);
  expect(claims).toMatchObject({ sub: String(user.id), adm: false, ws: { [String(sales.id)]: 'write' }, key: apiKey.id });

  // The list never shows the key, and says when it was used.
  const list = await inject({ method: 'GET', url: '/admin/apiKeys', headers: cookieHeader(token) });
  expect(list.body).not.toContain(key);
  expect(list.json<{ apiKeys: ApiKey[] }>().apiKeys).toEqual([{ ...apiKey, lastUsedAt: expect.any(String) }]);
});

it('a key without workspaces reaches every workspace of the organization, also those made later', async () => {
  const { token } = await signUp(service);
  const { key } = (await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(token), payload: { name: 'All' } })).json<CreateApiKeyResponse>();
  const later = await newWorkspace(token, 'Later');
  const claims = decodeJwt((await exchangeKey(key)).json<{ accessToken: string }>().accessToken) as { ws: Record<string, string> };
  expect(Object.keys(claims.ws)).toHaveLength(2);
  expect(claims.ws[String(later.id)]).toBe('write');
});

it('a revoked key, a key whose maker is no longer an admin, and anything else are refused', async () => {
  const { token, user } = await signUp(service);
  const make = async () => (await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(token), payload: { name: 'K' } })).json<CreateApiKeyResponse>();
  const first = await make();
  const revoke = await inject({ method: 'DELETE', url: `/admin/apiKeys/${first.apiKey.id}`, headers: cookieHeader(token) });
  expect(revoke.statusCode).toBe(200);
  expect((await exchangeKey(first.key)).statusCode).toBe(401);
  const again = await inject({ method: 'DELETE', url: `/admin/apiKeys/${first.apiKey.id}`, headers: cookieHeader(token) });
  expect(again.statusCode).toBe(404);
  expect(again.json().error.message).toBe(copy.auth.apiKeyNotFound);

  const second = await make();
  expect((await exchangeKey(second.key)).statusCode).toBe(200);
  await service.ctx.db.execute(sql`UPDATE organization_members SET is_admin = false WHERE user_id = ${user.id}`);
  expect((await exchangeKey(second.key)).statusCode).toBe(401);

  for (const wrong of ['fl_' + 'A'.repeat(43), 'not a key', second.key.slice(0, -1)]) expect((await exchangeKey(wrong)).statusCode).toBe(401);
});

it('only admins manage keys, only their organization’s, and an organization has at most the limit', async () => {
  const admin = await signUp(service);
  const other = await signUp(service);
  const made = (await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(admin.token), payload: { name: 'Mine' } })).json<CreateApiKeyResponse>();
  const foreign = await inject({ method: 'DELETE', url: `/admin/apiKeys/${made.apiKey.id}`, headers: cookieHeader(other.token) });
  expect(foreign.statusCode).toBe(404);
  const outside = await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(other.token), payload: { name: 'X', workspaceIds: [admin.user.id + 100000] } });
  expect(outside.statusCode).toBe(404);

  await service.ctx.db.execute(sql`UPDATE organization_members SET is_admin = false WHERE user_id = ${other.user.id}`);
  const refused = await inject({ method: 'GET', url: '/admin/apiKeys', headers: cookieHeader(other.token) });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error.message).toBe(copy.auth.adminOnly);

  for (let n = 1; n < MAX_API_KEYS_PER_ORGANIZATION; n += 1) {
    expect((await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(admin.token), payload: { name: `K${n}` } })).statusCode).toBe(201);
  }
  const over = await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(admin.token), payload: { name: 'One too many' } });
  expect(over.statusCode).toBe(409);
  expect(over.json().error.message).toBe(copy.auth.tooManyApiKeys(MAX_API_KEYS_PER_ORGANIZATION));
  const blank = await inject({ method: 'POST', url: '/admin/apiKeys', headers: cookieHeader(admin.token), payload: { name: '   ' } });
  expect(blank.statusCode).toBe(400);
});
