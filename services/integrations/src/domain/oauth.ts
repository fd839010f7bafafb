/**
 * Connecting an account by OAuth 2.0 (RFC 6749 §4.1 authorization code; spec 000 §4 "For OAuth services a separate
 * connect button replaces it"), and keeping its tokens usable:
 *
 * - **Start** ({@link startOAuth}): a random 256-bit `state` (RFC 6749 §10.12), of which only the SHA-256 is stored
 *   (`oauth_states`, with who started it, the type, the connection to reconnect, where the browser returns), single
 *   use and valid OAUTH_STATE_TTL_MS (10 minutes); answers the provider's authorization URL (the connector's
 *   `oauth.authorizationUrl`) with the redirect URI `<PUBLIC_URL>/public/services/oauth/callback`.
 * - **Callback** ({@link completeOAuth}): spends the state (`DELETE … RETURNING`: a replayed callback finds nothing),
 *   exchanges the code with the operator's client (`OAUTH_CLIENTS`), seals the tokens (`vault.ts`), creates the
 *   connection — named as `POST /admin/services` names them — or, for a reconnect, replaces the connection's tokens
 *   and makes it `connected`; then sends the browser back to its page with `serviceConnected=<id>` or
 *   `serviceError=<message>`. The state binds the flow to the member who started it, so the callback needs no
 *   session: someone who lures another person to their callback link only connects an account to their own
 *   organization.
 * - **Use** ({@link withCredentials}): an access token that expires within OAUTH_REFRESH_MARGIN_MS is refreshed first
 *   (RFC 6749 §6), under a row lock so that two replicas never spend the same refresh token; when the provider still
 *   refuses the token, it is refreshed once more and the call retried. A refresh the provider refuses means the user
 *   must reconnect: the connection is marked `broken`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { OAUTH_RESULT_PARAMS, serviceOAuthCallback, type StartOAuthBodyInput } from '@formloom/contracts/api/integrations/oauth';
import type { AuthClaims } from '@formloom/contracts/auth';
import { pathOf } from '@formloom/contracts/api/endpoint';
import * as copy from '@formloom/contracts/copy';
import { connectDefinition } from '@formloom/contracts/integrations/registry';
import { SERVICE_TYPE_NAMES, type ServiceType } from '@formloom/contracts/integrations/service-types';
import { OAUTH_REFRESH_MARGIN_MS, OAUTH_STATE_TTL_MS } from '@formloom/contracts/limits';
import { invalid, unavailable, unprocessable } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { CONNECTORS } from '../connectors/registry';
import { ProviderError, type OAuthClient, type TokenSet } from '../connectors/types';
import { oauthStates, serviceConnections, type ServiceConnectionRow } from '../db/schema';
import { defaultServiceName, findRow, isNameTaken, markBroken, openSecrets, requireOwnerOrAdmin, requireRoomForConnection, requireVault, type ServicesEnv } from './services';
import type { CredentialVault } from './vault';

/** What the OAuth functions need besides the connections' environment. */
export interface OAuthEnv extends ServicesEnv {
  /** The operator's OAuth apps by type (`OAUTH_CLIENTS`). */
  oauthClients: Partial<Record<ServiceType, OAuthClient>>;
  /** The product's public origin (`PUBLIC_URL`, no trailing slash). */
  publicUrl: string;
}

/** The SHA-256 (hex) under which a state is stored. */
function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** The redirect URI registered with every provider: `<PUBLIC_URL>/public/services/oauth/callback`. */
export function oauthRedirectUri(publicUrl: string): string {
  return `${publicUrl}${pathOf(serviceOAuthCallback)}`;
}

/** The type's flow and the operator's client. @throws invalid (not an OAuth type), unavailable (no client) */
function oauthOf(env: OAuthEnv, type: ServiceType) {
  const definition = connectDefinition(type);
  const flow = CONNECTORS[type]?.oauth;
  if (!definition || definition.auth !== 'oauth2' || !flow) throw invalid(copy.integrations.notConnectableYet(SERVICE_TYPE_NAMES[type]));
  const client = env.oauthClients[type];
  if (!client) throw unavailable(copy.integrations.oauthNotConfigured(SERVICE_TYPE_NAMES[type]));
  return { definition, flow, client, context: env.connectorContext(type) };
}

