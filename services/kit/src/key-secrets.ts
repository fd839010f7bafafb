/**
 * Where a service's encryption-at-rest key secret comes from, one rule for every feature that keeps secrets in its
 * database (workflows-engine's webhook signing secrets, integrations' connected-account credentials):
 *
 * | where the database is | the variable set | unset |
 * | --- | --- | --- |
 * | anywhere | that secret | — |
 * | in memory (`DATABASE_URL=memory://`, tests) | | random, kept in memory: it dies with the database |
 * | PGlite under `DATA_DIR`, or PostgreSQL outside Kubernetes | | generated once into `$DATA_DIR/<file>` (mode 0600) |
 * | PostgreSQL in Kubernetes | | none: the feature is off (the service says so and what to set), the rest runs |
 *
 * A generated secret is 32 random bytes in base64url (43 characters). The secret must be the same for every replica
 * and outlive the data it encrypts; the caller derives its key from it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseLocation } from './db';

/** What decides a key secret. */
export interface KeySecretInput {
  /** The operator's variable's value (e.g. `WEBHOOK_SECRET_ENCRYPTION_KEY`), if set. */
  configured: string | undefined;
  /** `DATA_DIR`. */
  dataDir: string;
  /** Where the service's database is (`resolveDatabaseLocation`). */
  database: DatabaseLocation;
  /** True inside a Kubernetes pod (`KUBERNETES_SERVICE_HOST` is set). */
  inKubernetes: boolean;
}

/** What the feature is called in the warnings, and where its secret lives. */
export interface KeySecretSource {
  /** The variable the operator sets (named in the warning). */
  variable: string;
  /** The file under `DATA_DIR` that keeps a generated secret. */
  file: string;
  /** What stops working without a secret, as the warning's start: 'outgoing webhooks are off'. */
  offMessage: string;
  /** What the generated secret encrypts, for the info line: 'webhook signing secrets'. */
  purpose: string;
}

/** Where the resolution reports (the service's logger; never the secret itself). */
export interface KeySecretLogger {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

/**
 * The key secret (see the module doc's table), or `null` when there is none to use (Kubernetes with PostgreSQL and
 * the variable unset, or a `DATA_DIR` that cannot hold the file): the feature is then off, with a warning that says
 * what to set. May create `DATA_DIR` (0700) and the file (0600).
 */
export function resolveKeySecret(input: KeySecretInput, source: KeySecretSource, log: KeySecretLogger): string | null {
  if (input.configured) return input.configured;
  if (input.database.kind === 'pglite' && input.database.dataDir === undefined) return randomBytes(32).toString('base64url');
  const howTo = `Set ${source.variable} to 16 or more random characters from a secret store, the same for every replica, never changed afterwards.`;
  if (input.database.kind === 'postgres' && input.inKubernetes) {
    log.warn({}, `${source.offMessage}: ${source.variable} is not set. ${howTo}`);
    return null;
  }
  const file = path.resolve(input.dataDir, source.file);
  try {
    return readOrCreate(file, source, log);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    log.warn({ file, code }, `${source.offMessage}: the generated key secret cannot be kept in DATA_DIR. ${howTo}`);
    return null;
  }
}

/** The secret in `file` (16+ characters), generating one when missing. @throws on I/O errors. */
function readOrCreate(file: string, source: KeySecretSource, log: KeySecretLogger): string {
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
  log.info({ file }, `generated the key secret of ${source.purpose} (keep it with the data)`);
  return secret;
}
