/**
 * Webhook signing secrets: made ({@link newWebhookSecret}), and kept encrypted at rest ({@link SecretBox}), so a
 * copy of the database that leaves without the key (a dump, a backup, a PostgreSQL server's disks) cannot sign
 * deliveries in an integrator's name.
 *
 * **Encryption**: AES-256-GCM (NIST SP 800-38D) with a random 96-bit IV per secret and the subscription id as
 * additional authenticated data (a secret copied onto another row does not open); stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The 256-bit key is derived once per process with scrypt (RFC 7914;
 * N = 2^15, r = 8, p = 1) from a key secret and a fixed salt, so sending costs one AES operation per delivery.
 *
 * **The key secret** ({@link resolveWebhookKeySecret}), the same rule as workspaces-auth's signing keys:
 *
 * | where the database is | `WEBHOOK_SECRET_ENCRYPTION_KEY` set | unset |
 * | --- | --- | --- |
 * | anywhere | that secret | — |
 * | in memory (`DATABASE_URL=memory://`, tests) | | random, kept in memory: it dies with the database |
 * | PGlite under `DATA_DIR`, or PostgreSQL outside Kubernetes | | generated once into `$DATA_DIR/webhook-secret-encryption-key` (mode 0600) |
 * | PostgreSQL in Kubernetes | | none: webhooks are refused (503 'Webhooks are not available …'), the rest of the engine runs |
 *
 * The secret must be the same for every replica and never change once webhooks exist (their secrets would no
 * longer open: those deliveries fail with an error saying so).
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseLocation } from '@formloom/kit/db';

/** The file under `DATA_DIR` that keeps a generated key secret. */
export const WEBHOOK_KEY_SECRET_FILE = 'webhook-secret-encryption-key';
/** The prefix of every webhook signing secret (Stripe's convention: tells a signing secret from an API key). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The scrypt salt of the key derivation (fixed: the key secret is the only input that varies). */
const KEY_SALT = 'formloom/webhook-secrets/v1';
/** scrypt's cost parameters (RFC 7914 §2): N = 2^15 needs 32 MiB, above Node's default limit. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
/** The stored format's version. */
const FORMAT = 'v1';

/** A new signing secret: {@link WEBHOOK_SECRET_PREFIX} + 32 random bytes in base64url (43 characters). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Raised when a stored secret does not open with the configured key (a changed key, an altered row). */
export class WebhookSecretError extends Error {
  override readonly name = 'WebhookSecretError';
}

/** Encrypts and decrypts signing secrets with one AES-256-GCM key (see the module doc). */
export class SecretBox {
  private derived: Buffer | undefined;

  /** A box whose key is derived from `keySecret` when first used (scrypt, about 50-100 ms: once per process). */
  constructor(private readonly keySecret: string) {}

  /** The AES-256 key (derived once). */
  private get key(): Buffer {
    this.derived ??= scryptSync(this.keySecret, KEY_SALT, 32, SCRYPT);
    return this.derived;
  }

  /** `secret` encrypted for the row `id` (its AAD): `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  encrypt(secret: string, id: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(id, 'utf8'));
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /**
   * Opens what {@link encrypt} made for the row `id`.
   * @throws WebhookSecretError when the key is not the one it was stored with, or the text was altered.
   */
  decrypt(stored: string, id: string): string {
    try {
      const [format, iv, tag, data] = stored.split('.');
      if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined) throw new Error('unknown format');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(id, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new WebhookSecretError(
        `the signing secret of webhook ${id} does not open with WEBHOOK_SECRET_ENCRYPTION_KEY (was the key changed?)`,
      );
    }
  }
}

/** What decides the key secret. */
export interface WebhookKeySecretInput {
  /** `WEBHOOK_SECRET_ENCRYPTION_KEY`. */
  configured: string | undefined;
  /** `DATA_DIR`. */
  dataDir: string;
  /** Where the engine's database is (kit `resolveDatabaseLocation`). */
  database: DatabaseLocation;
  /** True inside a Kubernetes pod (`KUBERNETES_SERVICE_HOST` is set). */
  inKubernetes: boolean;
}

/** Where the resolution reports (the service's logger; never the secret itself). */
export interface WebhookKeyLogger {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

/**
 * The key secret of webhook signing secrets (see the module doc's table), or `null` when there is none to use
 * (Kubernetes with PostgreSQL and no `WEBHOOK_SECRET_ENCRYPTION_KEY`, or a `DATA_DIR` that cannot hold the
 * file): the engine then runs without webhooks, with a warning that says what to set. May create `DATA_DIR`
 * (0700) and the file (0600).
 */
export function resolveWebhookKeySecret(input: WebhookKeySecretInput, log: WebhookKeyLogger): string | null {
  if (input.configured) return input.configured;
  if (input.database.kind === 'pglite' && input.database.dataDir === undefined) return randomBytes(32).toString('base64url');
  const howTo =
    'Set WEBHOOK_SECRET_ENCRYPTION_KEY to 16 or more random characters from a secret store, the same for every replica, never changed afterwards.';
  if (input.database.kind === 'postgres' && input.inKubernetes) {
    log.warn({}, `outgoing webhooks are off: WEBHOOK_SECRET_ENCRYPTION_KEY is not set. ${howTo}`);
    return null;
  }
  const file = path.resolve(input.dataDir, WEBHOOK_KEY_SECRET_FILE);
  try {
    return readOrCreate(file, log);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    log.warn({ file, code }, `outgoing webhooks are off: the generated key secret cannot be kept in DATA_DIR. ${howTo}`);
    return null;
  }
}

/** The secret in `file` (16+ characters), generating one (32 random bytes, base64url) when missing. @throws on I/O errors. */
function readOrCreate(file: string, log: WebhookKeyLogger): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 16) {
      chmodSync(file, 0o600);
      return existing;
    }
    throw Object.assign(new Error(`${file} holds fewer than 16 characters`), { code: 'EINVAL' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: never overwrite a file another process wrote meanwhile.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  log.info({ file }, 'generated the key secret of webhook signing secrets (keep it with the data)');
  return secret;
}