/**
 * Starts connecting (or reconnecting `body.serviceId`) an account of `type` for the caller; answers the provider's
 * authorization URL.
 * @throws invalid (not an OAuth type, or the connection is of another type), unavailable (no OAuth client, no vault),
 *   not_found / forbidden (the connection to reconnect)
 */
export async function startOAuth(env: OAuthEnv, claims: AuthClaims, type: ServiceType, body: StartOAuthBodyInput): Promise<string> {
  const { definition, flow, client, context } = oauthOf(env, type);
  requireVault(env);
  if (body.serviceId) {
    const row = await findRow(env.db, claims, body.serviceId);
    requireOwnerOrAdmin(claims, row);
    if (row.type !== type) throw invalid(copy.integrations.serviceNotFound);
  } else {
    await requireRoomForConnection(env.db, claims.org);
  }
  const state = randomBytes(32).toString('base64url');
  await env.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await env.db.insert(oauthStates).values({
    stateHash: stateHash(state),
    organizationId: claims.org,
    userId: Number(claims.sub),
    type,
    serviceName: body.serviceName ?? null,
    serviceId: body.serviceId ?? null,
    returnTo: body.returnTo,
    source: body.source ?? null,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  return flow.authorizationUrl(context, { client, redirectUri: oauthRedirectUri(env.publicUrl), state, scopes: definition.scopes ?? [] });
}

/** `path` (a same-site path, maybe with a query) with `name=value` added, on the public origin. */
function backTo(publicUrl: string, path: string, name: string, value: string): string {
  const url = new URL(path, 'http://formloom.invalid');
  url.searchParams.set(name, value);
  return `${publicUrl}${url.pathname}${url.search}${url.hash}`;
}

/** A token set as the sealed secrets of a connection. */
function tokenSecrets(tokens: TokenSet): Record<string, string> {
  return {
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    ...(tokens.expiresAt ? { expiresAt: String(tokens.expiresAt) } : {}),
  };
}

/**
 * Completes the flow the callback's `state` names (see the module doc) and answers where to send the browser: its
 * page with `serviceConnected=<id>`, or with `serviceError=<message>` (for an unknown, used or expired state: the
 * integrations page). Never throws for what the provider or the browser sent.
 */
export async function completeOAuth(env: OAuthEnv, query: { code?: string; state?: string; error?: string; error_description?: string }): Promise<string> {
  const integrationsPage = '/home/integrations';
  const [flowState] = query.state
    ? await env.db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash(query.state))).returning()
    : [];
  if (!flowState || flowState.expiresAt.getTime() < Date.now()) return backTo(env.publicUrl, integrationsPage, OAUTH_RESULT_PARAMS.error, copy.integrations.oauthExpired);
  const type = flowState.type as ServiceType;
  const service = SERVICE_TYPE_NAMES[type];
  const fail = (message: string) => backTo(env.publicUrl, flowState.returnTo, OAUTH_RESULT_PARAMS.error, message);
  if (query.error) return fail(query.error === 'access_denied' ? copy.integrations.oauthDenied(service) : copy.integrations.oauthFailed(service, query.error_description ?? query.error));
  if (!query.code) return fail(copy.integrations.oauthFailed(service, 'no authorization code'));
  let oauth: ReturnType<typeof oauthOf>;
  let vault: CredentialVault;
  try {
    oauth = oauthOf(env, type);
    vault = requireVault(env);
  } catch (error) {
    return fail((error as Error).message);
  }
  let exchanged: Awaited<ReturnType<typeof oauth.flow.exchange>>;
  try {
    exchanged = await oauth.flow.exchange(oauth.context, { client: oauth.client, code: query.code, redirectUri: oauthRedirectUri(env.publicUrl) });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return fail(error.kind === 'rejected' ? copy.integrations.oauthFailed(service, error.detail) : copy.integrations.providerUnreachable(service));
  }
  const secrets = tokenSecrets(exchanged.tokens);
  if (flowState.serviceId) {
    const [updated] = await env.db
      .update(serviceConnections)
      .set({ ...vault.seal(secrets, flowState.serviceId), sessionState: exchanged.sessionState, hasConnectedOAuth: true, status: 'connected', statusDetail: null, updatedAt: sql`now()` })
      .where(and(eq(serviceConnections.id, flowState.serviceId), eq(serviceConnections.organizationId, flowState.organizationId)))
      .returning({ id: serviceConnections.id });
    if (!updated) return fail(copy.integrations.serviceNotFound);
    return backTo(env.publicUrl, flowState.returnTo, OAUTH_RESULT_PARAMS.connected, updated.id);
  }
  const id = uuidv7();
  try {
    await env.db.insert(serviceConnections).values({
      id,
      organizationId: flowState.organizationId,
      userId: flowState.userId,
      type,
      name: flowState.serviceName ?? (await defaultServiceName(env.db, flowState.organizationId, type)),
      config: {},
      ...vault.seal(secrets, id),
      sessionState: exchanged.sessionState,
      hasConnectedOAuth: true,
      status: 'connected',
      source: flowState.source,
    });
  } catch (error) {
    if (isNameTaken(error)) return fail(copy.integrations.nameTaken);
    throw error;
  }
  return backTo(env.publicUrl, flowState.returnTo, OAUTH_RESULT_PARAMS.connected, id);
}

