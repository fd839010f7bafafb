/**
 * Access tokens (ARCHITECTURE §4): the session exchange, the JWKS, and signing keys that survive restarts
 * (their encryption at rest: `signing-keys.test.ts`; rotation: `rotation.test.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '@formloom/contracts/auth';
import type { MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { ACCESS_TOKEN_TTL_SECONDS } from '@formloom/contracts/limits';
import { build, cookieHeader, exchange, internalHeaders, jwksOf, signUp, type Service } from './helpers';

async function verify(token: string, jwks: JSONWebKeySet) {
  return jwtVerify(token, createLocalJWKSet(jwks), { issuer: JWT_ISSUER, audience: JWT_AUDIENCE, algorithms: ['EdDSA'] });
}

describe('session exchange', () => {
  let service: Service;
  beforeAll(async () => {
    service = await build();
  });
  afterAll(async () => {
    await service.close();
  });

  it('gives a JWT that verifies against /.well-known/jwks.json, with every workspace in ws', async () => {
    const { user, token } = await signUp(service, { email: 'claims@example.com' });
    const created = await service.app.inject({ method: 'POST', url: '/admin/workspaces', headers: cookieHeader(token), payload: { name: 'Second' } });
    expect(created.statusCode).toBe(201);
    const view = (await service.app.inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) })).json<MeResponse>();

    const response = await service.app.inject({ method: 'POST', url: '/internal/sessions/exchange', headers: internalHeaders, payload: { sessionToken: token } });
    expect(response.statusCode).toBe(200);
    const { accessToken, expiresIn } = response.json<{ accessToken: string; expiresIn: number }>();
    expect(expiresIn).toBe(ACCESS_TOKEN_TTL_SECONDS);

    const jwks = await jwksOf(service);
    expect(jwks.keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: expect.any(String), alg: 'EdDSA', use: 'sig' }]);
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0]!.kid });

    const { payload } = await verify(accessToken, jwks);
    expect(payload).toMatchObject({
      sub: String(user.id),
      org: view.organizations[0]!.id,
      adm: true,
      email: 'claims@example.com',
      ws: Object.fromEntries(view.workspaces.map((w) => [String(w.id), 'write'])),
    });
    expect(Object.keys(payload.ws as object)).toHaveLength(2);
    expect(payload.exp! - payload.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it('answers 401 without, or with a wrong, internal token', async () => {
    const { token } = await signUp(service);
    for (const headers of [{}, { 'x-internal-token': 'wrong-token-0123456789-abcdef' }]) {
      const response = await service.app.inject({ method: 'POST', url: '/internal/sessions/exchange', headers, payload: { sessionToken: token } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });

  it('answers 401 for an unknown, logged-out or expired session', async () => {
    const unknown = await service.app.inject({ method: 'POST', url: '/internal/sessions/exchange', headers: internalHeaders, payload: { sessionToken: 'A'.repeat(43) } });
    expect(unknown.statusCode).toBe(401);

    const loggedOut = await signUp(service);
    await service.app.inject({ method: 'POST', url: '/auth/logout', headers: cookieHeader(loggedOut.token) });
    const afterLogout = await service.app.inject({ method: 'POST', url: '/internal/sessions/exchange', headers: internalHeaders, payload: { sessionToken: loggedOut.token } });
    expect(afterLogout.statusCode).toBe(401);

    const expired = await signUp(service);
    await service.ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${expired.user.id}`);
    const afterExpiry = await service.app.inject({ method: 'POST', url: '/internal/sessions/exchange', headers: internalHeaders, payload: { sessionToken: expired.token } });
    expect(afterExpiry.statusCode).toBe(401);
  });

  it('answers 401 when no INTERNAL_TOKEN is configured', async () => {
    const unconfigured = await build({ INTERNAL_TOKEN: undefined });
    try {
      const { token } = await signUp(unconfigured);
      const response = await unconfigured.app.inject({ method: 'POST', url: '/internal/sessions/exchange', headers: internalHeaders, payload: { sessionToken: token } });
      expect(response.statusCode).toBe(401);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('signing keys on disk', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'formloom-auth-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survive a restart: a token signed before still verifies and still signs in', async () => {
    const env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    const first = await build(env);
    let accessToken: string;
    let kid: string;
    try {
      const { token } = await signUp(first);
      accessToken = await exchange(first, token);
      kid = (await jwksOf(first)).keys[0]!.kid!;
    } finally {
      await first.close();
    }

    const second = await build(env);
    try {
      const jwks = await jwksOf(second);
      expect(jwks.keys.map((k) => k.kid)).toEqual([kid]);
      await expect(verify(accessToken, jwks)).resolves.toBeDefined();
      const list = await second.app.inject({ method: 'GET', url: '/admin/workspaces', headers: { authorization: `Bearer ${accessToken}` } });
      expect(list.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
