/**
 * Rotates the token signing key by hand (runbook: docs/runbooks/workspaces-auth.md, "Rotate the signing key"):
 *
 * ```sh
 * npx tsx services/workspaces-auth/src/rotate-signing-key.ts [--immediate]
 * ```
 *
 * with the service's own environment: `DATABASE_URL` (or `DATA_DIR` for PGlite) and the key encryption
 * secret the service uses (`AUTH_KEY_ENCRYPTION_SECRET`, or the generated file in `DATA_DIR`). It applies the
 * migrations (as a start would), checks that the secret opens the stored keys, then adds a key that signs
 * `SIGNING_KEY_PUBLISH_AHEAD_MS` later and retires the others `SIGNING_KEY_OVERLAP_MS` after that
 * (`domain/signing-keys.ts`); the running replicas pick it up by themselves. A rotation already under way is
 * not doubled. `--immediate` (a leaked key) signs with the new key at once and deletes the others; restart
 * every service afterwards so none keeps the old key in its cached JWKS.
 *
 * PGlite (embedded mode) is one process's database: stop the product before running this against its
 * `DATA_DIR`.
 *
 * Exit codes: 0 rotated (or a rotation was already under way), 1 refused (configuration, secret, database),
 * 2 bad arguments.
 */
import { migrate, openDatabase, resolveDatabaseLocation } from '@formloom/kit/db';
import { parseConfig } from '@formloom/kit/config';
import { kitMigrations } from '@formloom/kit/outbox';
import { migrations } from './db/migrations';
import { loadSigningKeys, rotateSigningKey, type KeyLogger } from './domain/signing-keys';
import { keyEncryptionSecretsOf, SigningKeyConfig } from './keys';

/** The service whose database and `DATA_DIR` entry are used. */
const SERVICE = 'workspaces-auth';

/** Where the command writes: one line per call. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs the command (see the module doc) with `args` (without `node` and the script) and `env`.
 * @returns the exit code; never throws
 */
export async function rotateSigningKeyCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--immediate');
  if (unknown.length > 0) {
    output.err(`unknown argument ${unknown[0]}; usage: rotate-signing-key [--immediate]`);
    return 2;
  }
  const immediate = args.includes('--immediate');
  const log: KeyLogger = {
    info: (_context, message) => output.out(message),
    warn: (_context, message) => output.err(`warning: ${message}`),
    error: (_context, message) => output.err(`error: ${message}`),
  };
  try {
    const config = parseConfig(env, SigningKeyConfig);
    const secrets = keyEncryptionSecretsOf(SERVICE, config, log);
    const database = await openDatabase(resolveDatabaseLocation(SERVICE, config));
    try {
      await migrate(database, [...kitMigrations, ...migrations]);
      // Opens every stored key with the secret first (never migrating them to it: that is the service's
      // start's job): a rotation with another secret would add a key no replica can sign with.
      await loadSigningKeys(database.db, { current: secrets.current }, log);
      const rotation = await rotateSigningKey(database.db, secrets.current, { immediate });
      if (!rotation) {
        output.out('a rotation is already under way (a new key is published and not signing yet): nothing done');
        return 0;
      }
      output.out(`new signing key ${rotation.kid}: signs from ${new Date(rotation.activatesAt).toISOString()}`);
      for (const key of rotation.retired) {
        output.out(
          immediate
            ? `deleted signing key ${key.kid}: restart every service now`
            : `signing key ${key.kid} leaves the JWKS at ${new Date(key.retiresAt).toISOString()}`,
        );
      }
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    output.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (require.main === module) {
  void rotateSigningKeyCommand(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
}
