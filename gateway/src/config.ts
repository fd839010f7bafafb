/**
 * The gateway's environment (documented in the README's configuration table). Parsed with zod; every bad
 * variable is named in one {@link ConfigError}.
 */
import { z } from 'zod';
import type { ServiceName } from '@formloom/contracts/routes';
import { ConfigError } from '@formloom/kit/config';

/** The environment variable that holds each service's base URL. */
export const SERVICE_URL_ENV: Readonly<Record<ServiceName, string>> = {
  'workspaces-auth': 'WORKSPACES_AUTH_URL',
  flows: 'FLOWS_URL',
  'workflows-engine': 'WORKFLOWS_ENGINE_URL',
};

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL');
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The gateway's variables. */
export const GatewayEnv = z.object({
  /** Base URL of workspaces-auth, e.g. `http://workspaces-auth:8080`. */
  WORKSPACES_AUTH_URL: httpUrl,
  /** Base URL of flows. */
  FLOWS_URL: httpUrl,
  /** Base URL of workflows-engine. */
  WORKFLOWS_ENGINE_URL: httpUrl,
  /** Shared service token (at least 16 characters), the same value every service has. */
  INTERNAL_TOKEN: z.string().min(16),
  /** Directory of the built web app (default: the repository's `web/dist`); missing: API only. */
  WEB_DIST: z.string().optional(),
  /** Port to listen on (default 8080; 0 picks a free one). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to listen on (default `0.0.0.0`). */
  HOST: z.string().default('0.0.0.0'),
  /** pino level (default `info`). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust the client's `X-Forwarded-*` (default `false`; `true` behind an ingress or load balancer). */
  TRUST_PROXY: bool.default(false),
  /** OTLP/HTTP collector for traces, e.g. `http://otel-collector:4318`; unset: spans are not exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces' `service.name` (default `gateway`). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /**
   * Serve Prometheus metrics at `GET /metrics` (default `true`). The gateway is public: keep `/metrics` off
   * the ingress (or set this to `false`) when it should not be reachable from outside.
   */
  METRICS_ENABLED: bool.default(true),
});
/** Parsed gateway environment. */
export type GatewayEnv = z.infer<typeof GatewayEnv>;

/**
 * Parses the gateway's environment (empty strings count as unset).
 * @throws ConfigError naming each invalid variable.
 */
export function parseGatewayEnv(env: Record<string, string | undefined>): GatewayEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = GatewayEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The service URL map of a parsed environment. */
export function serviceUrls(env: GatewayEnv): Record<ServiceName, string> {
  return {
    'workspaces-auth': env.WORKSPACES_AUTH_URL,
    flows: env.FLOWS_URL,
    'workflows-engine': env.WORKFLOWS_ENGINE_URL,
  };
}
