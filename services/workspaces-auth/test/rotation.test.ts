/**
 * Signing-key rotation (`src/domain/signing-keys.ts`, the worker in `src/workers.ts`, the command in
 * `src/rotate-signing-key.ts`): both keys are in the JWKS during the overlap, new tokens are signed with the
 * new key once it activates, and a token signed before the rotation verifies during the overlap and not after
 * the old key retired. Time passes by moving the keys' times in our own database (we cannot wait minutes).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import {
  ACCESS_TOKEN_CACHE_MAX_MS,
  ACCESS_TOKEN_TTL_SECONDS,
  JWKS_CACHE_MAX_AGE_SECONDS,
  TOKEN_CLOCK_TOLERANCE_SECONDS,
} from '@formloom/contracts/limits';
import { createTokenVerifier } from '@formloom/kit/auth';
import { rowsOf } from '@formloom/kit/db';
import { SESSION_CACHE_MAX_TTL_MS } from '@formloom/gateway/sessions';
import {
  rotateSigningKey,
  SIGNING_KEY_OVERLAP_MS,
  SIGNING_KEY_PUBLISH_AHEAD_MS,
  SIGNING_KEY_REFRESH_MS,
} from '../src/domain/signing-keys';
import { rotateSigningKeyCommand } from '../src/rotate-signing-key';
import { signingKeyWorker } from '../src/workers';
import { build, countRows, eventually, exchange, jwksOf, signUp, temporaryDirectory, type Service } from './helpers';

/** 200 when `service` accepts `accessToken` as a bearer. */
async function bearerStatus(service: Service, accessToken: string): Promise<number> {
  const response = await service.app.inject({ method: 'GET', url: '/admin/workspaces', headers: { authorization: `Bearer ${accessToken}` } });
  return response.statusCode;
}

