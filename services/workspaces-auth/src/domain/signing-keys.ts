/**
 * The keys that sign access tokens (ARCHITECTURE §4): Ed25519 key pairs (JWS `alg` EdDSA, RFC 8037) kept in
 * the service's own database (`signing_keys`), so tokens and the published JWKS survive restarts and every
 * replica signs with the same key.
 *
 * **At rest** the private JWK is always encrypted: AES-256-GCM under a key derived with scrypt (random 16-byte
 * salt per row, N=2^15, r=8, p=1) from the key encryption secret (`key-encryption-secret.ts`: configured, or
 * generated into `DATA_DIR`), the row's `kid` as additional authenticated data. At start, under an advisory
 * lock: a clear row (written by an earlier version) is encrypted in place; a row only the fallback secret opens
 * (the generated file, before `AUTH_KEY_ENCRYPTION_SECRET` was set) is encrypted again with the current one; a
 * row no secret opens stops the start — the service cannot sign without its key, and a silent new key would
 * log everyone out of every service.
 *
 * **Rotation.** Each row has `activates_at` (when it starts signing) and `retires_at` (when it leaves the
 * JWKS; null while no newer key exists). At any moment the JWKS publishes the rows not yet retired, and the
 * published row whose `activates_at` came last signs. {@link rotateSigningKey} adds a key that:
 * 1. is published at once and starts signing {@link SIGNING_KEY_PUBLISH_AHEAD_MS} later — by then every
 *    replica has loaded it (each reloads every {@link SIGNING_KEY_REFRESH_MS}) and every verifier's cached JWKS
 *    (`JWKS_CACHE_MAX_AGE_SECONDS`) holds it, give or take the clock tolerance;
 * 2. retires the older keys {@link SIGNING_KEY_OVERLAP_MS} after that: the last token an old key signed has
 *    expired by then (token lifetime + the clock tolerance verifiers allow), plus the gateway's token cache
 *    (`ACCESS_TOKEN_CACHE_MAX_MS`) and the verifiers' JWKS cache, as margins. Retired rows are deleted by the
 *    refresh worker (`src/workers.ts`) and leave the JWKS the moment they retire.
 * `immediate` (a leaked key) signs with the new key at once and deletes the others: every token they signed
 * stops working (users are not signed out: the gateway exchanges the session again), and services that
 * cached the JWKS keep trusting the old key until they fetch it again — restart them.
 * Automatic rotation: the refresh worker rotates when the signing key is older than
 * `AUTH_SIGNING_KEY_ROTATION_DAYS` (`src/keys.ts`). By hand: `src/rotate-signing-key.ts`. Runbook:
 * `docs/runbooks/workspaces-auth.md`.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { and, asc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { JWK, JWTVerifyGetKey } from 'jose';
import { type AuthClaims, JWT_AUDIENCE, JWT_ISSUER } from '@formloom/contracts/auth';
import type { PublicSigningKey } from '@formloom/contracts/api/workspaces-auth/keys';
import {
  ACCESS_TOKEN_CACHE_MAX_MS,
  ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
  ACCESS_TOKEN_TTL_SECONDS,
  JWKS_CACHE_MAX_AGE_SECONDS,
  TOKEN_CLOCK_TOLERANCE_SECONDS,
} from '@formloom/contracts/limits';
import { ACCESS_TOKEN_ALGORITHM, verifyAccessToken, type TokenVerifier } from '@formloom/kit/auth';
import type { Db, Tx } from '@formloom/kit/db';
import { signingKeys } from '../db/schema';
import type { KeyEncryptionSecret, KeyEncryptionSecrets } from './key-encryption-secret';

/** The JWS algorithm of every token (RFC 8037). */
export const SIGNING_ALGORITHM = ACCESS_TOKEN_ALGORITHM;
/** How often each replica reloads the keys from the database (ms): new, activated and retired keys. */
export const SIGNING_KEY_REFRESH_MS = 30_000;
/** How long a new key is published before it signs (ms; 6 minutes, see the module doc). */
export const SIGNING_KEY_PUBLISH_AHEAD_MS =
  SIGNING_KEY_REFRESH_MS + (JWKS_CACHE_MAX_AGE_SECONDS + TOKEN_CLOCK_TOLERANCE_SECONDS) * 1000;
/** How long older keys stay published after a new key started signing (ms; 10 min 40 s, see the module doc). */
export const SIGNING_KEY_OVERLAP_MS =
  (ACCESS_TOKEN_TTL_SECONDS + TOKEN_CLOCK_TOLERANCE_SECONDS + JWKS_CACHE_MAX_AGE_SECONDS) * 1000 + ACCESS_TOKEN_CACHE_MAX_MS;
