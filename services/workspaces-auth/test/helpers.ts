/**
 * Test harness for workspaces-auth: the real app on an in-memory PGlite (or a PGlite directory), driven with
 * `inject`. Nothing of ours is mocked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { SESSION_COOKIE, INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import type { User } from '@formloom/contracts/entities/identity';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { getMe, signUp as signUpEndpoint, type MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { exchangeSession } from '@formloom/contracts/api/workspaces-auth/internal';
import { getJwks } from '@formloom/contracts/api/workspaces-auth/keys';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
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
let addresses = 0;

/**
 * A client address no other call of this test process used (`10.x.y.z`): sign-ups are limited per address,
 * so tests that sign many people up give each its own, as many browsers would have.
 */
export function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

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

/** Signs a new person up (from an address of their own); returns the user, the session token and the body used. */
export async function signUp(service: Service, overrides: Parameters<typeof newPerson>[0] = {}) {
  const body = newPerson(overrides);
  const response = await service.app.inject(endpointRequest(signUpEndpoint, { body, remoteAddress: nextAddress() }));
  expect(response.statusCode).toBe(201);
  const token = sessionCookieOf(response);
  expect(token).toBeDefined();
  return { user: response.json<{ user: User }>().user, token: token!, body };
}

/** Exchanges a session token for an access token (internal route); expects 200. */
export async function exchange(service: Service, sessionToken: string): Promise<string> {
  const response = await service.app.inject(endpointRequest(exchangeSession, { headers: internalHeaders, body: { sessionToken } }));
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

/** An outbox row as a test reads it: the event type, its key and its envelope. */
export interface OutboxRow {
  type: string;
  key: string;
  envelope: EventEnvelope;
}

/** The outbox rows of event `type`, oldest first. */
export async function outboxRows(service: Service, type: string): Promise<OutboxRow[]> {
  const result = await service.ctx.db.execute(sql`SELECT type, key, envelope FROM outbox WHERE type = ${type} ORDER BY seq`);
  return rowsOf<OutboxRow>(result);
}

/** The service's JWKS (`getJwks`); expects 200. */
export async function jwksOf(service: Service): Promise<JSONWebKeySet> {
  const response = await service.app.inject(endpointRequest(getJwks));
  expect(response.statusCode).toBe(200);
  return response.json<JSONWebKeySet>();
}

/** A fresh temporary directory (a `DATA_DIR`); remove it with `rmSync(dir, { recursive: true, force: true })`. */
export function temporaryDirectory(): string {
  return mkdtempSync(path.join(tmpdir(), 'formloom-auth-'));
}

/** Waits until `check` resolves true, polling every 50 ms, at most 200 times. @throws Error when it never does */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting for a condition');
}

/** `GET /auth/me` of the session `token` (its body, whatever the status). */
export async function meOf(service: Service, token: string): Promise<MeResponse> {
  const response = await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(token) }));
  return response.json<MeResponse>();
}
