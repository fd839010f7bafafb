/**
 * Theme and theme image queries (`domain/themes.ts`, `domain/theme-images.ts`). Plain functions over a database or a
 * transaction ({@link DbOrTx}); no rules here.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { ThemeDefinition } from '@formloom/contracts/entities/theme';
import type { DbOrTx, Tx } from '@formloom/kit/db';
import { themeImages, themes } from './schema';

/** A stored organization theme (times as `Date`). */
export interface ThemeRecord {
  id: number;
  publicIdentifier: string;
  organizationId: number;
  name: string;
  definition: ThemeDefinition;
  /** The user who made it (the token's `sub`), or null. */
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

const themeColumns = {
  id: themes.id,
  publicIdentifier: themes.publicIdentifier,
  organizationId: themes.organizationId,
  name: themes.name,
  definition: themes.definition,
  createdBy: themes.createdBy,
  createdAt: themes.createdAt,
  updatedAt: themes.updatedAt,
};

/** The themes of `organizationId`, the last changed first (then the newest id). */
export async function listOrganizationThemes(db: DbOrTx, organizationId: number): Promise<ThemeRecord[]> {
  return db
    .select(themeColumns)
    .from(themes)
    .where(eq(themes.organizationId, organizationId))
    .orderBy(desc(themes.updatedAt), desc(themes.id));
}

/**
 * Theme `publicIdentifier` of `organizationId`, or undefined (unknown, or another organization's). With `lock` (in a
 * transaction) its row is locked until the transaction ends: `key share` keeps it from being deleted meanwhile (what
 * a flow that is given the theme needs), `update` serializes changes to it.
 */
export async function findTheme(
  db: DbOrTx,
  organizationId: number,
  publicIdentifier: string,
  lock?: 'key share' | 'update',
): Promise<ThemeRecord | undefined> {
  const query = db
    .select(themeColumns)
    .from(themes)
    .where(and(eq(themes.organizationId, organizationId), eq(themes.publicIdentifier, publicIdentifier)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** First key of the advisory lock that serializes theme names and counts per organization (the second is its id). */
const ORGANIZATION_THEMES_LOCK = 7_349_302;

/**
 * Takes a transaction-level advisory lock on the themes of `organizationId`: two creations or renames in one
 * organization run one after the other, so they cannot both pick 'AI Theme (2)' nor both pass the most themes.
 */
export async function lockOrganizationThemes(tx: Tx, organizationId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORGANIZATION_THEMES_LOCK}::int, ${organizationId}::int)`);
}

/** The names of the themes of `organizationId`, but theme `exceptId`'s (a rename compares with the others). */
export async function organizationThemeNames(db: DbOrTx, organizationId: number, exceptId?: number): Promise<string[]> {
  const rows = await db
    .select({ name: themes.name })
    .from(themes)
    .where(and(eq(themes.organizationId, organizationId), ...(exceptId === undefined ? [] : [ne(themes.id, exceptId)])));
  return rows.map((row) => row.name);
}

/** What {@link insertTheme} stores; `nameKey` is the name's comparison key. */
export interface NewTheme {
  publicIdentifier: string;
  organizationId: number;
  name: string;
  nameKey: string;
  definition: ThemeDefinition;
  createdBy: number | null;
}

/** Inserts a theme and returns it. @throws the driver's unique violation (`themes_organization_name`, a public id). */
export async function insertTheme(db: DbOrTx, theme: NewTheme): Promise<ThemeRecord> {
  const [row] = await db.insert(themes).values(theme).returning(themeColumns);
  if (!row) throw new Error('insert into themes returned no row');
  return row;
}

/**
 * Changes theme `id`'s name (with its key) and/or design and bumps `updated_at`; resolves the theme as it is now, or
 * undefined when it is gone. @throws the driver's unique violation (`themes_organization_name`).
 */
export async function updateThemeRow(
  db: DbOrTx,
  id: number,
  change: { name?: string; nameKey?: string; definition?: ThemeDefinition },
): Promise<ThemeRecord | undefined> {
  const [row] = await db
    .update(themes)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(themes.id, id))
    .returning(themeColumns);
  return row;
}

/** Deletes theme `id` (its flows' `theme_public_id` become NULL: the foreign key). Resolves whether it was there. */
export async function deleteThemeRow(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(themes).where(eq(themes.id, id)).returning({ id: themes.id });
  return rows.length > 0;
}

/** A stored theme image's row. */
export interface ThemeImageRecord {
  id: string;
  organizationId: number;
  storageKey: string;
  /** One of `THEME_IMAGE_CONTENT_TYPES`. */
  contentType: string;
  /** Bytes. */
  size: number;
  createdBy: number | null;
}

/** Inserts a theme image's row (its bytes must be stored already). */
export async function insertThemeImage(db: DbOrTx, row: ThemeImageRecord): Promise<void> {
  await db.insert(themeImages).values(row);
}

/** Theme image `id`, or undefined. */
export async function findThemeImage(db: DbOrTx, id: string): Promise<ThemeImageRecord | undefined> {
  const [row] = await db
    .select({
      id: themeImages.id,
      organizationId: themeImages.organizationId,
      storageKey: themeImages.storageKey,
      contentType: themeImages.contentType,
      size: themeImages.size,
      createdBy: themeImages.createdBy,
    })
    .from(themeImages)
    .where(eq(themeImages.id, id));
  return row;
}

/** Deletes theme image `id`'s row (its bytes are the caller's to delete). */
export async function deleteThemeImageRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(themeImages).where(eq(themeImages.id, id));
}
