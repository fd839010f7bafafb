/**
 * Access-token verification every service does (`src/auth.ts`, ARCHITECTURE §4): tokens workspaces-auth
 * would issue pass; tokens without `exp`, `iat` or `kid`, with a lifetime over the cap, with `iat` in the future
 * or too old are refused — on a local JWKS and on a JWKS served over HTTP.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '@formloom/contracts/auth';
import {
  ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
  ACCESS_TOKEN_TTL_SECONDS,
  TOKEN_CLOCK_TOLERANCE_SECONDS,
} from '@formloom/contracts/limits';
import { createTokenVerifier, type TokenVerifier } from '../src/auth';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const KID = 'key-1';
const claims = { org: 7, adm: false, email: 'ada@example.com', ws: { '3': 'write' } };

let privateKey: PrivateKey;
let publicJwk: JWK;
let verify: TokenVerifier;

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'EdDSA', use: 'sig' };
  verify = createTokenVerifier({ jwks: { keys: [publicJwk] } });
});

const now = () => Math.floor(Date.now() / 1000);

/** Signs a token; `payload` overrides the standard claims (`undefined` leaves one out). */
function sign(payload: JWTPayload = {}, header: { kid?: string } = { kid: KID }): Promise<string> {
  const issuedAt = now();
  const body: JWTPayload = {
    ...claims,
    sub: '42',
    iss: JWT_ISSUER,
    aud: JWT_AUDIENCE,
    iat: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    ...payload,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return new SignJWT(body).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', ...header }).sign(privateKey);
}

describe('createTokenVerifier (local JWKS)', () => {
  it('accepts a token as workspaces-auth issues it', async () => {
    await expect(verify(await sign())).resolves.toEqual({ sub: '42', ...claims });
  });

  it('refuses a token without exp, or without iat', async () => {
    await expect(verify(await sign({ exp: undefined }))).resolves.toBeNull();
    await expect(verify(await sign({ iat: undefined }))).resolves.toBeNull();
  });

  it('refuses a token whose exp is years ahead (lifetime over the cap)', async () => {
    await expect(verify(await sign({ exp: now() + 5 * 365 * 24 * 3600 }))).resolves.toBeNull();
    await expect(verify(await sign({ exp: now() + ACCESS_TOKEN_MAX_LIFETIME_SECONDS + 1 }))).resolves.toBeNull();
    await expect(verify(await sign({ exp: now() + ACCESS_TOKEN_MAX_LIFETIME_SECONDS }))).resolves.not.toBeNull();
  });

  it('refuses a token issued in the future, beyond the clock tolerance', async () => {
    const future = now() + 3600;
    await expect(verify(await sign({ iat: future, exp: future + ACCESS_TOKEN_TTL_SECONDS }))).resolves.toBeNull();
    // A clock a little ahead is tolerated.
    const skewed = now() + Math.floor(TOKEN_CLOCK_TOLERANCE_SECONDS / 2);
    await expect(verify(await sign({ iat: skewed, exp: skewed + ACCESS_TOKEN_TTL_SECONDS }))).resolves.not.toBeNull();
  });

  it('refuses an expired token, and one issued longer ago than the cap', async () => {
    const past = now() - 2 * ACCESS_TOKEN_TTL_SECONDS;
    await expect(verify(await sign({ iat: past, exp: past + ACCESS_TOKEN_TTL_SECONDS }))).resolves.toBeNull();
    const old = now() - ACCESS_TOKEN_MAX_LIFETIME_SECONDS - TOKEN_CLOCK_TOLERANCE_SECONDS - 60;
    await expect(verify(await sign({ iat: old, exp: now() + 60 }))).resolves.toBeNull();
  });

  it('refuses a token without kid, even when the JWKS has a single key', async () => {
    await expect(verify(await sign({}, {}))).resolves.toBeNull();
    await expect(verify(await sign({}, { kid: 'unknown' }))).resolves.toBeNull();
  });

  it('refuses another issuer or audience', async () => {
    await expect(verify(await sign({ iss: 'someone-else' }))).resolves.toBeNull();
    await expect(verify(await sign({ aud: 'another-product' }))).resolves.toBeNull();
  });
});

describe('createTokenVerifier (JWKS over HTTP)', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('applies the same rules', async () => {
    const remote = createTokenVerifier({ jwksUrl: url });
    await expect(remote(await sign())).resolves.toMatchObject({ sub: '42' });
    await expect(remote(await sign({ exp: undefined }))).resolves.toBeNull();
    await expect(remote(await sign({ exp: now() + 365 * 24 * 3600 }))).resolves.toBeNull();
    await expect(remote(await sign({}, {}))).resolves.toBeNull();
  });
});
