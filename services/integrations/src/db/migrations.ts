/**
 * The integrations service's SQL migrations (the same tables as `schema.ts`), applied in order by the kit at start.
 * SQL runs on PGlite and PostgreSQL alike. Never edit a shipped migration: add the next one.
 */
import type { Migration } from '@formloom/kit/db';

/** Migrations in order. */
export const migrations: Migration[] = [
  {
    id: '0001_service_connections',
    sql: `
      CREATE TABLE service_connections (
        id uuid PRIMARY KEY,
        organization_id integer NOT NULL,
        user_id integer NOT NULL,
        type text NOT NULL,
        name text NOT NULL,
        config jsonb NOT NULL,
        key_id text NOT NULL,
        wrapped_key text NOT NULL,
        credentials text NOT NULL,
        session_state jsonb NOT NULL,
        has_connected_oauth boolean NOT NULL DEFAULT false,
        status text NOT NULL CHECK (status IN ('connected', 'broken')),
        status_detail text,
        source text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX service_connections_organization ON service_connections (organization_id, type, created_at);
      CREATE UNIQUE INDEX service_connections_name ON service_connections (organization_id, type, lower(name));
      CREATE INDEX service_connections_key ON service_connections (key_id);
    `,
  },
  {
    id: '0002_oauth_states',
    sql: `
      CREATE TABLE oauth_states (
        state_hash text PRIMARY KEY,
        organization_id integer NOT NULL,
        user_id integer NOT NULL,
        type text NOT NULL,
        service_name text,
        service_id uuid,
        return_to text NOT NULL,
        source text,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX oauth_states_expiry ON oauth_states (expires_at);
    `,
  },
  {
    id: '0003_service_actions',
    sql: `
      CREATE TABLE service_actions (
        idempotency_key text PRIMARY KEY,
        organization_id integer NOT NULL,
        service_id uuid NOT NULL,
        action text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'succeeded')),
        output jsonb,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX service_actions_service ON service_actions (service_id);
    `,
  },
];
