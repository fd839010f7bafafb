/**
 * Connected accounts (spec 000 §3 "Service connection", §4 "Service connect form", §6 who reconnects): listing,
 * connecting, changing, checking and disconnecting an organization's accounts at third-party services.
 *
 * - A config is checked with its type's connect definition (contracts `integrations/registry.ts`; 400 with the field's
 *   message at `config.<key>`), then with the provider through the type's connector (one cheap call; 422 when it
 *   refuses the credentials, 503 when it cannot be reached or limits requests), and only then stored: a connection
 *   whose credentials the provider refused is never created.
 * - Secret fields are sealed by the vault (`vault.ts`); plain fields stay readable. No secret value leaves this
 *   module: the connectors get the opened config, the browser `secretsSet`.
 * - Any member of the organization lists and checks its connections (to pick one in a panel); the member who
 *   connected one, or an admin, changes or disconnects it (403 `copy.integrations.notYours`).
 * - A check the provider refuses marks the connection `broken` with what it said; a later check or a save that
 *   passes makes it `connected` again.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AuthClaims } from '@formloom/contracts/auth';
import type {
  CreateServiceBody,
  ListServicesQuery,
  ServiceConnection,
  ServiceSessionState,
  UpdateServiceBody,
} from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import type { z } from 'zod';
import { secretKeys, type ConnectDefinition } from '@formloom/contracts/integrations/define';
import { connectDefinition } from '@formloom/contracts/integrations/registry';
import { SERVICE_TYPE_NAMES, type ServiceType } from '@formloom/contracts/integrations/service-types';
import { SERVICES_PER_ORGANIZATION_MAX } from '@formloom/contracts/limits';
import type { Db } from '@formloom/kit/db';
import { conflict, DomainError, forbidden, invalid, notFound, unavailable, unprocessable } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { CONNECTORS } from '../connectors/registry';
import { ProviderError, type Connector, type ConnectorContext } from '../connectors/types';
import { serviceConnections, type ServiceConnectionRow } from '../db/schema';
import { CredentialsUnreadableError, type CredentialVault } from './vault';

/** What the functions of this module need besides the database. */
export interface ServicesEnv {
  db: Db;
  /** `null` when no key secret could be had: connecting answers 503 `copy.integrations.vaultUnavailable`. */
  vault: CredentialVault | null;
  /** Where and how long each type's connector calls its provider. */
  connectorContext(type: ServiceType): ConnectorContext;
  /**
   * Runs `call` with the connection's usable config (plain fields and opened secrets; an OAuth connection's access
   * token refreshed first when it is about to expire, and once more when the provider refuses it) — `oauth.ts`
   * `withCredentials`. Its errors are `call`'s, or the kit's domain errors.
   */
  withCredentials<T>(row: ServiceConnectionRow, call: (config: Record<string, string>) => Promise<T>): Promise<T>;
}

