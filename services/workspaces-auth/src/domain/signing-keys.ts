/**
 * The keys that sign access tokens (ARCHITECTURE §4): one Ed25519 key pair (JWS `alg` EdDSA), generated at the
 * service's first start and kept in its own database (`signing_keys`), so tokens and the published JWKS
 * survive restarts and every replica signs with the same key.
 *
 * At rest: when `AUTH_KEY_ENCRYPTION_SECRET` is set the private JWK is encrypted with AES-256-GCM under a
 * key derived from the secret with scrypt (random 16-byte salt per row, N=2^15, r=8, p=1), the row's `kid`
 * as additional authenticated data; without the secret it is stored as plain JSON and the service logs a
 * warning at every start. A plain row found while a secret is set is encrypted in place at start. An
 * encrypted row with no secret, or a secret that does not open it, stops the start with an error (the
 * service cannot sign without its key, and generating a new one would silently invalidate every token).
 *
 * Not yet: rotation. The JWKS publishes every row, and the newest row signs, so a rotation only has to
 * insert a new row (and later delete the old one once its tokens have expired).
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { JWK, JSONWebKeySet } from 'jose';
import { AuthClaims, JWT_AUDIENCE, JWT_ISSUER } from '@formloom/contracts/auth';
import type { PublicSigningKey } from '@formloom/contracts/http/workspaces-auth';
import type { Db } from '@formloom/kit/db';
import type { TokenVerifier } from '@formloom/kit/auth';
import { signingKeys } from '../db/schema';

/** The JWS algorithm of every token (RFC 8037). */
export const SIGNING_ALGORITHM = 'EdDSA';
/** Serializes key creation across replicas starting together (transaction-level advisory lock id). */
const KEY_LOCK_ID = 7_349_202;
/** scrypt cost parameters of the at-rest key derivation (N=2^15 uses 32 MiB, about 100 ms once per start). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

/** Where the signing keys' messages go (the service's pino logger). */
export interface KeyLogger {
  warn(context: object, message: string): void;
  info(context: object, message: string): void;
}

/** The loaded keys: sign new tokens, publish the public half, verify tokens. */
export interface SigningKeys {
  /** The `kid` that signs new tokens. */
  readonly currentKid: string;
  /** The public keys (JWKS, RFC 7517) every service verifies tokens with. */
  jwks(): { keys: PublicSigningKey[] };
  /**
   * Signs `claims` (sub, org, adm, email, ws) as a JWT with `iss` {@link JWT_ISSUER}, `aud` {@link JWT_AUDIENCE},
   * `iat` now and `exp` now + `ttlSeconds`; header `{alg: 'EdDSA', kid}`.
   */
  sign(claims: AuthClaims, ttlSeconds: number): Promise<string>;
  /** Verifies a token signed by one of these keys; the claims or `null` (bad, expired, foreign). */
  verify: TokenVerifier;
}

