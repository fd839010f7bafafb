/**
 * The tables of workspaces-auth (spec 000 §3 User, Workspace, Organization; §6 access levels), in drizzle
 * pg-core. The same tables as SQL are in `migrations.ts`; keep the two in step. Ids of users, organizations
 * and workspaces are serial numbers (ARCHITECTURE §4). No other service reads these tables.
 */
import type { JWK } from 'jose';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { AccessLevel, BillingStatus, DataRegion, OrganizationFeature, UserNotice } from '@formloom/contracts/entities/identity';
import type { WorkspaceGrant } from '@formloom/contracts/api/workspaces-auth/members';

/**
 * Organizations (the tenant). Today each is created by a sign-up and named after its first user. Its flags (spec
 * 001 §2, §6), set by an operator: `hasConversionKit` (the add-on) and `dataRegion` (`EU_AGENT`, or null for the
 * default region); its billing record's `billingStatus` (spec 000 §2: `past_due` shows the banner); and the product
 * `features` turned on (contracts `ORGANIZATION_FEATURES`).
 */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  hasConversionKit: boolean('has_conversion_kit').notNull().default(false),
  dataRegion: text('data_region').$type<DataRegion>(),
  billingStatus: text('billing_status').$type<BillingStatus>().notNull().default('active'),
  features: text('features').array().$type<OrganizationFeature[]>().notNull().default(sql`'{}'`),
  /** Its subdomain (one DNS label, lower-cased, unique; `domain/custom-domains.ts`); null: none yet. */
  subdomain: text('subdomain').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Users. `email` is stored trimmed and lowercased and is unique across the installation (it is the login).
 * A user belongs to one or more organizations ({@link organizationMemberships}, with their role in each, spec 000 §6);
 * `organizationId` is the one a new session opens in (their first, then the last they switched to).
 * `passwordHash` is an argon2id PHC string.
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** When the user opened the confirmation link mailed to `email`; null while unconfirmed. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** When the small-screen reminder (`POST /admin/mobileEmail`) was queued; it is sent once (spec 000 §9). */
  mobileEmailSentAt: timestamp('mobile_email_sent_at', { withTimezone: true }),
  /** The one-time notices the user dismissed (`USER_NOTICES`, sorted): not shown to them again. */
  dismissedNotices: text('dismissed_notices').array().$type<UserNotice[]>().notNull().default(sql`'{}'`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('users_organization_id').on(t.organizationId)]);

/**
 * Who belongs to which organization, and as what (spec 000 §1, §6: `isAdmin`). A user has at least one row while they
 * can sign in; removing their last one deletes the account (`domain/organizations.ts`).
 */
export const organizationMemberships = pgTable('organization_members', {
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_members_user_id').on(t.userId)]);

/** Workspaces of an organization. Names are not unique; the slug `<id>-<kebab name>` is computed, not stored. */
export const workspaces = pgTable('workspaces', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('workspaces_organization_id').on(t.organizationId)]);

/**
 * A user's access to a workspace: `write | read | limited` (spec 000 §6). One row per (workspace, user).
 * `position`: where the user put the workspace in their home sidebar (spec 000 §4 "Dragging"; 0 first), null
 * while they never ordered it (such workspaces come after the ordered ones, by name).
 */
export const memberships = pgTable('memberships', {
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessLevel: text('access_level').$type<AccessLevel>().notNull(),
  position: integer('position'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_id').on(t.userId)]);

/**
 * Sessions behind the `formloom_session` cookie. Only the SHA-256 (hex) of the cookie's random token is
 * stored, so a leaked table does not let anyone sign in. A row past `expiresAt` is dead.
 */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** The organization the session works in (switching makes a new session); null: the user's `organizationId`. */
  organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
}, (t) => [index('sessions_user_id').on(t.userId), index('sessions_expires_at').on(t.expiresAt)]);

/**
 * The Ed25519 key pairs that sign access tokens. `kid` is the public key's RFC 7638 thumbprint.
 * `privateJwk` is an AES-256-GCM envelope (JSON text) made with a key derived from the key encryption secret
 * (`domain/key-encryption-secret.ts`); `encrypted` false marks a clear row of an earlier version, encrypted in
 * place at start. Rotation (`domain/signing-keys.ts`): a key signs from `activatesAt`, and leaves the JWKS at
 * `retiresAt` (null while no newer key exists).
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
  privateJwk: text('private_jwk').notNull(),
  encrypted: boolean('encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  activatesAt: timestamp('activates_at', { withTimezone: true }).notNull().defaultNow(),
  retiresAt: timestamp('retires_at', { withTimezone: true }),
});

/**
 * Address confirmation links (`domain/email-verification.ts`). As with sessions, only the SHA-256 (hex) of
 * the link's random token is stored. A link confirms `email` only while it is still the user's address, and
 * only before `expiresAt`; a user has at most one (a new one replaces the old).
 */
export const emailVerifications = pgTable('email_verifications', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The service's own mail, written in the transaction that decides to send it and sent by the system-mail
 * worker (`domain/system-mail.ts`): a crash between the two loses nothing. Once sent (or given up), the
 * bodies are emptied: they may hold a confirmation link.
 */
export const systemMail = pgTable('system_mail', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the next attempt is due; null once sent or given up. */
  dueAt: timestamp('due_at', { withTimezone: true }).defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  lastError: text('last_error'),
}, (t) => [index('system_mail_due_at').on(t.dueAt)]);

/**
 * API keys of an organization (`domain/api-keys.ts`): only the key's SHA-256 is kept, with its first 8 characters
 * to tell keys apart. `workspaceIds` null: every workspace of the organization. Revoked keys keep their row
 * (`revokedAt`) so the list of who made what stays readable in the database.
 */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  preview: text('preview').notNull(),
  workspaceIds: integer('workspace_ids').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('api_keys_organization_id').on(t.organizationId)]);

/**
 * Pending invitations by email (`domain/invitations.ts`): at most one per address and organization (a new one
 * replaces it). Only the SHA-256 (hex) of the link's token is stored, as for sessions. `workspaces`: the access the
 * invited person gets on accepting. Accepted and revoked invitations are deleted; expired ones stop working at
 * `expiresAt` and are deleted when the organization next invites someone.
 */
export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  isAdmin: boolean('is_admin').notNull().default(false),
  workspaces: jsonb('workspaces').$type<WorkspaceGrant[]>().notNull(),
  invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [unique('invitations_organization_id_email_key').on(t.organizationId, t.email)]);

/**
 * An organization's own domain (`domain/custom-domains.ts`): at most one per organization, a host name no other
 * organization has (stored lower-case, without a trailing dot). `verificationToken` goes in its TXT record; the
 * gateway serves the organization's forms there once `verifiedAt` is set. `problem`: what the last check found wrong.
 */
export const customDomains = pgTable('custom_domains', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  hostname: text('hostname').notNull().unique(),
  verificationToken: text('verification_token').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  problem: text('problem'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
