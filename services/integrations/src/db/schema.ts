/**
 * The integrations service's tables. The same tables as SQL are in `migrations.ts`; keep both in step.
 *
 * - `service_connections`: an organization's connected accounts (spec 000 §3 "Service connection"): type, name, the
 *   plain part of the config, the credentials sealed by the vault (`domain/vault.ts`: the data key wrapped with the
 *   key `key_id`, the secret fields encrypted with the data key), what the provider said of the account
 *   (`session_state`), who connected it, and whether its credentials still work (`status`).
 * - `oauth_states`: OAuth authorization requests in flight (`domain/oauth.ts`): the SHA-256 of their `state`, who
 *   started them, for which type and connection, where the browser returns; spent by the callback, 10 minutes at most.
 * - `service_actions`: the actions other services ran with a connection, by idempotency key (`domain/actions.ts`):
 *   `running` while a call is at the provider, `succeeded` with its output (answered again to a repeat).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ServiceSessionState } from '@formloom/contracts/api/integrations/services';

/** Connected accounts. */
export const serviceConnections = pgTable(
  'service_connections',
  {
    id: uuid('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** The member who connected it (`sub`); they and the organization's admins may change it. */
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** The config's plain (non-secret) fields. */
    config: jsonb('config').$type<Record<string, string>>().notNull(),
    /** The id of the key that wraps `wrapped_key` (`domain/vault.ts`). */
    keyId: text('key_id').notNull(),
    /** The row's data key, AES-256-GCM encrypted with key `key_id` (`v1.<iv>.<tag>.<data>`). */
    wrappedKey: text('wrapped_key').notNull(),
    /** The secret fields as JSON, AES-256-GCM encrypted with the data key (`v1.<iv>.<tag>.<data>`). */
    credentials: text('credentials').notNull(),
    sessionState: jsonb('session_state').$type<ServiceSessionState>().notNull(),
    hasConnectedOAuth: boolean('has_connected_oauth').notNull().default(false),
    status: text('status').$type<'connected' | 'broken'>().notNull(),
    statusDetail: text('status_detail'),
    /** Where it was connected from (`source` of the create call). */
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_connections_organization').on(t.organizationId, t.type, t.createdAt),
    uniqueIndex('service_connections_name').on(t.organizationId, t.type, sql`lower(${t.name})`),
    index('service_connections_key').on(t.keyId),
  ],
);
/** A connected account's row. */
export type ServiceConnectionRow = typeof serviceConnections.$inferSelect;

/** OAuth authorization requests in flight. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 (hex) of the `state` sent to the provider: the state itself is never stored. */
    stateHash: text('state_hash').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    serviceName: text('service_name'),
    /** The connection being reconnected; null: a new one. */
    serviceId: uuid('service_id'),
    returnTo: text('return_to').notNull(),
    source: text('source'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_states_expiry').on(t.expiresAt)],
);
/** An OAuth state row. */
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** Actions run with connections, by idempotency key. */
export const serviceActions = pgTable(
  'service_actions',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    action: text('action').notNull(),
    status: text('status').$type<'running' | 'succeeded'>().notNull(),
    output: jsonb('output').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('service_actions_service').on(t.serviceId)],
);
