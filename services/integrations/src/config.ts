/**
 * The integrations service's own environment variables (on top of the kit's, see `@formloom/kit/config`).
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | CREDENTIALS_ENCRYPTION_KEYS | — | secret: comma-separated key secrets (16+ characters each) from which the AES-256-GCM keys that wrap connected accounts' credentials are derived; the first wraps, every one opens. Rotation: put a new secret first and keep the old ones after it until the re-wrap has moved every row (`domain/vault.ts`). Unset → generated into `$DATA_DIR/credentials-encryption-key` (PGlite or one node), random per process (`memory://`), or connecting accounts is refused (503) in Kubernetes with PostgreSQL |
 * | CREDENTIALS_REWRAP_POLL_MS | 60000 | how often the re-wrap worker looks for credentials wrapped with an older key (ms) |
 * | PROVIDER_API_URLS | — | comma-separated `type=https://base` overrides of providers' API base URLs (a regional endpoint, a proxy, or a local fake in tests), e.g. `airtable=https://api.airtable.com,notion=https://api.notion.com` |
 * | PROVIDER_TIMEOUT_MS | 10000 | time allowed for one call to a provider (ms) |
 * | OAUTH_CLIENTS | — | secret: the operator's OAuth apps, comma-separated `type=clientId:clientSecret` (e.g. `slack=123.456:abc…`); a type without one cannot be connected by OAuth (503 'X cannot be connected on this server …'). Each app's redirect URL is `<PUBLIC_URL>/public/services/oauth/callback` |
 * | PUBLIC_URL | http://localhost:8080 | the product's public origin: OAuth providers send the browser back to it, and the callback sends it on to the app there |
 */
import { z } from 'zod';
import { isServiceType, type ServiceType } from '@formloom/contracts/integrations/service-types';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `PROVIDER_API_URLS` parsed: service type → base URL (no trailing slash). */
export const ProviderApiUrls = z
  .string()
  .optional()
  .transform((value, context) => {
    const urls: Partial<Record<ServiceType, string>> = {};
    for (const entry of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
      const at = entry.indexOf('=');
      const type = entry.slice(0, at).trim();
      const url = entry.slice(at + 1).trim();
      if (at < 1 || !isServiceType(type) || !/^https?:\/\/[^\s]+$/.test(url)) {
        context.addIssue({ code: 'custom', message: `'${entry}' is not type=http(s)://base with a known service type` });
        return z.NEVER;
      }
      urls[type] = url.replace(/\/+$/, '');
    }
    return urls;
  });

/** `OAUTH_CLIENTS` parsed: service type → the operator's OAuth app for it. */
export const OAuthClients = z
  .string()
  .optional()
  .transform((value, context) => {
    const clients: Partial<Record<ServiceType, { clientId: string; clientSecret: string }>> = {};
    for (const entry of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
      const match = /^([A-Za-z0-9]+)=([^:\s]+):(\S+)$/.exec(entry);
      if (!match || !isServiceType(match[1]!)) {
        // Never echo the entry: it holds a client secret.
        context.addIssue({ code: 'custom', message: 'every entry must be type=clientId:clientSecret with a known service type' });
        return z.NEVER;
      }
      clients[match[1] as ServiceType] = { clientId: match[2]!, clientSecret: match[3]! };
    }
    return clients;
  });

/** The integrations service's configuration schema. */
export const IntegrationsConfig = z.object({
  CREDENTIALS_ENCRYPTION_KEYS: z
    .string()
    .optional()
    .transform((value, context) => {
      const secrets = (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
      if (secrets.some((secret) => secret.length < 16)) {
        context.addIssue({ code: 'custom', message: 'every key secret must have 16 or more characters' });
        return z.NEVER;
      }
      return secrets;
    }),
  CREDENTIALS_REWRAP_POLL_MS: ms(60_000),
  PROVIDER_API_URLS: ProviderApiUrls,
  PROVIDER_TIMEOUT_MS: ms(10_000),
  OAUTH_CLIENTS: OAuthClients,
  PUBLIC_URL: z.url().default('http://localhost:8080'),
});
/** The integrations service's own configuration. */
export type IntegrationsConfig = z.infer<typeof IntegrationsConfig>;
