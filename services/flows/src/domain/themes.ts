/**
 * Form themes (spec 000 §2 choose_theme, §7 `POST /admin/themes/generate` and `/admin/themes/create`; spec 001 §2 AI
 * theme designer, §3 "Theme"; the calls of `contracts/src/api/flows/themes.ts`): an organization's own themes, the
 * design the AI theme designer reads from an image, and the theme a flow is drawn with. Plain functions over the
 * database; no Fastify.
 *
 * - The organization is the caller's (`AuthClaims.org`); another organization's theme is 404 `copy.themes.notFound`.
 *   Any member lists, generates and creates; changing or deleting needs the theme's creator or an admin (403
 *   `copy.themes.notYours`).
 * - Names are unique per organization without regard to case (`rules/themes.ts` `uniqueThemeName` compares the trimmed,
 *   lower-cased names; `themes.name_key` holds that key under a unique constraint). Creations and renames of one
 *   organization take its advisory lock ({@link lockOrganizationThemes}) in their transaction, so two 'AI Theme' made
 *   at once become 'AI Theme' and 'AI Theme (2)' and the organization never passes `THEMES_PER_ORGANIZATION_MAX`.
 * - A theme's change shows on every form using it at the next read of the public form (read with the flow, never
 *   cached); a deleted theme's forms show the default look (`flows.theme_public_id` set to NULL by its foreign key).
 */
import type { GenerateThemeBody, CreateThemeBody, ListThemesResponse, SetFlowThemeResponse, UpdateThemeBody } from '@formloom/contracts/api/flows/themes';
import * as copy from '@formloom/contracts/copy';
import type { Theme, ThemeDefinition } from '@formloom/contracts/entities/theme';
import { THEMES_PER_ORGANIZATION_MAX } from '@formloom/contracts/limits';
import { themeFromPalette, uniqueThemeName } from '@formloom/contracts/rules/themes';
import { isUniqueViolation, type Tx } from '@formloom/kit/db';
import { conflict, forbidden, invalid, notFound, type DomainError } from '@formloom/kit/errors';
import { publicIdentifier as newPublicIdentifier } from '@formloom/kit/ids';
import { findFlowById, updateFlowTheme } from '../db/flows-repository';
import {
  deleteThemeRow,
  findTheme,
  insertTheme,
  listOrganizationThemes,
  lockOrganizationThemes,
  organizationThemeNames,
  updateThemeRow,
  type ThemeRecord,
} from '../db/themes-repository';
import { authorizedFlow, toFlow, type Authorize, type FlowsDeps } from './flows';
import { readImagePalette } from './image-palette';
import { readThemeImage } from './theme-images';
import { chooseTheme, resolveTheme, toTheme } from './theme-choice';
import type { UploadsDeps } from './uploads';

/** Who calls a theme call: their organization (`org`), user id (`sub`) and whether they are its admin (`adm`). */
export interface ThemeCaller {
  organizationId: number;
  userId: number;
  isAdmin: boolean;
}

/** The unique constraint on `(organization_id, name_key)`. */
const NAME_CONSTRAINT = 'themes_organization_name';

/** How two theme names are compared: trimmed and lower-cased, as `rules/themes.ts` `uniqueThemeName` compares them. */
export function themeNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** 409 `copy.themes.nameTaken(name)`, at `body.name`. */
function nameTaken(name: string): DomainError {
  return conflict(copy.themes.nameTaken(name), [{ path: 'body.name', message: copy.themes.nameTaken(name) }]);
}

/** Runs `write` (a creation or rename); a unique violation of the name that slipped past the checks is a 409 too. */
async function withNameCheck<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw nameTaken(name);
    throw error;
  }
}

/** `GET /admin/themes`: the themes of `organizationId`, the last changed first. */
export async function listThemes(deps: FlowsDeps, organizationId: number): Promise<ListThemesResponse> {
  return { themes: (await listOrganizationThemes(deps.db, organizationId)).map(toTheme) };
}