/** The connection as the browser sees it (no secret value; `secretsSet` names the secret fields that hold one). */
export function toServiceConnection(row: ServiceConnectionRow, secretsSet: readonly string[]): ServiceConnection {
  return {
    id: row.id,
    type: row.type as ServiceType,
    name: row.name,
    config: row.config,
    secretsSet: [...secretsSet],
    sessionState: row.sessionState,
    userId: row.userId,
    hasConnectedOAuth: row.hasConnectedOAuth,
    status: row.status,
    statusDetail: row.statusDetail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The secret fields of `type` that a row holds (every secret field of a stored connection was required or kept). */
export function secretsSetOf(row: ServiceConnectionRow): string[] {
  const definition = connectDefinition(row.type as ServiceType);
  return definition ? secretKeys(definition) : [];
}

/** The organization's connections, newest first (`type`: of that type only). */
export async function listServices(db: Db, claims: AuthClaims, query: ListServicesQuery): Promise<ServiceConnection[]> {
  const rows = await db
    .select()
    .from(serviceConnections)
    .where(and(eq(serviceConnections.organizationId, claims.org), query.type ? eq(serviceConnections.type, query.type) : undefined))
    .orderBy(desc(serviceConnections.createdAt));
  return rows.map((row) => toServiceConnection(row, secretsSetOf(row)));
}

/** The organization's connection `id` (row). @throws not_found (also for another organization's). */
export async function findRow(db: Db, claims: AuthClaims, id: string): Promise<ServiceConnectionRow> {
  const [row] = await db
    .select()
    .from(serviceConnections)
    .where(and(eq(serviceConnections.id, id), eq(serviceConnections.organizationId, claims.org)));
  if (!row) throw notFound(copy.integrations.serviceNotFound);
  return row;
}

/** One connection of the organization. @throws not_found */
export async function getService(db: Db, claims: AuthClaims, id: string): Promise<ServiceConnection> {
  const row = await findRow(db, claims, id);
  return toServiceConnection(row, secretsSetOf(row));
}

/** The type's connect definition and connector. @throws invalid when it cannot be connected (yet) with a form. */
function connectable(type: ServiceType): { definition: ConnectDefinition; connector: Connector } {
  const definition = connectDefinition(type);
  const connector = CONNECTORS[type];
  if (!definition || !connector) throw invalid(copy.integrations.notConnectableYet(SERVICE_TYPE_NAMES[type]), [{ path: 'serviceType', message: copy.integrations.notConnectableYet(SERVICE_TYPE_NAMES[type]) }]);
  return { definition, connector };
}

/** {@link connectable} for a type connected with a form. @throws invalid for an OAuth type (`oauthOnly`) */
function connectableWithForm(type: ServiceType): { definition: ConnectDefinition; connector: Connector } {
  const found = connectable(type);
  if (found.definition.auth === 'oauth2') throw invalid(copy.integrations.oauthOnly(SERVICE_TYPE_NAMES[type]), [{ path: 'serviceType', message: copy.integrations.oauthOnly(SERVICE_TYPE_NAMES[type]) }]);
  return found;
}

/**
 * The name of a new connection of `type` when none is given (spec 000 §4): 'First {service} connection' for the
 * organization's first of the type, '{service} connection {n}' after.
 */
export async function defaultServiceName(db: Db, organizationId: number, type: ServiceType): Promise<string> {
  const service = SERVICE_TYPE_NAMES[type];
  const [{ ofType } = { ofType: 0 }] = await db
    .select({ ofType: count() })
    .from(serviceConnections)
    .where(and(eq(serviceConnections.organizationId, organizationId), eq(serviceConnections.type, type)));
  return ofType === 0 ? copy.integrations.firstConnection(service) : copy.integrations.nthConnection(service, ofType + 1);
}

/** @throws conflict when the organization already has SERVICES_PER_ORGANIZATION_MAX connections. */
export async function requireRoomForConnection(db: Db, organizationId: number): Promise<void> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(serviceConnections).where(eq(serviceConnections.organizationId, organizationId));
  if (total >= SERVICES_PER_ORGANIZATION_MAX) throw conflict(copy.integrations.tooManyConnections(SERVICES_PER_ORGANIZATION_MAX));
}

/** `config` checked with `definition`, split into plain and secret fields. @throws invalid with `config.<key>` paths */
function parseConfig(definition: ConnectDefinition, config: Readonly<Record<string, string>>): { plain: Record<string, string>; secrets: Record<string, string> } {
  const parsed = definition.config.safeParse(config);
  if (!parsed.success) {
    // The connect definitions word every refusal themselves (the field's own texts), so their messages are kept.
    const details = parsed.error.issues.map((issue) => ({ path: ['config', ...issue.path].join('.'), message: issue.message }));
    throw invalid(details[0]?.message ?? copy.errors.validation, details);
  }
  const secretFields = new Set(secretKeys(definition));
  const plain: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const field of definition.fields) {
    const value = parsed.data[field.key];
    if (value === undefined || value === '') continue;
    (secretFields.has(field.key) ? secrets : plain)[field.key] = value;
  }
  return { plain, secrets };
}

/**
 * Asks the provider whether `config` works.
 * @throws unprocessable (`credentialsRejected`) when it refuses; unavailable when it cannot be reached or limits us.
 */
