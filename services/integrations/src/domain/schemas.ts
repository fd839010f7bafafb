/**
 * Schema reads for the pickers of integration steps and panels (spec 001 §2 "pick a schema and table", §7 service
 * calls): with the organization's connection, through the type's connector, with fresh credentials. Refused credentials
 * mark the connection broken (as a check does) and answer 422; a schema the account does not reach answers 404 with
 * the provider's words.
 */
import type { AuthClaims } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import { SERVICE_TYPE_NAMES, type ServiceType } from '@formloom/contracts/integrations/service-types';
import { invalid, notFound } from '@formloom/kit/errors';
import { listBases, listTables } from '../connectors/airtable';
import { ProviderError, type ConnectorContext } from '../connectors/types';
import type { OAuthEnv } from './oauth';
import { connectionFailure, findRow } from './services';

/**
 * Runs `read` with connection `serviceId` of the caller's organization, which must be of `type`.
 * @throws not_found, invalid (another type), unprocessable (credentials refused: the connection is marked broken),
 *   not_found with the provider's words (a schema the account does not reach), unavailable
 */
async function schemaRead<T>(env: OAuthEnv, claims: AuthClaims, serviceId: string, type: ServiceType, read: (config: Record<string, string>, context: ConnectorContext) => Promise<T>): Promise<T> {
  const row = await findRow(env.db, claims, serviceId);
  if (row.type !== type) throw invalid(copy.integrations.wrongActionType(`${type} schema`, SERVICE_TYPE_NAMES[row.type as ServiceType]));
  try {
    return await env.withCredentials(row, (config) => read(config, env.connectorContext(type)));
  } catch (caught) {
    if (caught instanceof ProviderError && caught.kind === 'invalid') throw notFound(copy.integrations.requestRefused(SERVICE_TYPE_NAMES[type], caught.detail));
    throw await connectionFailure(env.db, row, caught);
  }
}

/** The bases an Airtable connection reaches. */
export function airtableBases(env: OAuthEnv, claims: AuthClaims, serviceId: string) {
  return schemaRead(env, claims, serviceId, 'airtable', (config, context) => listBases(config.apiKey ?? config.accessToken ?? '', context));
}

/** A base's tables and fields, with an Airtable connection. */
export function airtableTables(env: OAuthEnv, claims: AuthClaims, serviceId: string, baseId: string) {
  return schemaRead(env, claims, serviceId, 'airtable', (config, context) => listTables(config.apiKey ?? config.accessToken ?? '', context, baseId));
}
