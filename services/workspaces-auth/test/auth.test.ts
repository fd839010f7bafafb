/**
 * Sign-up, login, logout and `GET /auth/me` (docs/product-rules.md §4; spec 000 §2 slug, §3, §6), plus the error format at
 * this service's edge (malformed JSON, oversized body).
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import { BODY_LIMIT_BYTES, PASSWORD_MIN_LENGTH } from '@formloom/contracts/limits';
import type { MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { build, cookieHeader, countRows, newPerson, sessionCookieOf, signUp, type Service } from './helpers';

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

describe('POST /auth/signup', () => {
  it('creates the user, an organization and a first workspace; /auth/me shows them', async () => {
    const { user, token, body } = await signUp(service, { email: '  Grace.Hopper@Example.COM ', firstName: 'Grace', lastName: 'Hopper' });
    expect(user).toEqual({ id: expect.any(Number), firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com', isAdmin: true, emailVerified: false });
    expect(body.email).not.toBe(user.email);

    const me = await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) });
    expect(me.statusCode).toBe(200);
    const json = me.json<MeResponse>();
    expect(json.user).toEqual(user);
    expect(json.organizations).toEqual([{ id: expect.any(Number), name: "Grace's organization", hasConversionKit: false, dataRegion: null, billingStatus: 'active', features: [] }]);
    expect(json.workspaces).toHaveLength(1);
    const [workspace] = json.workspaces;
    expect(workspace).toEqual({
      id: expect.any(Number),
      name: copy.auth.defaultWorkspaceName,
      slug: `${workspace!.id}-my-workspace`,
      accessLevel: 'write',
    });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, Secure only over TLS', async () => {
    const plain = await inject({ method: 'POST', url: '/auth/signup', payload: newPerson() });
    const cookie = plain.cookies.find((c) => c.name === 'formloom_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const tls = await inject({ method: 'POST', url: '/auth/signup', payload: newPerson(), headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.cookies.find((c) => c.name === 'formloom_session')).toMatchObject({ secure: true, httpOnly: true });
  });

  it('refuses a taken email (any case) with 409 and stores nothing', async () => {
    const { body } = await signUp(service);
    const before = await Promise.all([countRows(service, 'users'), countRows(service, 'organizations'), countRows(service, 'workspaces')]);
    const response = await inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...body, email: body.email.toUpperCase(), firstName: 'Someone' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'conflict', message: copy.auth.emailTaken } });
    expect(sessionCookieOf(response)).toBeUndefined();
    const after = await Promise.all([countRows(service, 'users'), countRows(service, 'organizations'), countRows(service, 'workspaces')]);
    expect(after).toEqual(before);
  });

  it('refuses a short password with 400 and the text at body.password', async () => {
    const users = await countRows(service, 'users');
    const response = await inject({ method: 'POST', url: '/auth/signup', payload: newPerson({ password: 'short' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_error',
        message: copy.errors.validation,
        details: [{ path: 'body.password', message: copy.auth.passwordTooShort(PASSWORD_MIN_LENGTH) }],
      },
    });
    expect(await countRows(service, 'users')).toBe(users);
  });

  it('refuses an invalid email and a blank first name', async () => {
    const response = await inject({ method: 'POST', url: '/auth/signup', payload: newPerson({ email: 'not-an-email', firstName: '   ' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { path: 'body.email', message: copy.answers.invalidEmail },
      { path: 'body.firstName', message: copy.validation.notEmpty },
    ]);
  });

  it('answers malformed JSON with 400 malformed_json', async () => {
    const response = await inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'malformed_json', message: copy.errors.malformedJson } });
  });

  it('answers an oversized body with 413', async () => {
    const response = await inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...newPerson(), lastName: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: copy.errors.payloadTooLarge } });
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right pair (email in any case) and the new session works', async () => {
    const { user, body } = await signUp(service);
    const response = await inject({ method: 'POST', url: '/auth/login', payload: { email: ` ${body.email.toUpperCase()} `, password: body.password } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
    const token = sessionCookieOf(response)!;
    const me = await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) });
    expect(me.json<MeResponse>().user.id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown email with the same 401 text', async () => {
    const { body } = await signUp(service);
    const wrong = await inject({ method: 'POST', url: '/auth/login', payload: { email: body.email, password: 'wrong password' } });
    const unknown = await inject({ method: 'POST', url: '/auth/login', payload: { email: 'nobody@example.com', password: body.password } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Invalid email or password' } });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });
});

describe('POST /auth/logout', () => {
  it('ends the session: the cookie is cleared and /auth/me answers 401 afterwards', async () => {
    const { token } = await signUp(service);
    expect((await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) })).statusCode).toBe(200);

    const response = await inject({ method: 'POST', url: '/auth/logout', headers: cookieHeader(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const cleared = response.cookies.find((c) => c.name === 'formloom_session');
    expect(cleared?.value).toBe('');

    const me = await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: { code: 'unauthorized', message: copy.auth.signInRequired } });
  });

  it('answers 200 without a session too', async () => {
    const response = await inject({ method: 'POST', url: '/auth/logout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /auth/me', () => {
  it('answers 401 without a cookie, with a made-up token, and with an expired session', async () => {
    expect((await inject({ method: 'GET', url: '/auth/me' })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader('x'.repeat(43)) })).statusCode).toBe(401);

    const { token, user } = await signUp(service);
    // Age the session in our own database (we cannot wait 30 days).
    await service.ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    expect((await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) })).statusCode).toBe(401);
  });
});