async function checkWithProvider(env: ServicesEnv, type: ServiceType, connector: Connector, config: Record<string, string>): Promise<ServiceSessionState> {
  try {
    return (await connector.check(config, env.connectorContext(type))).sessionState;
  } catch (error) {
    throw providerFailure(type, error);
  }
}

/** Marks connection `id` broken with `detail` (what the provider said). */
export async function markBroken(db: Db, id: string, detail: string): Promise<void> {
  await db.update(serviceConnections).set({ status: 'broken', statusDetail: detail, updatedAt: sql`now()` }).where(eq(serviceConnections.id, id));
}

/**
 * A failure of a call made with connection `row` in the domain's words ({@link providerFailure}); when the provider
 * refused the credentials, the connection is marked broken first (as a check marks it).
 */
export async function connectionFailure(db: Db, row: ServiceConnectionRow, caught: unknown): Promise<unknown> {
  const error = providerFailure(row.type as ServiceType, caught);
  if (caught instanceof ProviderError && caught.kind === 'rejected' && error instanceof DomainError) await markBroken(db, row.id, error.message);
  return error;
}

/**
 * A provider's failure in the domain's words: refused credentials → unprocessable (`credentialsRejected`), a rate
 * limit or no answer → unavailable; any other error as it is.
 */
export function providerFailure(type: ServiceType, error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const service = SERVICE_TYPE_NAMES[type];
  if (error.kind === 'rejected') return unprocessable(copy.integrations.credentialsRejected(service, error.detail));
  if (error.kind === 'invalid') return unprocessable(copy.integrations.requestRefused(service, error.detail));
  if (error.kind === 'rateLimited') return unavailable(copy.integrations.providerRateLimited(service));
  return unavailable(copy.integrations.providerUnreachable(service));
}

/** The vault. @throws unavailable (`vaultUnavailable`) when there is none. */
export function requireVault(env: ServicesEnv): CredentialVault {
  if (!env.vault) throw unavailable(copy.integrations.vaultUnavailable);
  return env.vault;
}

/** True for PostgreSQL's unique violation (SQLSTATE 23505) of the name index. */
export function isNameTaken(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23505';
}

/**
 * Connects an account (see the module doc): the default name is 'First {service} connection' for the organization's
 * first of the type (spec 000 §4), '{service} connection {n}' after.
 * @throws invalid, unprocessable, unavailable (see the module doc); conflict when the name is taken or the
 *   organization has SERVICES_PER_ORGANIZATION_MAX connections
 */
export async function createService(env: ServicesEnv, claims: AuthClaims, body: z.infer<typeof CreateServiceBody>): Promise<ServiceConnection> {
  const type = body.serviceType;
  const { definition, connector } = connectableWithForm(type);
  const { plain, secrets } = parseConfig(definition, body.config);
  const vault = requireVault(env);
  await requireRoomForConnection(env.db, claims.org);
  const sessionState = await checkWithProvider(env, type, connector, { ...plain, ...secrets });
  const id = uuidv7();
  const name = body.serviceName ?? (await defaultServiceName(env.db, claims.org, type));
  try {
    const [row] = await env.db
      .insert(serviceConnections)
      .values({
        id,
        organizationId: claims.org,
        userId: Number(claims.sub),
        type,
        name,
        config: plain,
        ...vault.seal(secrets, id),
        sessionState,
        status: 'connected',
        source: body.source ?? null,
      })
      .returning();
    return toServiceConnection(row!, secretKeys(definition));
  } catch (error) {
    if (isNameTaken(error)) throw conflict(copy.integrations.nameTaken, [{ path: 'serviceName', message: copy.integrations.nameTaken }]);
    throw error;
  }
}

/** @throws forbidden unless the caller connected `row` or is an admin (spec 000 §6). */
export function requireOwnerOrAdmin(claims: { adm: boolean; sub: string }, row: ServiceConnectionRow): void {
  if (!claims.adm && row.userId !== Number(claims.sub)) throw forbidden(copy.integrations.notYours);
}

/**
 * The stored secrets of `row`.
 * @throws unavailable when there is no vault; unprocessable (`credentialsUnreadable`) when they no longer open
 */
