/**
 * SQL migrations of workspaces-auth, applied in order at start by the kit (`@formloom/kit/db` `migrate`).
 * The same tables as `schema.ts`. Plain SQL that runs on PGlite and PostgreSQL. Never edit an applied
 * migration: add a new one.
 */
import type { Migration } from '@formloom/kit/db';

/** The service's migrations, in order. */
export const migrations: Migration[] = [
  {
    id: '0001_init',
    sql: `
      CREATE TABLE organizations (
        id serial PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE users (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations (id),
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX users_organization_id ON users (organization_id);
      CREATE TABLE workspaces (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations (id),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX workspaces_organization_id ON workspaces (organization_id);
      CREATE TABLE memberships (
        workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        access_level text NOT NULL CHECK (access_level IN ('write', 'read', 'limited')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, user_id)
      );
      CREATE INDEX memberships_user_id ON memberships (user_id);
      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_user_id ON sessions (user_id);
      CREATE INDEX sessions_expires_at ON sessions (expires_at);
      CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        algorithm text NOT NULL,
        public_jwk jsonb NOT NULL,
        private_jwk text NOT NULL,
        encrypted boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];