/** The encrypted form of a private JWK (stored as JSON text in `signing_keys.private_jwk`). */
interface EncryptedEnvelope {
  v: 1;
  alg: 'A256GCM';
  kdf: 'scrypt';
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

/** Raised when the stored key cannot be used with the configured secret. Stops the service's start. */
export class SigningKeyError extends Error {
  override readonly name = 'SigningKeyError';
}

/**
 * Loads the signing keys from `db`, creating the first key pair when there is none (under an advisory lock,
 * so replicas that start together create one key). Encrypts plain rows when `secret` is set.
 * @throws SigningKeyError when a row is encrypted and `secret` is unset or wrong.
 */
export async function loadSigningKeys(db: Db, secret: string | undefined, log: KeyLogger): Promise<SigningKeys> {
  if (!secret) {
    log.warn(
      {},
      'AUTH_KEY_ENCRYPTION_SECRET is not set: the token signing key is stored unencrypted in the database',
    );
  }
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_ID})`);
    const existing = await tx.select().from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
    if (existing.length === 0) {
      const created = await newKeyRow(secret);
      await tx.insert(signingKeys).values(created);
      log.info({ kid: created.kid }, 'generated the token signing key');
      return [created];
    }
    if (secret) {
      for (const row of existing.filter((r) => !r.encrypted)) {
        const privateJwk = encryptPrivateJwk(row.privateJwk, secret, row.kid);
        await tx.update(signingKeys).set({ privateJwk, encrypted: true }).where(eq(signingKeys.kid, row.kid));
        log.info({ kid: row.kid }, 'encrypted the stored token signing key');
      }
    }
    return existing;
  });

  const current = rows[0]!;
  const privateJwk: JWK = JSON.parse(
    current.encrypted ? decryptPrivateJwk(current.privateJwk, secret, current.kid) : current.privateJwk,
  );
  const privateKey = await importJWK(privateJwk, SIGNING_ALGORITHM);
  const publicKeys = rows.map((row) => toPublicKey(row.publicJwk, row.kid));
  const keySet: JSONWebKeySet = { keys: publicKeys };
  const getKey = createLocalJWKSet(keySet);

  return {
    currentKid: current.kid,
    jwks: () => ({ keys: publicKeys.map((k) => ({ ...k })) }),
    sign: (claims, ttlSeconds) => signToken(privateKey, current.kid, claims, ttlSeconds),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, getKey, {
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          algorithms: [SIGNING_ALGORITHM],
        });
        const parsed = AuthClaims.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

/** A private key as jose imports it. */
type PrivateKey = Awaited<ReturnType<typeof importJWK>>;

async function signToken(
  privateKey: PrivateKey,
  kid: string,
  claims: AuthClaims,
  ttlSeconds: number,
): Promise<string> {
  const { sub, ...rest } = claims;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(rest)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(privateKey);
}

/** The published form of a public JWK: only `kty`, `crv`, `x`, plus `kid`, `alg`, `use`. */
function toPublicKey(jwk: JWK, kid: string): PublicSigningKey {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new SigningKeyError(`signing key ${kid} is not an Ed25519 public key`);
  }
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: SIGNING_ALGORITHM, use: 'sig' };
}

/** A new key row: a fresh Ed25519 pair, `kid` = RFC 7638 thumbprint of the public key. */
async function newKeyRow(secret: string | undefined): Promise<typeof signingKeys.$inferSelect> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const plain = JSON.stringify(await exportJWK(privateKey));
  return {
    kid,
    algorithm: SIGNING_ALGORITHM,
    publicJwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x },
    privateJwk: secret ? encryptPrivateJwk(plain, secret, kid) : plain,
    encrypted: Boolean(secret),
    createdAt: new Date(),
  };
}

/** Encrypts a private JWK's JSON for storage; see the module comment for the scheme. */
export function encryptPrivateJwk(plain: string, secret: string, kid: string): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', scryptSync(secret, salt, 32, SCRYPT), iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const envelope: EncryptedEnvelope = {
    v: 1,
    alg: 'A256GCM',
    kdf: 'scrypt',
    salt: salt.toString('base64url'),
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
  return JSON.stringify(envelope);
}

/**
 * Opens what {@link encryptPrivateJwk} made.
 * @throws SigningKeyError when `secret` is unset, wrong, or the stored text was altered.
 */
export function decryptPrivateJwk(stored: string, secret: string | undefined, kid: string): string {
  if (!secret) {
    throw new SigningKeyError(
      `the token signing key ${kid} is encrypted: set AUTH_KEY_ENCRYPTION_SECRET to the secret it was stored with`,
    );
  }
  try {
    const envelope = JSON.parse(stored) as EncryptedEnvelope;
    const key = scryptSync(secret, Buffer.from(envelope.salt, 'base64url'), 32, SCRYPT);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid, 'utf8'));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64url'));
    const data = Buffer.from(envelope.data, 'base64url');
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new SigningKeyError(`AUTH_KEY_ENCRYPTION_SECRET cannot decrypt the token signing key ${kid}`);
  }
}