export function openSecrets(env: ServicesEnv, row: ServiceConnectionRow): Record<string, string> {
  try {
    return requireVault(env).open(row, row.id);
  } catch (error) {
    if (error instanceof CredentialsUnreadableError) throw unprocessable(copy.integrations.credentialsUnreadable(SERVICE_TYPE_NAMES[row.type as ServiceType]));
    throw error;
  }
}

/**
 * Renames a connection and changes its config (see the module doc): secret fields left out or empty keep their
 * values; when the config changes the provider checks the result first, and a passing check makes it `connected`.
 * @throws not_found, forbidden, invalid, conflict, unprocessable, unavailable
 */
export async function updateService(env: ServicesEnv, claims: AuthClaims, id: string, body: z.infer<typeof UpdateServiceBody>): Promise<ServiceConnection> {
  const row = await findRow(env.db, claims, id);
  requireOwnerOrAdmin(claims, row);
  const type = row.type as ServiceType;
  const changes: Partial<typeof serviceConnections.$inferInsert> = {};
  if (body.serviceName !== undefined) changes.name = body.serviceName;
  if (body.config !== undefined) {
    const { definition, connector } = connectableWithForm(type);
    const stored = openSecrets(env, row);
    const secretFields = new Set(secretKeys(definition));
    const merged: Record<string, string> = { ...row.config, ...stored };
    for (const [key, value] of Object.entries(body.config)) if (!(secretFields.has(key) && value === '')) merged[key] = value;
    const { plain, secrets } = parseConfig(definition, merged);
    const sessionState = await checkWithProvider(env, type, connector, { ...plain, ...secrets });
    Object.assign(changes, { config: plain, ...requireVault(env).seal(secrets, row.id), sessionState, status: 'connected', statusDetail: null });
  }
  if (Object.keys(changes).length === 0) return toServiceConnection(row, secretsSetOf(row));
  try {
    const [updated] = await env.db
      .update(serviceConnections)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(serviceConnections.id, row.id))
      .returning();
    return toServiceConnection(updated!, secretsSetOf(updated!));
  } catch (error) {
    if (isNameTaken(error)) throw conflict(copy.integrations.nameTaken, [{ path: 'serviceName', message: copy.integrations.nameTaken }]);
    throw error;
  }
}

/**
 * Asks the provider whether the stored credentials still work and records the answer: `connected` with a fresh
 * session state, or `broken` with what the provider said (credentials it refused, or that no longer open here).
 * @throws not_found; unavailable when the provider cannot be reached (the status is left as it was)
 */
export async function checkService(env: ServicesEnv, claims: AuthClaims, id: string): Promise<ServiceConnection> {
  const row = await findRow(env.db, claims, id);
  const type = row.type as ServiceType;
  const { connector } = connectable(type);
  let outcome: { status: 'connected'; sessionState: ServiceSessionState } | { status: 'broken'; detail: string };
  try {
    const { sessionState } = await env.withCredentials(row, (config) => connector.check(config, env.connectorContext(type)));
    outcome = { status: 'connected', sessionState: { ...row.sessionState, ...sessionState } };
  } catch (caught) {
    const error = providerFailure(type, caught);
    if (!(error instanceof DomainError) || error.kind !== 'unprocessable') throw error;
    outcome = { status: 'broken', detail: error.message };
  }
  const [updated] = await env.db
    .update(serviceConnections)
    .set(
      outcome.status === 'connected'
        ? { status: 'connected', statusDetail: null, sessionState: outcome.sessionState, updatedAt: sql`now()` }
        : { status: 'broken', statusDetail: outcome.detail, updatedAt: sql`now()` },
    )
    .where(eq(serviceConnections.id, row.id))
    .returning();
  return toServiceConnection(updated!, secretsSetOf(updated!));
}

/** Disconnects (deletes) a connection and its credentials. @throws not_found, forbidden */
export async function deleteService(db: Db, claims: AuthClaims, id: string): Promise<void> {
  const row = await findRow(db, claims, id);
  requireOwnerOrAdmin(claims, row);
  await db.delete(serviceConnections).where(eq(serviceConnections.id, row.id));
}
