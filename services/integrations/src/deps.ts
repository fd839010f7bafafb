/**
 * The integrations service's dependencies object (kit `ServiceDefinition.dependencies`): built once per service
 * instance by {@link integrationsDependencies} and handed to its route modules and workers.
 */
import type { ServiceType } from '@formloom/contracts/integrations/service-types';
import { resolveDatabaseLocation } from '@formloom/kit/db';
import { resolveKeySecret } from '@formloom/kit/key-secrets';
import type { ServiceContext } from '@formloom/kit/service';
import type { IntegrationsConfig } from './config';
import { CONNECTORS } from './connectors/registry';
import type { ConnectorContext } from './connectors/types';
import { withCredentials, type OAuthEnv } from './domain/oauth';
import { CredentialVault } from './domain/vault';
import { RewrapWorker } from './rewrap-worker';

/** The file under `DATA_DIR` that keeps a generated key secret of the credential vault. */
export const CREDENTIALS_KEY_SECRET_FILE = 'credentials-encryption-key';

/** What the integrations service's routes and workers use. */
export interface IntegrationsDeps extends ServiceContext<IntegrationsConfig>, OAuthEnv {
  /** Re-wraps credentials wrapped with an older key (`rewrap-worker.ts`); none without a vault. */
  rewrapWorker: RewrapWorker | null;
}

/** Builds the dependencies from the kit's context and the service's configuration. */
export function integrationsDependencies(ctx: ServiceContext<IntegrationsConfig>): IntegrationsDeps {
  const { config } = ctx;
  const secrets =
    config.CREDENTIALS_ENCRYPTION_KEYS.length > 0
      ? config.CREDENTIALS_ENCRYPTION_KEYS
      : [
          resolveKeySecret(
            {
              configured: undefined,
              dataDir: config.DATA_DIR,
              database: resolveDatabaseLocation(ctx.name, config),
              inKubernetes: config.KUBERNETES_SERVICE_HOST !== undefined,
            },
            {
              variable: 'CREDENTIALS_ENCRYPTION_KEYS',
              file: CREDENTIALS_KEY_SECRET_FILE,
              offMessage: 'connecting accounts is off',
              purpose: "connected accounts' credentials",
            },
            ctx.log,
          ),
        ].filter((secret): secret is string => secret !== null);
  const vault = secrets.length > 0 ? new CredentialVault(secrets) : null;
  if (vault) ctx.log.info({ keyId: vault.currentKeyId, keys: secrets.length }, 'credentials key');
  const connectorContext = (type: ServiceType): ConnectorContext => ({
    baseUrl: config.PROVIDER_API_URLS[type] ?? CONNECTORS[type]?.defaultBaseUrl ?? '',
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
  const deps: IntegrationsDeps = {
    ...ctx,
    vault,
    connectorContext,
    oauthClients: config.OAUTH_CLIENTS,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    withCredentials: (row, call) => withCredentials(deps, row, call),
    rewrapWorker: vault ? new RewrapWorker({ db: ctx.db, vault, pollMs: config.CREDENTIALS_REWRAP_POLL_MS, log: ctx.log }) : null,
  };
  return deps;
}