/**
 * `POST /admin/themes/create` (spec 000 §7): stores `body.theme` as a theme of `caller`'s organization named
 * `body.name` (trimmed, not blank: `ThemeName`), made unique with `uniqueThemeName` when `body.makeNameUnique` (spec 001
 * §3: 'AI Theme', 'AI Theme (2)' …), with a new public id. Under the organization's theme lock (module doc).
 * @throws 409 `copy.themes.nameTaken(name)` for a taken name without `makeNameUnique`; 400
 *   `copy.themes.tooMany(THEMES_PER_ORGANIZATION_MAX)` when the organization has that many themes.
 */
export async function createTheme(deps: FlowsDeps, caller: ThemeCaller, body: CreateThemeBody): Promise<Theme> {
  const record = await withNameCheck(body.name, () =>
    deps.transact(async (tx) => {
      await lockOrganizationThemes(tx, caller.organizationId);
      const names = await organizationThemeNames(tx, caller.organizationId);
      if (names.length >= THEMES_PER_ORGANIZATION_MAX) throw invalid(copy.themes.tooMany(THEMES_PER_ORGANIZATION_MAX));
      const name = body.makeNameUnique ? uniqueThemeName(body.name, names) : body.name;
      if (names.some((taken) => themeNameKey(taken) === themeNameKey(name))) throw nameTaken(name);
      return insertTheme(tx, {
        publicIdentifier: newPublicIdentifier(),
        organizationId: caller.organizationId,
        name,
        nameKey: themeNameKey(name),
        definition: body.theme,
        createdBy: caller.userId,
      });
    }),
  );
  return toTheme(record);
}

/**
 * Theme `publicIdentifier` of `caller`'s organization, locked for update in `tx`, when `caller` may change it: its
 * creator or an admin.
 * @throws 404 `copy.themes.notFound` (unknown, another organization's); 403 `copy.themes.notYours`.
 */
async function changeableTheme(tx: Tx, caller: ThemeCaller, publicIdentifier: string): Promise<ThemeRecord> {
  const theme = await findTheme(tx, caller.organizationId, publicIdentifier, 'update');
  if (!theme) throw notFound(copy.themes.notFound);
  if (!caller.isAdmin && theme.createdBy !== caller.userId) throw forbidden(copy.themes.notYours);
  return theme;
}

/**
 * `PATCH /admin/themes/:themePublicId`: renames theme `publicIdentifier` (`body.name`, trimmed, unique in the
 * organization but for its own name: changing its case is allowed) and/or replaces its design (`body.theme`); its
 * `updatedAt` becomes now and every form using it shows the change at its next read. The creator or an admin.
 * @throws 404 `copy.themes.notFound`; 403 `copy.themes.notYours`; 409 `copy.themes.nameTaken(name)`.
 */
export async function updateTheme(deps: FlowsDeps, caller: ThemeCaller, publicIdentifier: string, body: UpdateThemeBody): Promise<Theme> {
  const { name, theme: definition } = body;
  const updated = await withNameCheck(name ?? '', () =>
    deps.transact(async (tx) => {
      if (name !== undefined) await lockOrganizationThemes(tx, caller.organizationId);
      const theme = await changeableTheme(tx, caller, publicIdentifier);
      if (name !== undefined) {
        const others = await organizationThemeNames(tx, caller.organizationId, theme.id);
        if (others.some((taken) => themeNameKey(taken) === themeNameKey(name))) throw nameTaken(name);
      }
      return updateThemeRow(tx, theme.id, {
        ...(name !== undefined ? { name, nameKey: themeNameKey(name) } : {}),
        ...(definition !== undefined ? { definition } : {}),
      });
    }),
  );
  if (!updated) throw notFound(copy.themes.notFound);
  return toTheme(updated);
}

