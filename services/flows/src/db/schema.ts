/**
 * The flows service's tables (drizzle pg-core). The same tables as SQL are in `migrations.ts`; keep both in
 * step. Spec 000 §3 "Flow", "Flow template"; docs/product-rules.md §3 (published snapshots, submissions).
 *
 * - `flows`: one row per flow. `template` is the DRAFT the editor saves; `live_snapshot_id` points at the
 *   published snapshot respondents see (null until the first publish).
 * - `flow_snapshots`: one immutable row per publish (`version` 1, 2, … per flow).
 * - `submissions`: one row per submitted response, tied to the snapshot it was validated against.
 * - `submission_custom_values`: one row per submission and custom column with a value (the Results' own columns,
 *   `domain/custom-columns.ts`).
 * - `flow_user_states`: one row per flow and user who starred or opened it (the home lists, spec 000 §2).
 * - `submission_counts`: a flow's responses per status, in up to 16 shard rows; `flow_finished_counts`: its finished
 *   ones in one row, with its workspace, for the home lists' orders. Both kept by triggers.
 * - `uploads`: one row per uploaded file (its bytes are in the file storage, `storage/`), tied to the response that
 *   refers to it once one does; `upload_deletions`: storage objects whose rows are gone, to delete
 *   (`domain/uploads.ts`).
 * - `themes`: an organization's own form themes; `theme_images`: the images they show (bytes in the file storage).
 *   A flow names its theme by `featured_theme_id` or `theme_public_id` (`domain/themes.ts`).
 * - `cloneable_templates`: the published forms new forms start from — the built-in catalogue's (their forms in the
 *   template library, organization 0) and organizations' own (`domain/cloneable-templates.ts`).
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FlowSettings, FlowType } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { ThemeDefinition } from '@formloom/contracts/entities/theme';

/** The states of a submission: a respondent's progress, or finished. */
export type SubmissionStatus = 'in_progress' | 'finished';

/** Flows: numeric id, public identifier, name, type, tenant, settings, theme, draft template, live pointer. */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    publicIdentifier: text('public_identifier').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').$type<FlowType>().notNull(),
    workspaceId: integer('workspace_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    settings: jsonb('settings').$type<FlowSettings>().notNull().default({}),
    /** The featured theme it is drawn with (spec 000 §3 `featuredThemeId`); null: none (see `themePublicId`). */
    featuredThemeId: text('featured_theme_id'),
    /**
     * The organization theme it is drawn with (spec 000 §3 `themePublicId`; migration `0012_themes`); set to null when
     * the theme is deleted. At most one of the two is set; both null: the default look.
     */
    themePublicId: text('theme_public_id').references((): AnyPgColumn => themes.publicIdentifier, { onDelete: 'set null' }),
    /** The draft template (validated on every write). */
    template: jsonb('template').$type<FlowTemplate>().notNull(),
    /** The live snapshot; null until first published. */
    liveSnapshotId: integer('live_snapshot_id').references((): AnyPgColumn => flowSnapshots.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the form was closed (unpublished); null while it is live or was never published. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When it was moved to the trash (spec 000 §2 reserved workspace `trash`); null otherwise. A trashed flow is
     * listed only in the trash, its public link answers 404 and it cannot be published (`Flow.trashedAt`).
     */
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /**
     * The user who created it (migration `0014_flow_creators`); null for forms made before creators were recorded and
     * for the template library's. Decides what a `limited` member sees (contracts `rules/access.ts`).
     */
    createdBy: integer('created_by'),
  },
  (t) => [
    index('flows_workspace_created').on(t.workspaceId, t.createdAt, t.id),
    index('flows_workspace_updated').on(t.workspaceId, t.updatedAt, t.id),
    index('flows_workspace_name').on(t.workspaceId, sql`lower(${t.name})`, t.id),
    index('flows_workspace_trashed').on(t.workspaceId, t.trashedAt).where(sql`trashed_at IS NOT NULL`),
    index('flows_workspace_id').on(t.workspaceId, t.id),
    index('flows_workspace_creator').on(t.workspaceId, t.createdBy).where(sql`created_by IS NOT NULL`),
    index('flows_theme').on(t.themePublicId).where(sql`theme_public_id IS NOT NULL`),
    check('flows_one_theme', sql`featured_theme_id IS NULL OR theme_public_id IS NULL`),
  ],
);

