/**
 * The gateway's environment (documented in the README's configuration table). Parsed with zod; every bad
 * variable is named in one {@link ConfigError}. The upstream of each service is `<SERVICE>_URL` (e.g.
 * `FLOWS_URL`), one per service the manifest's gateway calls — every service (`contracts/src/services.ts`,
 * `gatewayEntry`): a service added to the manifest adds its variable here by itself.
 */
import { z } from 'zod';
import {
  SERVICE_MANIFEST,
  gatewayEntry,
  serviceUrlVariable,
  type ServiceManifestEntry,
  type ServiceName,
} from '@formloom/contracts/services';
import { ConfigError } from '@formloom/kit/config';
import { GatewayEdgeEnv } from './edge-config';

/**
 * The upstream variables of the gateway of `manifest` (default: the real one), by service: `<SERVICE>_URL` for
 * each service the gateway calls, e.g. `{ flows: 'FLOWS_URL', … }`.
 */
export function gatewayUpstreamVariables(manifest: readonly ServiceManifestEntry[] = SERVICE_MANIFEST): Record<string, string> {
  return Object.fromEntries(gatewayEntry(manifest).calls.map((service) => [service, serviceUrlVariable(service)]));
}

/** The environment variable that holds each service's base URL (`WORKSPACES_AUTH_URL`, `FLOWS_URL` …). */
export const SERVICE_URL_ENV: Readonly<Record<ServiceName, string>> = gatewayUpstreamVariables() as Record<ServiceName, string>;

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL');
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Base URL of each service, e.g. `FLOWS_URL=http://flows:8080` (one required variable per service). */
const UpstreamEnv = z.object(Object.fromEntries(Object.values(SERVICE_URL_ENV).map((name) => [name, httpUrl])));

/**
 * The gateway's own variables (the upstream URLs are {@link UpstreamEnv}): those every process reads
 * (`PROCESS_SETTINGS` of the manifest), `INTERNAL_TOKEN`, and the gateway's `settings` in the manifest
 * (`GATEWAY`; a test keeps the two in step).
 */
export const GatewaySettings = z.object({
  /** Shared service token (at least 16 characters), the same value every service has. */
  INTERNAL_TOKEN: z.string().min(16),
  /** Directory of the built web app (default: the repository's `web/dist`); missing: API only. */
  WEB_DIST: z.string().optional(),
  /**
   * Base URL of the static web app when it is served elsewhere (Kubernetes: the web component's Service; the
   * chart sets it): the public form's page shell is fetched from `<WEB_URL>/form.html`. Used only when WEB_DIST
   * has no built app.
   */
  WEB_URL: httpUrl.optional(),
  /**
   * The product's public origin (the chart sets it from `publicUrl`): a host one label below its host is an
   * organization's subdomain, serving its public forms only (`organization-hosts.ts`). Unset: no subdomains.
   */
  PUBLIC_URL: httpUrl.optional(),
  /** Port to listen on (default 8080; 0 picks a free one). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to listen on (default `0.0.0.0`). */
  HOST: z.string().default('0.0.0.0'),
  /** pino level (default `info`). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** OTLP/HTTP collector for traces, e.g. `http://otel-collector:4318`; unset: spans are not exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces' `service.name` (default `gateway`). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /**
   * Serve Prometheus metrics at `GET /metrics` (default `true`). The gateway is public: keep `/metrics` off
   * the ingress (or set this to `false`) when it should not be reachable from outside.
   */
  METRICS_ENABLED: bool.default(true),
  // The edge variables: TRUST_PROXY, ALLOWED_ORIGINS, METRICS_PORT, METRICS_HOST (`edge-config.ts`).
  ...GatewayEdgeEnv.shape,
});
/** Parsed gateway environment: its settings and the base URL of each service. */
export type GatewayEnv = z.infer<typeof GatewaySettings> & { services: Record<ServiceName, string> };

/**
 * Parses the gateway's environment (empty strings count as unset).
 * @throws ConfigError naming each invalid variable.
 */
export function parseGatewayEnv(env: Record<string, string | undefined>): GatewayEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const upstreams = UpstreamEnv.safeParse(cleaned);
  const settings = GatewaySettings.safeParse(cleaned);
  if (!upstreams.success || !settings.success) {
    const issues = [...(upstreams.error?.issues ?? []), ...(settings.error?.issues ?? [])];
    const lines = issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const services = Object.fromEntries(
    Object.entries(SERVICE_URL_ENV).map(([service, variable]) => [service, upstreams.data[variable] as string]),
  ) as Record<ServiceName, string>;
  return { ...settings.data, services };
}