/** Serializes key creation and rotation across replicas (transaction-level advisory lock id). */
const KEY_LOCK_ID = 7_349_202;
/** scrypt cost parameters of the at-rest key derivation (N=2^15 uses 32 MiB, about 100 ms per row opened). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

/** Where the signing keys' messages go (the service's pino logger). */
export interface KeyLogger {
  warn(context: object, message: string): void;
  info(context: object, message: string): void;
  error(context: object, message: string): void;
}

/** A key's place in the rotation, as loaded. Times in ms since the epoch. */
export interface KeyTimes {
  kid: string;
  activatesAt: number;
  /** Null while no newer key retires it. */
  retiresAt: number | null;
}

/** The loaded keys: sign new tokens, publish the public halves, verify tokens. */
export interface SigningKeys {
  /** The `kid` that signs now. @throws SigningKeyError when no key this replica can open may sign. */
  readonly currentKid: string;
  /** The published public keys (JWKS, RFC 7517), newest first: every key not retired. */
  jwks(): { keys: PublicSigningKey[] };
  /**
   * Signs `claims` (sub, org, adm, email, ws) as a JWT with `iss` {@link JWT_ISSUER}, `aud` {@link JWT_AUDIENCE},
   * `iat` now and `exp` now + `ttlSeconds`; header `{alg: 'EdDSA', kid, typ: 'JWT'}`, with the current key.
   * @throws Error when `ttlSeconds` exceeds `ACCESS_TOKEN_MAX_LIFETIME_SECONDS` (verifiers would refuse it)
   */
  sign(claims: AuthClaims, ttlSeconds: number): Promise<string>;
  /** Verifies a token signed by a published key, under the kit's rules (`verifyAccessToken`). */
  verify: TokenVerifier;
  /** Reloads the rows (keys added, activated or retired by another replica or the CLI). */
  refresh(): Promise<void>;
  /** The loaded keys' times, newest first (retired ones included until the next refresh). */
  times(): KeyTimes[];
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

/** Raised when the stored keys cannot be used with the secret. Stops the service's start. */
export class SigningKeyError extends Error {
  override readonly name = 'SigningKeyError';
}

type KeyRow = typeof signingKeys.$inferSelect;
/** A key as jose signs or verifies with it. */
type JoseKey = Awaited<ReturnType<typeof importJWK>>;

/** One loaded key. */
interface LoadedKey extends KeyTimes {
  publicJwk: PublicSigningKey;
  publicKey: JoseKey;
  /** Undefined when this replica's secret cannot open the row (logged; it never signs here). */
  privateKey: JoseKey | undefined;
}

/**
 * Makes sure a usable key exists and every row is encrypted with `secrets.current`, then loads the keys.
 * Under an advisory lock (replicas starting together create one key): deletes retired rows, creates the first
 * key when there is none, encrypts clear rows, re-encrypts rows only `secrets.fallback` opens.
 * @throws SigningKeyError when a row cannot be opened with either secret (the message says what to do).
 */
export async function loadSigningKeys(db: Db, secrets: KeyEncryptionSecrets, log: KeyLogger): Promise<SigningKeys> {
  const opened = new Map<string, string>();
  await db.transaction(async (tx) => {
    await lockKeys(tx);
    const now = new Date();
    await tx.delete(signingKeys).where(and(isNotNull(signingKeys.retiresAt), lte(signingKeys.retiresAt, now)));
    const rows = await tx.select().from(signingKeys);
    if (rows.length === 0) {
      const created = await newKeyRow(secrets.current, now);
      await tx.insert(signingKeys).values(created.row);
      opened.set(created.row.kid, created.privateJwk);
      log.info({ kid: created.row.kid }, 'generated the token signing key');
      return;
    }
    for (const row of rows) {
      if (!row.encrypted) {
        await tx.update(signingKeys).set({ privateJwk: encryptPrivateJwk(row.privateJwk, secrets.current.secret, row.kid), encrypted: true }).where(eq(signingKeys.kid, row.kid));
        opened.set(row.kid, row.privateJwk);
        log.info({ kid: row.kid }, 'encrypted the stored token signing key');
        continue;
      }
      const withCurrent = tryDecrypt(row, secrets.current.secret);
      const plain = withCurrent ?? (secrets.fallback ? tryDecrypt(row, secrets.fallback.secret) : undefined);
      if (plain === undefined) throw cannotOpen(row.kid, secrets.current);
      if (withCurrent === undefined) {
        await tx.update(signingKeys).set({ privateJwk: encryptPrivateJwk(plain, secrets.current.secret, row.kid) }).where(eq(signingKeys.kid, row.kid));
        log.info({ kid: row.kid, from: secrets.fallback?.file }, 'encrypted the token signing key again with AUTH_KEY_ENCRYPTION_SECRET');
      }
      opened.set(row.kid, plain);
    }
  });

  let loaded: LoadedKey[] = [];
  const reload = async (): Promise<void> => {
    const rows = await db.select().from(signingKeys).orderBy(asc(signingKeys.activatesAt), asc(signingKeys.kid));
    const previous = new Map(loaded.map((key) => [key.kid, key]));
    const next: LoadedKey[] = [];
    for (const row of rows) {
      const known = previous.get(row.kid);
      if (known) {
        next.push({ ...known, activatesAt: row.activatesAt.getTime(), retiresAt: row.retiresAt?.getTime() ?? null });
        continue;
      }
      const plain = opened.get(row.kid) ?? (row.encrypted ? tryDecrypt(row, secrets.current.secret) : row.privateJwk);
      if (plain === undefined) {
        log.error({ kid: row.kid }, 'a token signing key in the database cannot be opened with this replica\'s key encryption secret; it will not sign here');
      }
      next.push(await loadKey(row, plain));
    }
    opened.clear();
    loaded = next.reverse();
  };
  await reload();
  // One reload at a time, in call order: a slow reload started before a change (the worker's) must not
  // overwrite the result of one started after it (a rotation's).
  let reloading: Promise<void> = Promise.resolve();
  const refresh = (): Promise<void> => (reloading = reloading.then(reload, reload));

  const published = (now: number) => loaded.filter((key) => key.retiresAt === null || key.retiresAt > now);
  const signer = (now: number): LoadedKey => {
    const usable = published(now).filter((key) => key.privateKey !== undefined);
    // Newest first: the first that has activated signs; if none has (clocks apart), the oldest pending one.
    const key = usable.find((candidate) => candidate.activatesAt <= now) ?? usable.at(-1);
    if (!key) throw new SigningKeyError('no token signing key this replica can open is published');
    return key;
  };
  const getKey: JWTVerifyGetKey = (header) => {
    const key = published(Date.now()).find((candidate) => candidate.kid === header.kid);
    if (!key) throw new Error('unknown or retired kid');
    return key.publicKey;
  };

  return {
    get currentKid() {
      return signer(Date.now()).kid;
    },
    jwks: () => ({ keys: published(Date.now()).map((key) => ({ ...key.publicJwk })) }),
    async sign(claims, ttlSeconds) {
      if (ttlSeconds > ACCESS_TOKEN_MAX_LIFETIME_SECONDS) {
        throw new Error(`tokens live at most ${ACCESS_TOKEN_MAX_LIFETIME_SECONDS} s (asked: ${ttlSeconds})`);
      }
      const key = signer(Date.now());
      return signToken(key.privateKey!, key.kid, claims, ttlSeconds);
    },
    verify: (token) => verifyAccessToken(token, getKey),
    refresh,
    times: () => loaded.map(({ kid, activatesAt, retiresAt }) => ({ kid, activatesAt, retiresAt })),
  };
}

/** What a rotation did. Times in ms since the epoch. */
export interface Rotation {
  /** The new key. */
  kid: string;
  /** When it starts signing. */
  activatesAt: number;
  /** The older keys and when they leave the JWKS (`immediate`: deleted, at the rotation's time). */
  retired: { kid: string; retiresAt: number }[];
}

/** Options of {@link rotateSigningKey}. */
export interface RotateOptions {
  /** The rotation's time (default now). */
  now?: Date;
  /** Sign with the new key at once and delete the others (a leaked key). */
  immediate?: boolean;
  /** Rotate only when the signing key has signed for at least this long (ms; automatic rotation). */
  ifOlderThanMs?: number;
}

/**
 * Adds a new signing key and schedules the older ones' retirement (see the module doc), under the advisory
 * lock. Without `immediate`, a rotation already under way (a key published but not yet signing) is not
 * doubled: resolves `null`. With `ifOlderThanMs`, resolves `null` when the signing key is younger.
 * @returns what it did, or `null` when nothing was due
 */
export async function rotateSigningKey(db: Db, secret: KeyEncryptionSecret, options: RotateOptions = {}): Promise<Rotation | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    const rows = await tx.select().from(signingKeys).orderBy(asc(signingKeys.activatesAt));
    const live = rows.filter((row) => row.retiresAt === null || row.retiresAt > now);
    if (!options.immediate) {
      if (live.some((row) => row.activatesAt > now)) return null;
      const signing = live.filter((row) => row.activatesAt <= now).at(-1);
      if (options.ifOlderThanMs !== undefined && signing && now.getTime() - signing.activatesAt.getTime() < options.ifOlderThanMs) {
        return null;
      }
    }
    const activatesAt = new Date(now.getTime() + (options.immediate ? 0 : SIGNING_KEY_PUBLISH_AHEAD_MS));
    const created = await newKeyRow(secret, activatesAt);
    let retired: Rotation['retired'];
    if (options.immediate) {
      await tx.delete(signingKeys);
      retired = rows.map((row) => ({ kid: row.kid, retiresAt: now.getTime() }));
    } else {
      const retiresAt = new Date(activatesAt.getTime() + SIGNING_KEY_OVERLAP_MS);
      const updated = await tx
        .update(signingKeys)
        .set({ retiresAt })
        .where(and(ne(signingKeys.kid, created.row.kid), sql`(${signingKeys.retiresAt} IS NULL OR ${signingKeys.retiresAt} > ${retiresAt.toISOString()}::timestamptz)`))
        .returning({ kid: signingKeys.kid });
      retired = updated.map((row) => ({ kid: row.kid, retiresAt: retiresAt.getTime() }));
    }
    await tx.insert(signingKeys).values(created.row);
    return { kid: created.row.kid, activatesAt: activatesAt.getTime(), retired };
  });
}