/**
 * One user's own view of a flow (spec 000 §2 'Starred', 'Recently viewed', sort options 'Last viewed' and
 * 'Unread'; migration `0010_home_lists`): when they starred it (null: not starred), when they last opened it in
 * the editor (null: never), and how many finished submissions it had when they last opened its Results
 * (`results_seen_count`, at `results_seen_at`; 0 and null before the first time). Made on the first star or view,
 * deleted with the flow. `user_id` is the caller's `sub` (users live in workspaces-auth: no foreign key).
 */
export const flowUserStates = pgTable(
  'flow_user_states',
  {
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    starredAt: timestamp('starred_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    resultsSeenCount: bigint('results_seen_count', { mode: 'number' }).notNull().default(0),
    resultsSeenAt: timestamp('results_seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.flowId, t.userId] }),
    index('flow_user_states_starred').on(t.userId, t.starredAt).where(sql`starred_at IS NOT NULL`),
    index('flow_user_states_viewed').on(t.userId, t.lastViewedAt).where(sql`last_viewed_at IS NOT NULL`),
    index('flow_user_states_results_seen').on(t.userId, t.flowId).where(sql`results_seen_count > 0`),
  ],
);

/** Published snapshots: an immutable copy of the draft per publish. */
export const flowSnapshots = pgTable(
  'flow_snapshots',
  {
    id: serial('id').primaryKey(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    template: jsonb('template').$type<FlowTemplate>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('flow_snapshots_flow_version').on(t.flowId, t.version), unique('flow_snapshots_id_flow').on(t.id, t.flowId)],
);

/** Submissions: UUIDv7 id, the flow and snapshot answered, normalized answers by widget id, times. */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => flowSnapshots.id),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    submissionTime: timestamp('submission_time', { withTimezone: true }).notNull(),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull(),
    /** The browser's `respondentId`, kept only for a form that takes one response per browser (unique per flow). */
    respondentKey: text('respondent_key'),
    /** `finished` (a submission) or `in_progress` (a respondent's saved progress, a partial submission). */
    status: text('status').$type<SubmissionStatus>().notNull().default('finished'),
    /** SHA-256 (hex) of an in-progress submission's token; null once finished. */
    progressTokenHash: text('progress_token_hash'),
    /** SHA-256 (hex) of a finished submission's edit token (`domain/edit-submissions.ts`); null for older ones. */
    editTokenHash: text('edit_token_hash'),
    /** The page an in-progress respondent reached. */
    lastStepId: text('last_step_id'),
    /**
     * What the Results' search reads (`domain/search-text.ts` `searchTextOf`): the lowercased answer texts and hidden
     * field values, one per line; written with every submission, saved progress and edit. Null for rows stored
     * before it existed: they match no search.
     */
    searchText: text('search_text'),
  },
  (t) => [
    index('submissions_flow_status_time').on(t.flowId, t.status, t.submissionTime, t.id),
    index('submissions_flow_in_progress').on(t.flowId, t.lastUpdatedAt).where(sql`status = 'in_progress'`),
    uniqueIndex('submissions_flow_respondent').on(t.flowId, t.respondentKey).where(sql`respondent_key IS NOT NULL`),
  ],
);

/**
 * A submission's value of a custom column (the column is in its flow's `settings.customColumns`): the value as its
 * type normalizes it (`rules/custom-columns.ts`), the lowercased text a person reads of it (the Results' search),
 * when it was set. Deleted with its submission (and flow); a column's values are deleted with the column.
 */
