/**
 * Login and sign-up limits (`src/plugins/login-rate-limit.ts`; numbers in contracts `limits`): per (account,
 * address) pair, per address, per account for addresses the account does not know, sign-ups per address.
 * In memory on one service; then two replicas sharing the machine's PostgreSQL (a database of their own,
 * dropped afterwards) and Redis (a key prefix of their own, deleted afterwards) count together.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import * as copy from '@formloom/contracts/copy';
import {
  LOGIN_RATE_MAX_PER_ACCOUNT,
  LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_RATE_MAX_PER_ADDRESS,
  SIGNUP_RATE_MAX_PER_ADDRESS,
} from '@formloom/contracts/limits';
import { build, countRows, newPerson, nextAddress, sessionCookieOf, signUp, type Service } from './helpers';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_SERVER = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

function login(service: Service, email: string, password: string, address: string): Promise<LightMyRequestResponse> {
  return service.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: address });
}

function expectRefused(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'rate_limited', message } });
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(sessionCookieOf(response)).toBeUndefined();
}

describe('in one service (memory store)', () => {
  let service: Service;
  beforeAll(async () => {
    service = await build();
  });
  afterAll(async () => {
    await service.close();
  });

  it('limits guesses per account and address; the owner at another address still signs in', async () => {
    const { user, body } = await signUp(service);
    const attacker = nextAddress();
    for (let i = 0; i < LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await login(service, body.email, 'wrong password', attacker)).statusCode).toBe(401);
    }
    // Even the right password is refused from that address now: the limit is checked first.
    expectRefused(await login(service, body.email, body.password, attacker), copy.auth.tooManyAttempts);

    const owner = await login(service, body.email, body.password, nextAddress());
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ user });
  });

  it('answers an unknown account exactly like a known one, 401 then 429', async () => {
    const { body } = await signUp(service);
    const known: LightMyRequestResponse[] = [];
    const unknown: LightMyRequestResponse[] = [];
    const [a, b] = [nextAddress(), nextAddress()];
    const nobody = `nobody-${randomUUID()}@example.org`;
    for (let i = 0; i <= LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS; i++) {
      known.push(await login(service, body.email, 'wrong password', a));
      unknown.push(await login(service, nobody, 'wrong password', b));
    }
    expect(unknown.map((r) => [r.statusCode, r.json()])).toEqual(known.map((r) => [r.statusCode, r.json()]));
    expect(known.at(-1)!.statusCode).toBe(429);
  });

  it('limits one address trying many accounts', async () => {
    const address = nextAddress();
    for (let i = 0; i < LOGIN_RATE_MAX_PER_ADDRESS; i++) {
      expect((await login(service, `spray-${i}@example.com`, 'Spring2024!', address)).statusCode).toBe(401);
    }
    expectRefused(await login(service, 'spray-next@example.com', 'Spring2024!', address), copy.auth.tooManyAttempts);
  });

  it('limits guesses on one account from many addresses, but not from an address the owner signed in from', async () => {
    const { user, body } = await signUp(service);
    const home = nextAddress();
    expect((await login(service, body.email, body.password, home)).statusCode).toBe(200);

    // The owner's first sign-in from home counted too (home was not known yet). Guesses come ten at a time,
    // as a botnet's would (each costs an argon2 check).
    const guesses = Array.from({ length: LOGIN_RATE_MAX_PER_ACCOUNT - 1 }, (_, i) => i);
    for (let start = 0; start < guesses.length; start += 10) {
      const answers = await Promise.all(
        guesses.slice(start, start + 10).map((i) => login(service, body.email, `guess number ${i}`, nextAddress())),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 401));
    }
    // A new address, even with the right password, waits…
    expectRefused(await login(service, body.email, body.password, nextAddress()), copy.auth.tooManyAttemptsLater);
    // …the owner at home does not.
    const owner = await login(service, body.email, body.password, home);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ user });
  }, 180_000);

  it('limits sign-ups per address: the taken-email 409 only behind the limit', async () => {
    const address = nextAddress();
    const { body: registered } = await signUp(service);
    const signupFrom = (payload: object) =>
      service.app.inject({ method: 'POST', url: '/auth/signup', payload, remoteAddress: address } satisfies InjectOptions);

    const taken = await signupFrom({ ...newPerson(), email: registered.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: { code: 'conflict', message: copy.auth.emailTaken } });
    for (let i = 1; i < SIGNUP_RATE_MAX_PER_ADDRESS; i++) expect((await signupFrom(newPerson())).statusCode).toBe(201);

    const users = await countRows(service, 'users');
    expectRefused(await signupFrom(newPerson()), copy.auth.tooManyAttemptsLater);
    expectRefused(await signupFrom({ ...newPerson(), email: registered.email }), copy.auth.tooManyAttemptsLater);
    expect(await countRows(service, 'users')).toBe(users);

    // Another address is not affected.
    expect((await service.app.inject({ method: 'POST', url: '/auth/signup', payload: newPerson(), remoteAddress: nextAddress() })).statusCode).toBe(201);
  });
});

describe('across replicas (PostgreSQL + Redis store)', () => {
  const database = `formloom_auth_limits_test_${process.pid}`;
  const prefix = `test:${randomUUID()}:rl:`;
  let admin: pg.Client;
  let redis: Redis;
  let replicas: Service[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await admin.connect();
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const env = {
      DATABASE_URL: `${PG_SERVER}/${database}`,
      RATE_LIMIT_STORE: 'redis',
      RATE_LIMIT_KEY_PREFIX: prefix,
      REDIS_URL,
      AUTH_KEY_ENCRYPTION_SECRET: 'a-test-secret-of-enough-length',
    };
    replicas = [await build(env)];
    replicas.push(await build(env));
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  it('counts the attempts of one account and address on every replica together', async () => {
    const [a, b] = replicas as [Service, Service];
    const { body } = await signUp(a);
    const attacker = nextAddress();
    for (let i = 0; i < LOGIN_RATE_MAX_PER_ACCOUNT_AND_ADDRESS; i++) {
      const replica = i % 2 === 0 ? a : b;
      expect((await login(replica, body.email, 'wrong password', attacker)).statusCode).toBe(401);
    }
    expectRefused(await login(a, body.email, 'wrong password', attacker), copy.auth.tooManyAttempts);
    expectRefused(await login(b, body.email, 'wrong password', attacker), copy.auth.tooManyAttempts);
    // The counters are in Redis, under the configured prefix, hashed.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain(body.email);
  });
});