/** Deletes the keys whose retirement has come; resolves their kids. */
export async function deleteRetiredKeys(db: Db, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .delete(signingKeys)
    .where(and(isNotNull(signingKeys.retiresAt), lte(signingKeys.retiresAt, now)))
    .returning({ kid: signingKeys.kid });
  return rows.map((row) => row.kid);
}

/** Takes the key lock for the rest of the transaction. */
async function lockKeys(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_ID})`);
}

/** The refusal for a row the secret cannot open, naming where the secret came from. */
function cannotOpen(kid: string, secret: KeyEncryptionSecret): SigningKeyError {
  const from =
    secret.source === 'config'
      ? 'AUTH_KEY_ENCRYPTION_SECRET'
      : secret.source === 'file'
        ? `the generated secret in ${secret.file} (AUTH_KEY_ENCRYPTION_SECRET is not set)`
        : 'a new in-memory secret';
  return new SigningKeyError(
    `${from} cannot decrypt the token signing key ${kid}: set AUTH_KEY_ENCRYPTION_SECRET to the secret it was stored with ` +
      '(or restore the secret file). If that secret is lost, delete the rows of signing_keys: a new key is made at start ' +
      'and tokens issued in the last minutes stop working (sessions stay signed in).',
  );
}

/** Loads one row: imports its public key, and its private key when `plainPrivateJwk` is given. */
async function loadKey(row: KeyRow, plainPrivateJwk: string | undefined): Promise<LoadedKey> {
  const publicJwk = toPublicKey(row.publicJwk, row.kid);
  return {
    kid: row.kid,
    activatesAt: row.activatesAt.getTime(),
    retiresAt: row.retiresAt?.getTime() ?? null,
    publicJwk,
    publicKey: await importJWK({ kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x }, SIGNING_ALGORITHM),
    privateKey: plainPrivateJwk === undefined ? undefined : await importJWK(JSON.parse(plainPrivateJwk) as JWK, SIGNING_ALGORITHM),
  };
}

async function signToken(privateKey: JoseKey, kid: string, claims: AuthClaims, ttlSeconds: number): Promise<string> {
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

/** A new key row (encrypted with `secret`) activating at `activatesAt`: a fresh Ed25519 pair, `kid` = RFC 7638 thumbprint. */
async function newKeyRow(secret: KeyEncryptionSecret, activatesAt: Date): Promise<{ row: KeyRow; privateJwk: string }> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = JSON.stringify(await exportJWK(privateKey));
  const row: KeyRow = {
    kid,
    algorithm: SIGNING_ALGORITHM,
    publicJwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x },
    privateJwk: encryptPrivateJwk(privateJwk, secret.secret, kid),
    encrypted: true,
    createdAt: new Date(),
    activatesAt,
    retiresAt: null,
  };
  return { row, privateJwk };
}

/** The private JWK's JSON of an encrypted row, or undefined when `secret` does not open it. */
function tryDecrypt(row: KeyRow, secret: string): string | undefined {
  try {
    return decryptPrivateJwk(row.privateJwk, secret, row.kid);
  } catch {
    return undefined;
  }
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
 * @throws SigningKeyError when `secret` is wrong or the stored text was altered.
 */
export function decryptPrivateJwk(stored: string, secret: string, kid: string): string {
  try {
    const envelope = JSON.parse(stored) as EncryptedEnvelope;
    const key = scryptSync(secret, Buffer.from(envelope.salt, 'base64url'), 32, SCRYPT);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid, 'utf8'));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64url'));
    const data = Buffer.from(envelope.data, 'base64url');
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new SigningKeyError(`the secret cannot decrypt the token signing key ${kid}`);
  }
}
