/**
 * The gateway's edge variables (README "Configuration", docs/runbooks/gateway.md), part of `config.ts`'s
 * `GatewaySettings`: `TRUST_PROXY` with the kit's semantics (`false`, a number of hops, or addresses/CIDRs), the
 * origins allowed to change state, and the metrics listener.
 */
import { z } from 'zod';
import { parseEnv, TrustProxyVariable } from '@formloom/kit/config';

/**
 * Parses an `ALLOWED_ORIGINS` value: a comma-separated list of origins (`https://forms.example.com`,
 * `http://localhost:5173`), each normalized to its serialized origin (RFC 6454 §6.2: scheme, host, and a port
 * only when it is not the scheme's default).
 * @throws Error naming an entry that is not an http(s) origin (a path, a wildcard, `null`).
 */
export function parseOriginList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .map((item) => {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        throw new Error(`"${item}" is not an origin (scheme://host[:port])`);
      }
      const bare = url.pathname === '/' && !item.endsWith('/') && url.search === '' && url.hash === '';
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || url.username || url.password) {
        throw new Error(`"${item}" is not an origin (scheme://host[:port])`);
      }
      return url.origin;
    });
}

/** The gateway's edge variables. */
export const GatewayEdgeEnv = z.object({
  /**
   * Whose `X-Forwarded-*` to believe (the kit's `parseTrustProxy`): `false` (default: the gateway is the edge),
   * the number of proxies in front (`1`: one ingress; `true` means 1), or their addresses/CIDRs.
   */
  TRUST_PROXY: TrustProxyVariable.default(false),
  /**
   * Origins besides the gateway's own from which browsers may send state-changing requests (`Origin` check,
   * `origin-check.ts`): comma-separated, e.g. `https://forms.example.com`. Default: none.
   */
  ALLOWED_ORIGINS: z
    .string()
    .transform((value, ctx) => {
      try {
        return parseOriginList(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .default([]),
  /**
   * Port of the gateway's metrics listener (`GET /metrics` only), never routed publicly. Unset: the gateway
   * serves no metrics. The chart sets 9464.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the metrics listener (default: `HOST`). */
  METRICS_HOST: z.string().min(1).optional(),
});
/** Parsed gateway edge variables. */
export type GatewayEdgeEnv = z.infer<typeof GatewayEdgeEnv>;

/** The variables {@link GatewayEdgeEnv} reads. */
export const GATEWAY_EDGE_VARIABLES = Object.keys(GatewayEdgeEnv.shape) as (keyof GatewayEdgeEnv)[];

/**
 * Parses the gateway's edge variables from `env` (empty strings count as unset; other variables are ignored).
 * @throws ConfigError naming each invalid variable.
 */
export function parseGatewayEdgeEnv(env: Record<string, string | undefined>): GatewayEdgeEnv {
  const picked = Object.fromEntries(GATEWAY_EDGE_VARIABLES.map((name) => [name, env[name]]));
  return parseEnv(GatewayEdgeEnv, picked);
}
