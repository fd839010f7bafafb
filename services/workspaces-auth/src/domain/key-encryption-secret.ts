/**
 * The secret that encrypts the token signing keys at rest (`signing-keys.ts`). The keys are never stored in
 * clear, so there is always a secret:
 *
 * | where the database is | `AUTH_KEY_ENCRYPTION_SECRET` set | unset |
 * | --- | --- | --- |
 * | anywhere | that secret | — |
 * | in memory (`DATABASE_URL=memory://`, tests) | | a random secret kept in memory: it dies with the database |
 * | PGlite under `DATA_DIR` (embedded) | | generated once into `$DATA_DIR/auth-key-encryption-secret` (mode 0600, `DATA_DIR` created 0700) |
 * | PostgreSQL outside Kubernetes (one node) | | the same file: every process of the node shares `DATA_DIR` |
 * | PostgreSQL in Kubernetes (`KUBERNETES_SERVICE_HOST` set) | | **refused**: the pods share the database, not a `DATA_DIR`, and a pod's files die with it |
 *
 * A `DATA_DIR` that cannot be created or written refuses the start too; each refusal says what to set.
 * The file protects copies of the database that leave without it (dumps, a PostgreSQL server's disks,
 * backups of the database alone); whoever can read `DATA_DIR` as the service's user can read both.
 *
 * When `AUTH_KEY_ENCRYPTION_SECRET` is set and the file exists too (an installation that ran without the
 * variable first), the file's secret is offered as the fallback: keys it opens are encrypted again with the
 * configured secret at start (`loadSigningKeys`); the file can be deleted afterwards.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseLocation } from '@formloom/kit/db';

/** The file under `DATA_DIR` that keeps a generated secret (named like the Helm chart's Secret key). */
export const KEY_ENCRYPTION_SECRET_FILE = 'auth-key-encryption-secret';

/** A secret and where it comes from (for log lines and error messages; never the secret itself). */
export interface KeyEncryptionSecret {
  secret: string;
  /** `config`: `AUTH_KEY_ENCRYPTION_SECRET`; `file`: the file under `DATA_DIR`; `memory`: random, this process only. */
  source: 'config' | 'file' | 'memory';
  /** The file's path when `source` is `file`. */
  file?: string;
}

/** The secrets {@link resolveKeyEncryptionSecret} found: the one to use, and an older one to migrate from. */
export interface KeyEncryptionSecrets {
  current: KeyEncryptionSecret;
  /** The generated file's secret when a configured secret replaced it. */
  fallback?: KeyEncryptionSecret;
}

/** What decides the secret. */
export interface KeyEncryptionSecretInput {
  /** `AUTH_KEY_ENCRYPTION_SECRET`. */
  configured: string | undefined;
  /** `DATA_DIR`. */
  dataDir: string;
  /** Where the service's database is (kit `resolveDatabaseLocation`). */
  database: DatabaseLocation;
  /** True inside a Kubernetes pod (`KUBERNETES_SERVICE_HOST` is set in every pod). */
  inKubernetes: boolean;
}

/** Where the secret resolution reports (the service's pino logger). */
export interface SecretLogger {
  warn(context: object, message: string): void;
  info(context: object, message: string): void;
}

/** Raised when no usable secret exists: the message says what to set. Stops the service's start. */
export class KeyEncryptionSecretError extends Error {
  override readonly name = 'KeyEncryptionSecretError';
}

/** How to give the secret, said in every refusal. */
const HOW_TO_SET =
  'Set AUTH_KEY_ENCRYPTION_SECRET to 16 or more random characters from a secret store (Helm: secrets.authKeyEncryptionSecret, ' +
  'or the key auth-key-encryption-secret of secrets.existingSecret), the same value for every replica, never changed afterwards.';

/**
 * Decides the secret (see the module doc); may create `DATA_DIR` (0700) and the secret file (0600), and takes
 * group and other access away from an existing secret file (with a warning).
 * @throws KeyEncryptionSecretError in Kubernetes with PostgreSQL and no `AUTH_KEY_ENCRYPTION_SECRET`, and when
 *   `DATA_DIR` or the file cannot be created, read or written, or the file holds no usable secret.
 */
export function resolveKeyEncryptionSecret(input: KeyEncryptionSecretInput, log: SecretLogger): KeyEncryptionSecrets {
  const file = path.resolve(input.dataDir, KEY_ENCRYPTION_SECRET_FILE);
  if (input.configured) {
    const existing = readSecretFile(file, log);
    return {
      current: { secret: input.configured, source: 'config' },
      ...(existing === undefined ? {} : { fallback: { secret: existing, source: 'file', file } }),
    };
  }
  if (input.database.kind === 'pglite' && input.database.dataDir === undefined) {
    return { current: { secret: randomBytes(32).toString('base64url'), source: 'memory' } };
  }
  if (input.database.kind === 'postgres' && input.inKubernetes) {
    throw new KeyEncryptionSecretError(
      'AUTH_KEY_ENCRYPTION_SECRET is not set. workspaces-auth keeps its token signing key encrypted in PostgreSQL; in ' +
        'Kubernetes every pod must open it with the same secret, and one generated into a pod\'s DATA_DIR would die with the pod. ' +
        HOW_TO_SET,
    );
  }
  return { current: { secret: readOrCreateSecretFile(file, log), source: 'file', file } };
}

/** The secret in `file`, or undefined when there is no file. @throws KeyEncryptionSecretError when unreadable or malformed. */
function readSecretFile(file: string, log: SecretLogger): string | undefined {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw unusable(file, error);
  }
  if ((mode & 0o077) !== 0) {
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      throw unusable(file, error);
    }
    log.warn({ file }, 'the key encryption secret file was readable by other users: its mode is now 0600');
  }
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw unusable(file, error);
  }
  if (secret.length < 16) {
    throw new KeyEncryptionSecretError(`${file} holds no key encryption secret (fewer than 16 characters). ${HOW_TO_SET}`);
  }
  return secret;
}

/** The secret in `file`, generating one (32 random bytes, base64url; file 0600, `DATA_DIR` 0700) when missing. */
function readOrCreateSecretFile(file: string, log: SecretLogger): string {
  const existing = readSecretFile(file, log);
  if (existing !== undefined) return existing;
  const secret = randomBytes(32).toString('base64url');
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // `wx`: never overwrite a file another process wrote meanwhile.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(file, log)!;
    throw unusable(file, error);
  }
  log.info({ file }, 'generated the key encryption secret of the token signing keys (keep it with the data)');
  return secret;
}

/** The refusal for a `DATA_DIR` or file that cannot be used. */
function unusable(file: string, error: unknown): KeyEncryptionSecretError {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  return new KeyEncryptionSecretError(
    `AUTH_KEY_ENCRYPTION_SECRET is not set, and the generated secret cannot be kept in DATA_DIR (${file}: ${code}). ` +
      `Make DATA_DIR a writable directory that outlives the process, or: ${HOW_TO_SET}`,
  );
}
