/**
 * The theme a flow is drawn with (spec 000 §2 choose_theme, §3 Flow `featuredThemeId` / `themePublicId`, §7
 * `GET /public/flows/templates/{id}` `theme.theme`): turning the id a caller chose into the flow's two columns, and
 * the flow's columns back into the `ResolvedTheme` the public form draws. Used by flow creation (`flows.ts`) and by
 * `PUT /admin/flows/:publicIdentifier/theme` (`themes.ts`). Plain functions; no Fastify.
 */
import * as copy from '@formloom/contracts/copy';
import type { ResolvedTheme, Theme, ThemeDefinition, ThemeLook } from '@formloom/contracts/entities/theme';
import { FEATURED_THEMES, featuredThemeName, isFeaturedThemeId, themeLook } from '@formloom/contracts/rules/themes';
import type { Tx } from '@formloom/kit/db';
import { invalid } from '@formloom/kit/errors';
import { findTheme, type ThemeRecord } from '../db/themes-repository';

/** A flow's theme columns: at most one set; both null is the default look. */
export interface ThemeChoice {
  featuredThemeId: string | null;
  themePublicId: string | null;
}

/** The default look: no theme. */
export const NO_THEME: ThemeChoice = { featuredThemeId: null, themePublicId: null };

/**
 * The columns for the theme id `id` a caller chose for a flow of `organizationId` (`CreateFlowBody.theme`,
 * `SetFlowThemeBody.theme`): a featured theme's id (`rules/themes.ts` `FEATURED_THEME_IDS`) → `featuredThemeId`; the
 * public id of one of the organization's themes → `themePublicId`, its row locked (`FOR KEY SHARE`) until `tx` ends so
 * it cannot be deleted before the flow that names it is written; null or undefined → {@link NO_THEME}.
 * @returns the columns and, for an organization theme, its record
 * @throws 400 `copy.themes.unknownTheme` (details at `path`) for any other id — another organization's theme too.
 */
export async function chooseTheme(
  tx: Tx,
  organizationId: number,
  id: string | null | undefined,
  path: string,
): Promise<{ choice: ThemeChoice; theme?: ThemeRecord }> {
  if (id === null || id === undefined) return { choice: NO_THEME };
  if (isFeaturedThemeId(id)) return { choice: { featuredThemeId: id, themePublicId: null } };
  const theme = await findTheme(tx, organizationId, id, 'key share');
  if (!theme) throw invalid(copy.themes.unknownTheme, [{ path, message: copy.themes.unknownTheme }]);
  return { choice: { featuredThemeId: null, themePublicId: theme.publicIdentifier }, theme };
}

/** The most designs whose look {@link lookOf} keeps (a few hundred bytes each). */
const LOOK_CACHE_MAX = 1000;
const looks = new Map<string, ThemeLook>();

/**
 * The look (`themeLook`) of `definition`, computed once per distinct design: the public form's read is a hot path
 * and the colour maths costs ~0.1 ms a call. Keyed by the design itself, so a changed theme gets its new look; the
 * oldest entry goes when {@link LOOK_CACHE_MAX} designs are held.
 */
export function lookOf(definition: ThemeDefinition): ThemeLook {
  const key = JSON.stringify(definition);
  let look = looks.get(key);
  if (!look) {
    look = themeLook(definition);
    if (looks.size >= LOOK_CACHE_MAX) looks.delete(looks.keys().next().value!);
    looks.set(key, look);
  }
  return look;
}

/**
 * The theme a flow with `choice` is drawn with (`ResolvedTheme`): its featured theme (`FEATURED_THEMES`, named by
 * `copy.themes.featuredNames`), or its organization theme as stored (`organizationTheme`: the caller read it with the
 * flow; null when it is gone), else null — the default look, also for a featured id this version does not know.
 */
export function resolveTheme(choice: ThemeChoice, organizationTheme: { name: string; definition: ThemeDefinition } | null): ResolvedTheme | null {
  if (isFeaturedThemeId(choice.featuredThemeId)) {
    const id = choice.featuredThemeId;
    return { featuredThemeId: id, themePublicId: null, name: featuredThemeName(id), theme: FEATURED_THEMES[id], look: lookOf(FEATURED_THEMES[id]) };
  }
  if (choice.themePublicId !== null && organizationTheme) {
    return {
      featuredThemeId: null,
      themePublicId: choice.themePublicId,
      name: organizationTheme.name,
      theme: organizationTheme.definition,
      look: lookOf(organizationTheme.definition),
    };
  }
  return null;
}

/** A stored theme as the contracts' `Theme` (ISO times). */
export function toTheme(record: ThemeRecord): Theme {
  return {
    publicIdentifier: record.publicIdentifier,
    name: record.name,
    theme: record.definition,
    createdBy: record.createdBy,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