/** What another service would conclude from the JWKS served now. */
async function anotherServiceAccepts(service: Service, accessToken: string): Promise<boolean> {
  const verify = createTokenVerifier({ jwks: await jwksOf(service) });
  return (await verify(accessToken)) !== null;
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('the timings', () => {
  it('publish a new key for longer than a replica and a verifier take to see it', () => {
    expect(SIGNING_KEY_PUBLISH_AHEAD_MS).toBeGreaterThanOrEqual(SIGNING_KEY_REFRESH_MS + JWKS_CACHE_MAX_AGE_SECONDS * 1000);
  });

  it('keep an old key for the token lifetime, the gateway cache and the verifiers JWKS cache', () => {
    expect(SIGNING_KEY_OVERLAP_MS).toBeGreaterThanOrEqual(
      (ACCESS_TOKEN_TTL_SECONDS + TOKEN_CLOCK_TOLERANCE_SECONDS + JWKS_CACHE_MAX_AGE_SECONDS) * 1000 + ACCESS_TOKEN_CACHE_MAX_MS,
    );
    // The gateway's own cache must not outlive what the overlap allows for.
    expect(SESSION_CACHE_MAX_TTL_MS).toBeLessThanOrEqual(ACCESS_TOKEN_CACHE_MAX_MS);
  });

  it('are what the JWKS route tells caches', async () => {
    const service = await build();
    try {
      const response = await service.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
      expect(response.headers['cache-control']).toBe(`public, max-age=${JWKS_CACHE_MAX_AGE_SECONDS}`);
    } finally {
      await service.close();
    }
  });
});

describe('a rotation', () => {
  let service: Service;
  beforeEach(async () => {
    service = await build({ AUTH_SIGNING_KEY_ROTATION_DAYS: '0' });
    // The first key activated when the service was built, moments ago. Move it an hour back, as a key that has
    // signed for a while: otherwise "a second ago" below can come before it when the test runs fast, and the
    // newest activated key (the old one) rightly keeps signing.
    await service.ctx.db.execute(sql`UPDATE signing_keys SET activates_at = now() - interval '1 hour'`);
    await service.deps.keys.refresh();
  });
  afterEach(async () => {
    await service.close();
  });

  it('publishes the new key first, signs with it once it activates, and retires the old one after the overlap', async () => {
    const { keys, secrets } = service.deps;
    const { token: session } = await signUp(service);
    const before = await exchange(service, session);
    const oldKid = kidOf(before);

    const rotation = await rotateSigningKey(service.ctx.db, secrets.current);
    expect(rotation).not.toBeNull();
    expect(rotation!.activatesAt - Date.now()).toBeGreaterThan(SIGNING_KEY_PUBLISH_AHEAD_MS - 60_000);
    expect(rotation!.retired).toEqual([{ kid: oldKid, retiresAt: rotation!.activatesAt + SIGNING_KEY_OVERLAP_MS }]);
    // A second rotation while this one is under way does nothing.
    expect(await rotateSigningKey(service.ctx.db, secrets.current)).toBeNull();
    await keys.refresh();

    // Published ahead: both keys in the JWKS, still signing with the old one.
    expect((await jwksOf(service)).keys.map((key) => key.kid)).toEqual([rotation!.kid, oldKid]);
    expect(kidOf(await exchange(service, session))).toBe(oldKid);

    // The new key's time comes: new tokens carry it; the token signed before still works everywhere.
    // Times from this process's clock: the one the signer compares them with.
    const aSecondAgo = () => new Date(Date.now() - 1000).toISOString();
    await service.ctx.db.execute(sql`UPDATE signing_keys SET activates_at = ${aSecondAgo()}::timestamptz WHERE kid = ${rotation!.kid}`);
    await keys.refresh();
    const after = await exchange(service, session);
    // The loaded keys' times come along, to say why when another key signed.
    expect({ kid: kidOf(after), now: Date.now(), keys: keys.times() }).toMatchObject({ kid: rotation!.kid });
    expect((await jwksOf(service)).keys).toHaveLength(2);
    expect(await bearerStatus(service, before)).toBe(200);
    expect(await anotherServiceAccepts(service, before)).toBe(true);
    expect(await anotherServiceAccepts(service, after)).toBe(true);

    // The overlap ends: the old key leaves the JWKS and its tokens are refused; the new ones still work.
    await service.ctx.db.execute(sql`UPDATE signing_keys SET retires_at = ${aSecondAgo()}::timestamptz WHERE kid = ${oldKid}`);
    await keys.refresh();
    expect((await jwksOf(service)).keys.map((key) => key.kid)).toEqual([rotation!.kid]);
    expect(await bearerStatus(service, before)).toBe(401);
    expect(await anotherServiceAccepts(service, before)).toBe(false);
    expect(await bearerStatus(service, after)).toBe(200);
  });

  it('immediate: signs with the new key at once and drops the old one', async () => {
    const { keys, secrets } = service.deps;
    const { token: session } = await signUp(service);
    const before = await exchange(service, session);

    const rotation = await rotateSigningKey(service.ctx.db, secrets.current, { immediate: true });
    await keys.refresh();
    expect((await jwksOf(service)).keys.map((key) => key.kid)).toEqual([rotation!.kid]);
    expect(kidOf(await exchange(service, session))).toBe(rotation!.kid);
    expect(await bearerStatus(service, before)).toBe(401);
  });
});

describe('the signing-key worker', () => {
  it('rotates a key older than AUTH_SIGNING_KEY_ROTATION_DAYS, and deletes retired keys', async () => {
    const service = await build({ AUTH_SIGNING_KEY_ROTATION_DAYS: '7' });
    try {
      const [oldKid] = (await jwksOf(service)).keys.map((key) => key.kid);
      await service.ctx.db.execute(sql`UPDATE signing_keys SET activates_at = now() - interval '8 days'`);
      await service.start();
      await eventually(async () => (await jwksOf(service)).keys.length === 2);
      const [old] = rowsOf<{ retires_at: Date | null }>(
        await service.ctx.db.execute(sql`SELECT retires_at FROM signing_keys WHERE kid = ${oldKid!}`),
      );
      expect(old!.retires_at).not.toBeNull();

      // Once the old key's retirement comes, a pass deletes it (here a second worker's first pass).
      await service.ctx.db.execute(sql`UPDATE signing_keys SET retires_at = now() - interval '1 second' WHERE kid = ${oldKid!}`);
      const worker = signingKeyWorker(service.deps);
      worker.start();
      await eventually(async () => (await countRows(service, 'signing_keys')) === 1);
      await worker.stop();
      expect((await jwksOf(service)).keys.map((key) => key.kid)).not.toContain(oldKid);
    } finally {
      await service.close();
    }
  });

  it('leaves a young key alone, and never rotates with AUTH_SIGNING_KEY_ROTATION_DAYS=0', async () => {
    for (const days of ['30', '0']) {
      const service = await build({ AUTH_SIGNING_KEY_ROTATION_DAYS: days });
      try {
        if (days === '0') await service.ctx.db.execute(sql`UPDATE signing_keys SET activates_at = now() - interval '400 days'`);
        await service.start();
        const { keys } = service.deps;
        await keys.refresh();
        expect((await jwksOf(service)).keys).toHaveLength(1);
      } finally {
        await service.close();
      }
    }
  });
});

describe('the rotate-signing-key command', () => {
  let root: string;
  beforeEach(() => {
    root = temporaryDirectory();
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('rotates the key of a stopped service; the service serves both keys and keeps signing with the old one', async () => {
    const env = { DATABASE_URL: undefined, DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent' };
    const first = await build(env);
    const { token: session } = await signUp(first);
    const before = await exchange(first, session);
    await first.close();

    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
    expect(await rotateSigningKeyCommand([], env, output)).toBe(0);
    expect(lines.join('\n')).toMatch(/^new signing key \S+: signs from \S+\nsigning key \S+ leaves the JWKS at \S+$/);
    expect(await rotateSigningKeyCommand([], env, output)).toBe(0);
    expect(lines.at(-1)).toMatch(/already under way/);
    expect(await rotateSigningKeyCommand(['--now'], env, output)).toBe(2);

    const second = await build(env);
    try {
      expect((await jwksOf(second)).keys).toHaveLength(2);
      expect(kidOf(await exchange(second, session))).toBe(kidOf(before));
      expect(await bearerStatus(second, before)).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses a secret that does not open the stored keys, adding nothing', async () => {
    const env = { DATABASE_URL: undefined, DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent' };
    await (await build(env)).close();
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await rotateSigningKeyCommand([], { ...env, AUTH_KEY_ENCRYPTION_SECRET: 'not-the-secret-of-this-key' }, output)).toBe(1);
    expect(lines.join('\n')).toMatch(/cannot decrypt the token signing key/);
    const service = await build(env);
    try {
      expect((await jwksOf(service)).keys).toHaveLength(1);
    } finally {
      await service.close();
    }
  });
});
