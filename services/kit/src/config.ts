/**
 * Configuration every service reads from its environment (documented in the README's configuration table).
 * Each service may add its own variables with a zod object passed to `createService`.
 */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** The variables every service understands. */
export const KitConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Port to listen on; 0 picks a free one. */
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where embedded PGlite databases live: `$DATA_DIR/<service>`. */
  DATA_DIR: z.string().default('.data'),
  /**
   * The service's database. `postgres://…` uses PostgreSQL (created if missing); `memory://` an in-memory
   * PGlite (tests); unset, a PGlite directory under DATA_DIR.
   */
  DATABASE_URL: z.string().optional(),
  /** Event bus adapter: `in-process` (embedded) or `redis` (Redis Streams). */
  EVENT_BUS: z.enum(['in-process', 'redis']).default('in-process'),
  /** Redis for the Redis Streams bus. */
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Where to fetch the JWKS that verifies user JWTs (workspaces-auth's `/.well-known/jwks.json`). */
  AUTH_JWKS_URL: z.string().url().optional(),
  /** Shared secret on `/internal/…` calls between services. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  /** Outbox relay polling interval (ms) when nothing kicks it. */
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Maximum rows the outbox relay publishes per batch. */
  OUTBOX_BATCH_SIZE: z.coerce.number().int().positive().max(10_000).default(200),
  /** PostgreSQL pool size per service process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Trust `X-Forwarded-*` headers (behind the gateway or an ingress). */
  TRUST_PROXY: bool.default(true),
});
/** Parsed kit configuration. */
export type KitConfig = z.infer<typeof KitConfig>;

/** A configuration error: the message lists every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses `env` with the kit schema merged with a service's own schema.
 * @throws ConfigError naming each invalid variable.
 */
export function parseConfig<TExtra extends z.ZodRawShape>(
  env: Record<string, string | undefined>,
  extra?: z.ZodObject<TExtra>,
): KitConfig & z.infer<z.ZodObject<TExtra>> {
  const schema = extra ? KitConfig.extend(extra.shape) : KitConfig;
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data as KitConfig & z.infer<z.ZodObject<TExtra>>;
}
