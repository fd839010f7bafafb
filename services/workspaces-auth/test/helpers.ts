/**
 * Test harness for workspaces-auth: the real app on an in-memory PGlite (or a PGlite directory), driven with
 * `inject`. Nothing of ours is mocked.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE, INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import type { User } from '@formloom/contracts/entities/identity';
import { rowsOf } from '@formloom/kit/db';
import { buildApp } from '../src/app';

/** The internal service token configured in tests. */
export const INTERNAL_TOKEN = 'test-internal-token-0123456789';

/** A built service. */
export type Service = Awaited<ReturnType<typeof buildApp>>;

/** Builds the service on an in-memory database unless `env` says otherwise. */
export function build(env: Record<string, string | undefined> = {}): Promise<Service> {
  return buildApp({
    env: { DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', INTERNAL_TOKEN, ...env },
    logger: false,
  });
}

/** The session token set by a response (its `formloom_session` cookie), or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

/** `{cookie: 'formloom_session=…'}` for inject. */
export function cookieHeader(token: string): { cookie: string } {
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** `{x-internal-token}` for inject. */
export const internalHeaders = { [INTERNAL_TOKEN_HEADER]: INTERNAL_TOKEN };

let counter = 0;

/** A sign-up body with a fresh email. */
export function newPerson(overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  counter += 1;
  return {
    email: `person${counter}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

/** Signs a new person up; returns the user, the session token and the body used. */
export async function signUp(service: Service, overrides: Parameters<typeof newPerson>[0] = {}) {
  const body = newPerson(overrides);
  const response = await service.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
  expect(response.statusCode).toBe(201);
  const token = sessionCookieOf(response);
  expect(token).toBeDefined();
  return { user: response.json<{ user: User }>().user, token: token!, body };
}

/** Exchanges a session token for an access token (internal route); expects 200. */
export async function exchange(service: Service, sessionToken: string): Promise<string> {
  const response = await service.app.inject({
    method: 'POST',
    url: '/internal/sessions/exchange',
    headers: internalHeaders,
    payload: { sessionToken },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

/** Number of rows in one of the service's tables. */
export async function countRows(
  service: Service,
  table: 'users' | 'organizations' | 'workspaces' | 'memberships' | 'sessions' | 'signing_keys',
): Promise<number> {
  const result = await service.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return rowsOf<{ n: number }>(result)[0]!.n;
}
