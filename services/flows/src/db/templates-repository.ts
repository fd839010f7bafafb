/**
 * Cloneable template queries (`domain/cloneable-templates.ts`). Plain functions over a database or a transaction
 * ({@link DbOrTx}); no rules here.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@formloom/kit/db';
import { cloneableTemplates, flows } from './schema';

/** A stored template with what the gallery needs of its form (times as `Date`). */
export interface TemplateRecord {
  id: string;
  slug: string;
  /** The organization that made it; null for the built-in catalogue. */
  organizationId: number | null;
  flowId: number;
  flowPublicIdentifier: string;
  name: string;
  description: string;
  categories: string[];
  isFeatured: boolean;
  isPrivate: boolean;
  type: 'form' | 'quiz';
  /** The form's theme: a featured theme's id, or an organization theme's public id (at most one). */
  featuredThemeId: string | null;
  themePublicId: string | null;
  /** The form's live snapshot; null when the form is not live (never published, closed or in the trash). */
  liveSnapshotId: number | null;
  viewCount: number;
  cloneCount: number;
  createdAt: Date;
}

const templateColumns = {
  id: cloneableTemplates.id,
  slug: cloneableTemplates.slug,
  organizationId: cloneableTemplates.organizationId,
  flowId: cloneableTemplates.flowId,
  flowPublicIdentifier: flows.publicIdentifier,
  name: cloneableTemplates.name,
  description: cloneableTemplates.description,
  categories: cloneableTemplates.categories,
  isFeatured: cloneableTemplates.isFeatured,
  isPrivate: cloneableTemplates.isPrivate,
  type: cloneableTemplates.type,
  featuredThemeId: flows.featuredThemeId,
  themePublicId: flows.themePublicId,
  liveSnapshotId: sql<number | null>`CASE WHEN ${flows.closedAt} IS NULL AND ${flows.trashedAt} IS NULL THEN ${flows.liveSnapshotId} END`,
  viewCount: cloneableTemplates.viewCount,
  cloneCount: cloneableTemplates.cloneCount,
  createdAt: cloneableTemplates.createdAt,
};

/** Only templates whose form is live (published, not closed, not in the trash). */
const formIsLive: SQL = and(isNotNull(flows.liveSnapshotId), isNull(flows.closedAt), isNull(flows.trashedAt)) as SQL;

/**
 * The gallery of `organizationId`: the catalogue's templates in their order, then the organization's own, the newest
 * first — only those whose form is live.
 */
export async function listGalleryTemplates(db: DbOrTx, organizationId: number): Promise<TemplateRecord[]> {
  return db
    .select(templateColumns)
    .from(cloneableTemplates)
    .innerJoin(flows, eq(flows.id, cloneableTemplates.flowId))
    .where(and(or(isNull(cloneableTemplates.organizationId), eq(cloneableTemplates.organizationId, organizationId)), formIsLive))
    .orderBy(sql`${cloneableTemplates.organizationId} IS NOT NULL`, asc(cloneableTemplates.position), desc(cloneableTemplates.createdAt), desc(cloneableTemplates.id));
}

/**
 * The template `slug` as `organizationId` may use it: a catalogue one, one of the organization's, or another's public
 * one — with a live form; else undefined.
 */
export async function findUsableTemplateBySlug(db: DbOrTx, organizationId: number, slug: string): Promise<TemplateRecord | undefined> {
  const [row] = await db
    .select(templateColumns)
    .from(cloneableTemplates)
    .innerJoin(flows, eq(flows.id, cloneableTemplates.flowId))
    .where(
      and(
        eq(cloneableTemplates.slug, slug),
        or(isNull(cloneableTemplates.organizationId), eq(cloneableTemplates.organizationId, organizationId), eq(cloneableTemplates.isPrivate, false)),
        formIsLive,
      ),
    );
  return row;
}

/** Template `id` of `organizationId` (any state of its form), or undefined. */
export async function findOrganizationTemplate(db: DbOrTx, organizationId: number, id: string): Promise<TemplateRecord | undefined> {
  const [row] = await db
    .select(templateColumns)
    .from(cloneableTemplates)
    .innerJoin(flows, eq(flows.id, cloneableTemplates.flowId))
    .where(and(eq(cloneableTemplates.id, id), eq(cloneableTemplates.organizationId, organizationId)));
  return row;
}

