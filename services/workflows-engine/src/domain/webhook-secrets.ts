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
 * **The key secret** ({@link resolveWebhookKeySecret}): the kit's rule (`@formloom/kit/key-secrets`) with
 * `WEBHOOK_SECRET_ENCRYPTION_KEY`, generated into `$DATA_DIR/webhook-secret-encryption-key` where it may be; none in
 * Kubernetes with PostgreSQL unless set: webhooks are then refused (503 'Webhooks are not available …'), the rest of
 * the engine runs.
 *
 * The secret must be the same for every replica and never change once webhooks exist (their secrets would no
 * longer open: those deliveries fail with an error saying so).
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { resolveKeySecret, type KeySecretInput, type KeySecretLogger } from '@formloom/kit/key-secrets';

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

/** What decides the key secret (kit `KeySecretInput`). */
export type WebhookKeySecretInput = KeySecretInput;

/**
 * The key secret of webhook signing secrets (the kit's `resolveKeySecret` with `WEBHOOK_SECRET_ENCRYPTION_KEY` and
 * {@link WEBHOOK_KEY_SECRET_FILE}), or `null` when there is none to use: the engine then runs without webhooks, with
 * a warning that says what to set.
 */
export function resolveWebhookKeySecret(input: WebhookKeySecretInput, log: KeySecretLogger): string | null {
  return resolveKeySecret(
    input,
    { variable: 'WEBHOOK_SECRET_ENCRYPTION_KEY', file: WEBHOOK_KEY_SECRET_FILE, offMessage: 'outgoing webhooks are off', purpose: 'webhook signing secrets' },
    log,
  );
}