/**
 * `DELETE /admin/themes/:themePublicId`: deletes theme `publicIdentifier`; the forms that used it show the default look
 * (their `themePublicId` becomes null in the same statement). The creator or an admin.
 * @throws 404 `copy.themes.notFound` (also when deleted meanwhile); 403 `copy.themes.notYours`.
 */
export async function deleteTheme(deps: FlowsDeps, caller: ThemeCaller, publicIdentifier: string): Promise<void> {
  const deleted = await deps.transact(async (tx) => deleteThemeRow(tx, (await changeableTheme(tx, caller, publicIdentifier)).id));
  if (!deleted) throw notFound(copy.themes.notFound);
}

/** A `data:image/…;base64,` URL (the one form `GenerateThemeBody` takes besides an uploaded image). */
const DATA_URL = /^data:image\/(?:png|jpeg|gif);base64,/;
/** An uploaded theme image's address (`/public/themes/images/{id}`), its id captured. */
const THEME_IMAGE_ADDRESS = /^\/public\/themes\/images\/([0-9a-f-]{36})$/;

/**
 * `POST /admin/themes/generate` (spec 000 §7, spec 001 §9 "AI theme"): the design `rules/themes.ts` `themeFromPalette`
 * makes from the palette of the image `body.imageUrl` — a `data:` URL's bytes, or an image uploaded for a theme of
 * `organizationId` (read from the file storage). No other address is ever fetched. Nothing is stored.
 * @throws 400 `copy.themes.imageUnreadable` (at `body.imageUrl`) for bytes that are no PNG, JPEG or GIF it can read, an
 *   image without colours, and an uploaded image that is unknown or another organization's.
 */
export async function generateTheme(deps: UploadsDeps, organizationId: number, body: GenerateThemeBody): Promise<ThemeDefinition> {
  const url = body.imageUrl;
  const uploaded = THEME_IMAGE_ADDRESS.exec(url)?.[1];
  const bytes = DATA_URL.test(url)
    ? Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
    : uploaded
      ? await readThemeImage(deps, organizationId, uploaded)
      : null;
  const palette = bytes ? await readImagePalette(bytes) : null;
  if (!palette) throw invalid(copy.themes.imageUnreadable, [{ path: 'body.imageUrl', message: copy.themes.imageUnreadable }]);
  return themeFromPalette(palette);
}

/**
 * `PUT /admin/flows/:publicIdentifier/theme` (spec 000 §3 Flow `featuredThemeId`, `themePublicId`): flow
 * `publicIdentifier` is drawn with `theme` — a featured theme's id, one of its organization's themes' public id, or
 * null for the default look (`theme-choice.ts` `chooseTheme`: one column set, the other cleared, the organization
 * theme locked until the flow is written). Applies to the live form at once (no publish), like the form settings;
 * bumps `updatedAt`. Change access to the flow's workspace.
 * @returns the flow and the theme it is now drawn with (`ResolvedTheme`, or null)
 * @throws 404 `copy.flows.flowNotFound` (also deleted meanwhile); 403 for a read-only member (`authorize`); 400
 *   `copy.themes.unknownTheme` at `body.theme`.
 */
export async function setFlowTheme(
  deps: FlowsDeps,
  publicIdentifier: string,
  theme: string | null,
  authorize: Authorize,
): Promise<SetFlowThemeResponse> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  const result = await deps.transact(async (tx) => {
    const chosen = await chooseTheme(tx, record.organizationId, theme, 'body.theme');
    if (!(await updateFlowTheme(tx, record.id, chosen.choice))) return undefined;
    const flow = await findFlowById(tx, record.id);
    return flow ? { flow, chosen } : undefined;
  });
  deps.reads.forget(publicIdentifier);
  if (!result) throw notFound(copy.flows.flowNotFound);
  const { flow, chosen } = result;
  return { flow: toFlow(flow, accessLevel), theme: resolveTheme(chosen.choice, chosen.theme ?? null) };
}
