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
  {
    // Key rotation (domain/signing-keys.ts). Expand only: an earlier version ignores the columns (the
    // defaults fill them for the rows it inserts).
    id: '0002_signing_key_rotation',
    sql: `
      ALTER TABLE signing_keys ADD COLUMN activates_at timestamptz NOT NULL DEFAULT now();
      UPDATE signing_keys SET activates_at = created_at;
      ALTER TABLE signing_keys ADD COLUMN retires_at timestamptz;`,
  },
  {
    // Address confirmation (domain/email-verification.ts) and the service's own mail (domain/system-mail.ts).
    // Accounts made before confirmation existed count as confirmed: nobody could have confirmed them.
    id: '0003_email_verification',
    sql: `
      ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
      UPDATE users SET email_verified_at = created_at;
      CREATE TABLE email_verifications (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE TABLE system_mail (
        id serial PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        due_at timestamptz DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        sent_at timestamptz,
        last_error text
      );
      CREATE INDEX system_mail_due_at ON system_mail (due_at);`,
  },
  {
    // API keys of the public REST API (domain/api-keys.ts): the key's SHA-256 only.
    id: '0004_api_keys',
    sql: `
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        preview text NOT NULL,
        workspace_ids integer[],
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_organization_id ON api_keys (organization_id);`,
  },
  {
    // Organization flags (spec 001 §2, §6): the Conversion Kit add-on and the data region (NULL: the default one).
    id: '0005_organization_flags',
    sql: `
      ALTER TABLE organizations ADD COLUMN has_conversion_kit boolean NOT NULL DEFAULT false;
      ALTER TABLE organizations ADD COLUMN data_region text CHECK (data_region IN ('EU_AGENT'));`,
  },
  {
    // Each member's own order of their workspaces in the home sidebar (spec 000 §4 "Dragging";
    // domain/workspaces.ts setWorkspaceOrder). NULL: never ordered (after the ordered ones, by name). Expand only.
    id: '0006_membership_position',
    sql: `
      ALTER TABLE memberships ADD COLUMN position integer;`,
  },
  {
    // The small-screen reminder is sent once per user (spec 000 §9).
    id: '0007_mobile_email',
    sql: `
      ALTER TABLE users ADD COLUMN mobile_email_sent_at timestamptz;`,
  },
  {
    // The billing record's state (spec 000 §2 past-due banner); set by an operator or a payment webhook.
    id: '0008_billing_status',
    sql: `
      ALTER TABLE organizations ADD COLUMN billing_status text NOT NULL DEFAULT 'active'
        CHECK (billing_status IN ('active', 'past_due'));`,
  },
  {
    // The product features turned on per organization (contracts ORGANIZATION_FEATURES; spec 000 §2 Quick start's
    // Database card). Names are checked by the contract, not here: a new feature needs no migration.
    id: '0009_organization_features',
    sql: `ALTER TABLE organizations ADD COLUMN features text[] NOT NULL DEFAULT '{}';`,
  },
  {
    // Invitations by email (spec 000 §2 "Settings and members"; domain/invitations.ts): one pending invitation per
    // address and organization, only the SHA-256 of the link's token stored; accepted or revoked rows are deleted.
    id: '0010_invitations',
    sql: `
      CREATE TABLE invitations (
        id uuid PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        email text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        is_admin boolean NOT NULL DEFAULT false,
        workspaces jsonb NOT NULL,
        invited_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        UNIQUE (organization_id, email)
      );`,
  },
  {
    // The one-time notices each user dismissed (contracts USER_NOTICES; spec 000 §2 LinkedIn follow banner). Names are
    // checked by the contract: a new notice needs no migration.
    id: '0011_dismissed_notices',
    sql: `ALTER TABLE users ADD COLUMN dismissed_notices text[] NOT NULL DEFAULT '{}';`,
  },
  {
    // A user may belong to several organizations (spec 000 §1 "users can switch organization"; docs/architecture.md
    // §5 "Organizations"): the role moves from users.is_admin to one organization_members row per (organization,
    // user). users.organization_id becomes the organization a new session opens in (the last one switched to); each
    // session keeps the one it works in (NULL: the user's). Existing users keep their one organization and role.
    id: '0012_organization_members',
    sql: `
      CREATE TABLE organization_members (
        organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_id)
      );
      CREATE INDEX organization_members_user_id ON organization_members (user_id);
      INSERT INTO organization_members (organization_id, user_id, is_admin, created_at)
        SELECT organization_id, id, is_admin, created_at FROM users;
      ALTER TABLE users DROP COLUMN is_admin;
      ALTER TABLE sessions ADD COLUMN organization_id integer REFERENCES organizations (id) ON DELETE SET NULL;`,
  },
  {
    // An organization's subdomain (spec 000 §3; domain/custom-domains.ts): one DNS label, lower-cased, unique — the
    // gateway serves the organization's public forms at {subdomain}.{the PUBLIC_URL host}.
    id: '0013_subdomains',
    sql: `ALTER TABLE organizations ADD COLUMN subdomain text UNIQUE;`,
  },
  {
    // An organization's own domain (domain/custom-domains.ts): at most one per organization, a host name no other
    // organization has; served once its verification TXT record was found (verified_at).
    id: '0014_custom_domains',
    sql: `
      CREATE TABLE custom_domains (
        organization_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
        hostname text NOT NULL UNIQUE,
        verification_token text NOT NULL,
        verified_at timestamptz,
        last_checked_at timestamptz,
        problem text,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];