/** The template of flow `flowId`, or undefined. */
export async function findTemplateIdOfFlow(db: DbOrTx, flowId: number): Promise<string | undefined> {
  const [row] = await db.select({ id: cloneableTemplates.id }).from(cloneableTemplates).where(eq(cloneableTemplates.flowId, flowId));
  return row?.id;
}

/** How many templates `organizationId` has. */
export async function countOrganizationTemplates(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cloneableTemplates).where(eq(cloneableTemplates.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

/** A template to insert. */
export interface NewTemplate {
  id: string;
  slug: string;
  organizationId: number | null;
  flowId: number;
  name: string;
  description: string;
  categories: string[];
  isFeatured: boolean;
  isPrivate: boolean;
  type: 'form' | 'quiz';
  position: number;
  contentHash: string | null;
  createdBy: number | null;
}

/** Inserts a template. @throws the driver's unique violation on a taken slug or a form that already has one. */
export async function insertTemplate(db: DbOrTx, template: NewTemplate): Promise<void> {
  await db.insert(cloneableTemplates).values(template);
}

/** Changes template `id`'s shown fields (and, for the catalogue, its position and content hash). */
export async function updateTemplateRow(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<NewTemplate, 'name' | 'description' | 'categories' | 'isFeatured' | 'isPrivate' | 'type' | 'position' | 'contentHash'>>,
): Promise<void> {
  await db
    .update(cloneableTemplates)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(cloneableTemplates.id, id));
}

/** Deletes template `id` of `organizationId`; false when there was none. */
export async function deleteOrganizationTemplate(db: DbOrTx, organizationId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(cloneableTemplates)
    .where(and(eq(cloneableTemplates.id, id), eq(cloneableTemplates.organizationId, organizationId)))
    .returning({ id: cloneableTemplates.id });
  return rows.length > 0;
}

/** Adds one to template `id`'s view or clone count; false when there is no such template. */
export async function incrementTemplateCount(db: DbOrTx, id: string, which: 'view' | 'clone'): Promise<boolean> {
  const column = which === 'view' ? cloneableTemplates.viewCount : cloneableTemplates.cloneCount;
  const rows = await db
    .update(cloneableTemplates)
    .set(which === 'view' ? { viewCount: sql`${column} + 1` } : { cloneCount: sql`${column} + 1` })
    .where(eq(cloneableTemplates.id, id))
    .returning({ id: cloneableTemplates.id });
  return rows.length > 0;
}

/** A catalogue template as stored: its id, form, position and the content hash its form was made from. */
export interface StoredCatalogueTemplate {
  id: string;
  slug: string;
  flowId: number;
  position: number;
  contentHash: string | null;
}

/** Every stored catalogue template (organization null). */
export async function listStoredCatalogue(db: DbOrTx): Promise<StoredCatalogueTemplate[]> {
  return db
    .select({
      id: cloneableTemplates.id,
      slug: cloneableTemplates.slug,
      flowId: cloneableTemplates.flowId,
      position: cloneableTemplates.position,
      contentHash: cloneableTemplates.contentHash,
    })
    .from(cloneableTemplates)
    .where(isNull(cloneableTemplates.organizationId));
}

/** First key of the advisory lock that serializes the catalogue's synchronisation (the second is 0). */
const TEMPLATE_CATALOGUE_LOCK = 7_349_303;
/** First key of the advisory lock that serializes an organization's template count (the second is its id). */
const ORGANIZATION_TEMPLATES_LOCK = 7_349_304;

/** Takes the transaction-level lock of the catalogue's synchronisation: replicas starting together sync it once. */
export async function lockCatalogue(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEMPLATE_CATALOGUE_LOCK}::int, 0)`);
}

/** Takes the transaction-level lock of `organizationId`'s templates (their count limit). */
export async function lockOrganizationTemplates(tx: Tx, organizationId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORGANIZATION_TEMPLATES_LOCK}::int, ${organizationId}::int)`);
}
