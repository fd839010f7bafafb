/**
 * The service's signing keys, loaded once per service instance and shared by its routes (sign, verify, JWKS)
 * and its key worker (`workers.ts`): the configuration that decides them, and {@link loadServiceSigningKeys}.
 */
import { z } from 'zod';
import type { KitConfig } from '@formloom/kit/config';
import { resolveDatabaseLocation, type Db } from '@formloom/kit/db';
import {
  resolveKeyEncryptionSecret,
  type KeyEncryptionSecrets,
  type SecretLogger,
} from './domain/key-encryption-secret';
import { loadSigningKeys, type KeyLogger, type SigningKeys } from './domain/signing-keys';

/** Default of `AUTH_SIGNING_KEY_ROTATION_DAYS`: the signing key is replaced every 30 days. */
export const DEFAULT_SIGNING_KEY_ROTATION_DAYS = 30;

/** The environment variables of the signing keys (besides the kit's `DATA_DIR` and `DATABASE_URL`). */
export const SigningKeyConfig = z.object({
  /**
   * Secret from which the key that encrypts the token signing keys at rest is derived (scrypt → AES-256-GCM),
   * 16+ characters; the same for every replica, never changed once set. Unset: generated into
   * `$DATA_DIR/auth-key-encryption-secret`, or refused in Kubernetes with PostgreSQL
   * (`domain/key-encryption-secret.ts`).
   */
  AUTH_KEY_ENCRYPTION_SECRET: z.string().min(16).optional(),
  /** Days a signing key signs before the service rotates it by itself; 0 = never (rotate by hand). */
  AUTH_SIGNING_KEY_ROTATION_DAYS: z.coerce.number().int().min(0).max(3650).default(DEFAULT_SIGNING_KEY_ROTATION_DAYS),
});
/** Parsed {@link SigningKeyConfig}. */
export type SigningKeyConfig = z.infer<typeof SigningKeyConfig>;

/** What the keys need from a service context (`ServiceContext` of workspaces-auth). */
export interface KeysContext {
  name: string;
  db: Db;
  config: KitConfig & SigningKeyConfig;
  log: KeyLogger & SecretLogger;
}

/** The keys of a service instance and the secrets they are stored with. */
export interface LoadedSigningKeys {
  keys: SigningKeys;
  secrets: KeyEncryptionSecrets;
}

/**
 * The key encryption secrets of a configuration (see `domain/key-encryption-secret.ts`).
 * @throws KeyEncryptionSecretError when there is none to use (the message says what to set)
 */
export function keyEncryptionSecretsOf(
  name: string,
  config: KitConfig & SigningKeyConfig,
  log: SecretLogger,
): KeyEncryptionSecrets {
  return resolveKeyEncryptionSecret(
    {
      configured: config.AUTH_KEY_ENCRYPTION_SECRET,
      dataDir: config.DATA_DIR,
      database: resolveDatabaseLocation(name, config),
      inKubernetes: config.KUBERNETES_SERVICE_HOST !== undefined,
    },
    log,
  );
}

/**
 * Resolves the key encryption secret and loads the signing keys of a service instance (`loadSigningKeys`),
 * once, with its dependencies (`deps.ts`): its routes and its key worker share them.
 * @throws KeyEncryptionSecretError or SigningKeyError — the service must not start
 */
export async function loadServiceSigningKeys(ctx: KeysContext): Promise<LoadedSigningKeys> {
  const secrets = keyEncryptionSecretsOf(ctx.name, ctx.config, ctx.log);
  return { keys: await loadSigningKeys(ctx.db, secrets, ctx.log), secrets };
}