export const submissionCustomValues = pgTable(
  'submission_custom_values',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    columnId: text('column_id').notNull(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<unknown>().notNull(),
    searchText: text('search_text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.columnId] }), index('submission_custom_values_column').on(t.flowId, t.columnId)],
);

/** Who uploaded a file: a respondent of the live form, or an editor (`POST /admin/fileupload`). */
export type UploadSource = 'respondent' | 'editor';

/**
 * Uploaded files: UUIDv7 id, the flow and question (`field_id`, a widget id; null for an editor's file of no
 * question), who sent it, its cleaned name, the type the server determined, its size in bytes, its key in the
 * file storage, and the response that refers to it (null until a submission — finished or in progress — does; set
 * back to null when that response no longer does or is deleted). Deleted with their flow.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    fieldId: text('field_id'),
    source: text('source').$type<UploadSource>().notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_flow').on(t.flowId),
    index('uploads_submission').on(t.submissionId).where(sql`submission_id IS NOT NULL`),
    index('uploads_unreferenced').on(t.createdAt).where(sql`submission_id IS NULL AND source = 'respondent'`),
  ],
);

/**
 * Storage objects to delete: the key of every deleted `uploads` row (written by the `uploads_deleted` trigger, so a
 * flow's deletion, which cascades to its uploads, queues its files too), deleted by the upload sweeper.
 */
export const uploadDeletions = pgTable('upload_deletions', {
  storageKey: text('storage_key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many responses each flow has per status (migration `0008_submission_counts`): kept by statement triggers on
 * `submissions`, spread over up to 16 `shard` rows per flow and status (sum them). Read by `countSubmissions`.
 */
export const submissionCounts = pgTable(
  'submission_counts',
  {
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubmissionStatus>().notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.status, t.shard] })],
);

/**
 * Each flow's finished submissions in ONE row, with its workspace (migration `0011_flow_finished_counts`): the home
 * lists' 'Submission count' and 'Unread' orders walk `(workspace_id, n, flow_id)` backwards instead of summing
 * {@link submissionCounts} for every form of the workspace. Kept by the database: made with 0 by a trigger when a flow
 * is inserted, its `workspace_id` following the flow's on a move, `n` changed by the same statement triggers on
 * `submissions` that keep `submission_counts` (so it always equals the sum of the flow's `finished` shards), deleted
 * with the flow. Never written by the service's code.
 */
export const flowFinishedCounts = pgTable(
  'flow_finished_counts',
  {
    flowId: integer('flow_id')
      .primaryKey()
      .references(() => flows.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('flow_finished_counts_workspace').on(t.workspaceId, t.n, t.flowId)],
);

/**
 * An organization's own form themes (spec 001 §3 "Theme"; migration `0012_themes`; `domain/themes.ts`): the public id a
 * flow's `theme_public_id` names (made like flows' public ids), the organization, the name and its lower-cased key
 * (`name.trim().toLowerCase()`, as `rules/themes.ts` `uniqueThemeName` compares names: unique per organization), the
 * design (`ThemeDefinition`, checked on every write), who made it (a user id of workspaces-auth: no foreign key) and when.
 */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    publicIdentifier: text('public_identifier').notNull().unique(),
    organizationId: integer('organization_id').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    definition: jsonb('definition').$type<ThemeDefinition>().notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('themes_organization_name').on(t.organizationId, t.nameKey), index('themes_organization_updated').on(t.organizationId, t.updatedAt, t.id)],
);

/**
 * The images themes show — logos and page backgrounds (`POST /admin/themes/images`; migration `0012_themes`): UUIDv7 id
 * (the public address `/public/themes/images/{id}`), the organization, the key of its bytes in the file storage
 * (`themes/<organizationId>/<id>`), its type (PNG, JPEG, GIF or WebP, from its first bytes), its size in bytes, who
 * uploaded it and when.
 */
export const themeImages = pgTable('theme_images', {
  id: uuid('id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cloneable templates (spec 000 §3 "Cloneable template"; migration `0013_cloneable_templates`): UUID id (the count
 * calls' `{templateId}`), its link `slug` (unique), the organization that made it (null: the built-in catalogue,
 * whose forms belong to the template library), its form (one template per form; deleted with it), how the gallery
 * shows it (name, description, categories, featured, private, type, and `position`, the catalogue's order), the
 * catalogue entry's `contentHash` (what the stored form was made from), view and clone counts, who made it and when.
 */
export const cloneableTemplates = pgTable('cloneable_templates', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  organizationId: integer('organization_id'),
  flowId: integer('flow_id')
    .notNull()
    .unique()
    .references(() => flows.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
  isFeatured: boolean('is_featured').notNull().default(false),
  isPrivate: boolean('is_private').notNull().default(true),
  type: text('type').$type<'form' | 'quiz'>().notNull(),
  position: integer('position').notNull().default(0),
  contentHash: text('content_hash'),
  viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
  cloneCount: bigint('clone_count', { mode: 'number' }).notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cloneable_templates_organization').on(t.organizationId, t.createdAt, t.id)]);
