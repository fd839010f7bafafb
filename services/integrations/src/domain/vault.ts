/**
 * The credential vault: connected accounts' secret fields encrypted at rest by envelope encryption, so a copy of the
 * database that leaves without the keys (a dump, a backup, a server's disks) holds no usable token.
 *
 * **Sealing** a row's secrets (NIST SP 800-38D, AES-256-GCM throughout, a random 96-bit IV per encryption):
 * 1. a fresh 256-bit data key per row encrypts the secrets' JSON, with the row id as additional authenticated data
 *    (sealed secrets copied onto another row do not open) → `credentials`;
 * 2. the current key-encryption key wraps the data key, with the row id and the key's id as AAD → `wrapped_key`,
 *    and the key's id is stored beside it (`key_id`).
 * Every encrypted value is stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 *
 * **Keys**: each key secret of `CREDENTIALS_ENCRYPTION_KEYS` gives a key-encryption key through scrypt (RFC 7914;
 * N = 2^15, r = 8, p = 1, a fixed salt), derived once per process; its id is the first 16 hex digits of an HMAC-SHA256
 * of a fixed label under the key (names the key without revealing it). The first secret wraps; all of them open.
 *
 * **Rotation**: the operator puts a new secret first and keeps the old ones after it; the re-wrap worker
 * (`rewrap-worker.ts`) re-wraps each row's data key with the new key (the credentials themselves are not re-encrypted:
 * the data key does not change), after which the old secret can be removed. A row whose key is no longer configured
 * does not open: {@link CredentialsUnreadableError}.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync } from 'node:crypto';

/** The scrypt salt of the key derivation (fixed: the key secret is the only input that varies). */
const KEY_SALT = 'formloom/credentials/v1';
/** scrypt's cost parameters (RFC 7914 §2): N = 2^15 needs 32 MiB, above Node's default limit. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
/** The label whose HMAC under a key is that key's id. */
const KEY_ID_LABEL = 'formloom/credentials/key-id';
/** The stored format's version. */
const FORMAT = 'v1';

/** What a sealed row stores: the wrapping key's id, the wrapped data key, the encrypted secrets. */
export interface Sealed {
  keyId: string;
  wrappedKey: string;
  credentials: string;
}

/** Raised when a row does not open: its key is not configured any more, or the row was altered. */
export class CredentialsUnreadableError extends Error {
  override readonly name = 'CredentialsUnreadableError';
}

/** One key-encryption key. */
interface KeyEncryptionKey {
  id: string;
  key: Buffer;
}

/** AES-256-GCM of `plaintext` under `key` with `aad`: `v1.<iv>.<tag>.<data>`. */
function encrypt(key: Buffer, plaintext: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Opens what {@link encrypt} made. @throws Error when the key, the AAD or the text do not match. */
function decrypt(key: Buffer, stored: string, aad: string): Buffer {
  const [format, iv, tag, data] = stored.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined) throw new Error('unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
}

/** Seals and opens connected accounts' secrets (see the module doc). */
export class CredentialVault {
  private readonly keys: KeyEncryptionKey[];

  /**
   * A vault over `secrets` (the first wraps, all open), each derived at once (scrypt, ~50–100 ms each).
   * @throws Error when `secrets` is empty.
   */
  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('the credential vault needs at least one key secret');
    this.keys = secrets.map((secret) => {
      const key = scryptSync(secret, KEY_SALT, 32, SCRYPT);
      return { id: createHmac('sha256', key).update(KEY_ID_LABEL).digest('hex').slice(0, 16), key };
    });
  }

  /** The id of the key that wraps new data keys (the first secret's). */
  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  /** `secrets` sealed for row `rowId` (a new data key, wrapped with the current key). */
  seal(secrets: Readonly<Record<string, string>>, rowId: string): Sealed {
    const dataKey = randomBytes(32);
    const current = this.keys[0]!;
    return {
      keyId: current.id,
      wrappedKey: encrypt(current.key, dataKey, `${rowId}|${current.id}`),
      credentials: encrypt(dataKey, Buffer.from(JSON.stringify(secrets), 'utf8'), rowId),
    };
  }

  /**
   * The secrets of row `rowId`.
   * @throws CredentialsUnreadableError when its key is not configured or the row was altered.
   */
  open(sealed: Sealed, rowId: string): Record<string, string> {
    const dataKey = this.unwrap(sealed, rowId);
    try {
      return JSON.parse(decrypt(dataKey, sealed.credentials, rowId).toString('utf8')) as Record<string, string>;
    } catch {
      throw new CredentialsUnreadableError(`the credentials of connection ${rowId} do not open with their data key (altered?)`);
    }
  }

  /**
   * `sealed` with its data key wrapped by the current key (`credentials` unchanged); `sealed` itself when it already is.
   * @throws CredentialsUnreadableError when its key is not configured or the row was altered.
   */
  rewrap(sealed: Sealed, rowId: string): Sealed {
    if (sealed.keyId === this.currentKeyId) return sealed;
    const dataKey = this.unwrap(sealed, rowId);
    const current = this.keys[0]!;
    return { keyId: current.id, wrappedKey: encrypt(current.key, dataKey, `${rowId}|${current.id}`), credentials: sealed.credentials };
  }

  /** The data key of row `rowId`. @throws CredentialsUnreadableError */
  private unwrap(sealed: Sealed, rowId: string): Buffer {
    const key = this.keys.find((candidate) => candidate.id === sealed.keyId);
    if (!key) {
      throw new CredentialsUnreadableError(
        `the credentials of connection ${rowId} are wrapped with key ${sealed.keyId}, which CREDENTIALS_ENCRYPTION_KEYS no longer holds`,
      );
    }
    try {
      return decrypt(key.key, sealed.wrappedKey, `${rowId}|${key.id}`);
    } catch {
      throw new CredentialsUnreadableError(`the data key of connection ${rowId} does not open with key ${key.id} (altered?)`);
    }
  }
}