/**
 * New tokens for connection `id` (see the module doc), unless another process refreshed them meanwhile (`force`:
 * refresh even when not about to expire, after the provider refused the token). Answers the usable secrets.
 * @throws unprocessable (`credentialsRejected`; the connection is marked broken) when the provider refuses the refresh
 */
async function refreshed(env: OAuthEnv, row: ServiceConnectionRow, force: boolean): Promise<Record<string, string>> {
  const type = row.type as ServiceType;
  const service = SERVICE_TYPE_NAMES[type];
  const outcome = await env.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(serviceConnections).where(eq(serviceConnections.id, row.id)).for('update');
    if (!locked) return { secrets: openSecrets(env, row) };
    const secrets = openSecrets(env, locked);
    const expiresAt = Number(secrets.expiresAt ?? Number.POSITIVE_INFINITY);
    const rotatedMeanwhile = locked.wrappedKey !== row.wrappedKey || locked.credentials !== row.credentials;
    if (!secrets.refreshToken || rotatedMeanwhile || (!force && expiresAt - Date.now() > OAUTH_REFRESH_MARGIN_MS)) return { secrets };
    const { flow, client, context } = oauthOf(env, type);
    let tokens: TokenSet;
    try {
      tokens = await flow.refresh(context, { client, refreshToken: secrets.refreshToken });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'rejected') return { rejected: error.detail };
      throw error;
    }
    const next = tokenSecrets({ refreshToken: secrets.refreshToken, ...tokens });
    await tx.update(serviceConnections).set({ ...requireVault(env).seal(next, locked.id), updatedAt: sql`now()` }).where(eq(serviceConnections.id, locked.id));
    return { secrets: next };
  });
  if ('rejected' in outcome && outcome.rejected !== undefined) {
    const message = copy.integrations.credentialsRejected(service, outcome.rejected);
    await markBroken(env.db, row.id, message);
    throw unprocessable(message);
  }
  return (outcome as { secrets: Record<string, string> }).secrets;
}

/**
 * Runs `call` with the connection's usable config (see the module doc): plain fields and opened secrets, an OAuth
 * access token refreshed when it is about to expire, and once more (then `call` again) when `call` fails with the
 * provider refusing the credentials.
 * @throws `call`'s errors; unprocessable when the secrets no longer open or a refresh is refused; unavailable
 */
export async function withCredentials<T>(env: OAuthEnv, row: ServiceConnectionRow, call: (config: Record<string, string>) => Promise<T>): Promise<T> {
  let secrets = openSecrets(env, row);
  const oauth = row.hasConnectedOAuth && secrets.refreshToken !== undefined;
  if (oauth && Number(secrets.expiresAt ?? Number.POSITIVE_INFINITY) - Date.now() <= OAUTH_REFRESH_MARGIN_MS) secrets = await refreshed(env, row, false);
  try {
    return await call({ ...row.config, ...secrets });
  } catch (error) {
    if (!oauth || !(error instanceof ProviderError) || error.kind !== 'rejected') throw error;
    secrets = await refreshed(env, row, true);
    return call({ ...row.config, ...secrets });
  }
}
