/**
 * Actions other services run with a connected account (`api/integrations/internal.ts`: the workflows engine's
 * integration steps), at most once per idempotency key as that module's doc says:
 *
 * 1. claim the key: `INSERT … ON CONFLICT DO NOTHING` a `running` row; a key already `succeeded` answers its output
 *    again (`replayed`), one `running` for less than SERVICE_ACTION_LEASE_MS is refused (409, try again), an older
 *    `running` one (its call never ended: the service stopped) is taken over;
 * 2. call the provider through the type's connector (`connectors/<type>.ts` `actions`), with the connection's usable
 *    credentials (`withCredentials`: refreshed OAuth tokens);
 * 3. keep the output (`succeeded`), or forget the claim when the call failed, so that a retry runs it again. Refused
 *    credentials mark the connection broken, as a check does.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { ServiceActionBody, ServiceActionResponse } from '@formloom/contracts/api/integrations/internal';
import * as copy from '@formloom/contracts/copy';
import { SERVICE_TYPE_NAMES, type ServiceType } from '@formloom/contracts/integrations/service-types';
import { SERVICE_ACTION_LEASE_MS } from '@formloom/contracts/limits';
import { conflict, invalid, notFound } from '@formloom/kit/errors';
import { CONNECTORS } from '../connectors/registry';
import { serviceActions, serviceConnections } from '../db/schema';
import type { OAuthEnv } from './oauth';
import { connectionFailure } from './services';

/** Claims `key` for a call (see the module doc): `null` when this call is to run the action, else the answer to give. */
async function claim(env: OAuthEnv, serviceId: string, body: ServiceActionBody): Promise<ServiceActionResponse | null> {
  const [claimed] = await env.db
    .insert(serviceActions)
    .values({ idempotencyKey: body.idempotencyKey, organizationId: body.organizationId, serviceId, action: body.action, status: 'running' })
    .onConflictDoNothing()
    .returning({ key: serviceActions.idempotencyKey });
  if (claimed) return null;
  const [existing] = await env.db.select().from(serviceActions).where(eq(serviceActions.idempotencyKey, body.idempotencyKey));
  if (!existing || existing.organizationId !== body.organizationId || existing.serviceId !== serviceId || existing.action !== body.action) {
    // Another connection's, action's or organization's key: a caller's bug; never answer someone else's output.
    throw conflict(copy.integrations.actionInProgress);
  }
  if (existing.status === 'succeeded') return { output: existing.output ?? {}, replayed: true };
  const [takenOver] = await env.db
    .update(serviceActions)
    .set({ startedAt: sql`now()` })
    .where(and(eq(serviceActions.idempotencyKey, body.idempotencyKey), eq(serviceActions.status, 'running'), lt(serviceActions.startedAt, new Date(Date.now() - SERVICE_ACTION_LEASE_MS))))
    .returning({ key: serviceActions.idempotencyKey });
  if (takenOver) return null;
  throw conflict(copy.integrations.actionInProgress);
}

/**
 * Runs `body`'s action with connection `serviceId` of `body.organizationId` (see the module doc).
 * @throws not_found (not the organization's connection), invalid (an action of another type), conflict (the key is
 *   running), unprocessable (the provider refused the request or the credentials), unavailable (retry later)
 */
export async function runAction(env: OAuthEnv, serviceId: string, body: ServiceActionBody): Promise<ServiceActionResponse> {
  const [row] = await env.db
    .select()
    .from(serviceConnections)
    .where(and(eq(serviceConnections.id, serviceId), eq(serviceConnections.organizationId, body.organizationId)));
  if (!row) throw notFound(copy.integrations.serviceNotFound);
  const type = row.type as ServiceType;
  const action = CONNECTORS[type]?.actions?.[body.action];
  if (!action || !body.action.startsWith(`${type}.`)) throw invalid(copy.integrations.wrongActionType(body.action, SERVICE_TYPE_NAMES[type]));
  const answered = await claim(env, serviceId, body);
  if (answered) return answered;
  try {
    const output = await env.withCredentials(row, (config) => action(config, env.connectorContext(type), body.input as never));
    await env.db.update(serviceActions).set({ status: 'succeeded', output, finishedAt: sql`now()` }).where(eq(serviceActions.idempotencyKey, body.idempotencyKey));
    return { output, replayed: false };
  } catch (caught) {
    await env.db.delete(serviceActions).where(and(eq(serviceActions.idempotencyKey, body.idempotencyKey), eq(serviceActions.status, 'running')));
    throw await connectionFailure(env.db, row, caught);
  }
}
