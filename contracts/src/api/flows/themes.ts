/**
 * Form themes (spec 000 §2 choose_theme, §7 `POST /admin/themes/generate` and `/admin/themes/create`; spec 001 §2
 * AI theme designer, §3 "Theme", §7): an organization's own themes, the AI theme designer's generation from an
 * image, the images a theme shows, and the theme a flow is drawn with. The flows service owns themes. Any member of
 * the organization may list, generate and create themes (a new form needs one); changing or deleting a theme needs
 * its creator or an admin; choosing a flow's theme needs `write` access to its workspace.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { Flow } from '../../entities/flow';
import { ResolvedTheme, Theme, ThemeDefinition, ThemeName } from '../../entities/theme';
import { THEME_GENERATE_IMAGE_URL_MAX_LENGTH, THEME_IMAGE_MAX_BYTES, THEMES_PER_ORGANIZATION_MAX } from '../../limits';
import { defineEndpoint, errorResponse, fileResponse, okResponse } from '../endpoint';
import { FlowParams, THEME_ID_MAX_LENGTH } from './flows';

/** `{theme}`: one organization theme. */
export const ThemeResponse = z.object({ theme: Theme });
/** `{theme}`. */
export type ThemeResponse = z.infer<typeof ThemeResponse>;

/** `GET /admin/themes` response: the organization's themes, the last changed first. */
export const ListThemesResponse = z.object({ themes: z.array(Theme) });
/** `{themes}`. */
export type ListThemesResponse = z.infer<typeof ListThemesResponse>;

/** `/admin/themes/:themePublicId` path parameters. */
export const ThemeParams = z.object({ themePublicId: z.string().min(1).max(THEME_ID_MAX_LENGTH) });
/** `{themePublicId}`. */
export type ThemeParams = z.infer<typeof ThemeParams>;

/**
 * `POST /admin/themes/generate` body (spec 000 §7 "imageUrl"): the picked image as a `data:` URL (PNG, JPEG, GIF;
 * the web app scales it down first, `THEME_GENERATE_IMAGE_EDGE_PX`) or an image uploaded for a theme
 * (`/public/themes/images/{id}`). No other address is fetched (the service never calls an address a caller names).
 */
export const GenerateThemeBody = z.object({
  imageUrl: z
    .string()
    .min(1, copy.themes.imageRequired)
    .max(THEME_GENERATE_IMAGE_URL_MAX_LENGTH)
    .refine((url) => /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=]+$/.test(url) || /^\/public\/themes\/images\/[0-9a-f-]{36}$/.test(url), {
      message: copy.themes.imageTypes,
    }),
});
/** `{imageUrl}`. */
export type GenerateThemeBody = z.infer<typeof GenerateThemeBody>;

/** `POST /admin/themes/generate` response (spec 000 §7 "theme"): a design, not stored until created. */
export const GenerateThemeResponse = z.object({ theme: ThemeDefinition });
/** `{theme}`. */
export type GenerateThemeResponse = z.infer<typeof GenerateThemeResponse>;

/**
 * `POST /admin/themes/create` body (spec 000 §7 "theme, makeNameUnique, name"): the design, its name (trimmed, not
 * blank) and whether a taken name is numbered ('AI Theme (2)', spec 001 §3) — else a taken name is 409.
 */
export const CreateThemeBody = z.object({
  theme: ThemeDefinition,
  name: ThemeName,
  makeNameUnique: z.boolean().default(false),
});
/** `{theme, name, makeNameUnique}`. */
export type CreateThemeBody = z.infer<typeof CreateThemeBody>;

/** `PATCH /admin/themes/:themePublicId` body: a new name, a new design, or both (ours). */
export const UpdateThemeBody = z
  .object({ name: ThemeName.optional(), theme: ThemeDefinition.optional() })
  .refine((body) => body.name !== undefined || body.theme !== undefined, { message: 'Send a name or a theme' });
/** `{name?, theme?}`. */
export type UpdateThemeBody = z.infer<typeof UpdateThemeBody>;

/** `POST /admin/themes/images` response: the image's address for a theme's `logoUrl` or `backgroundImageUrl`. */
export const ThemeImageResponse = z.object({ id: z.uuid(), url: z.string() });
/** `{id, url}`. */
export type ThemeImageResponse = z.infer<typeof ThemeImageResponse>;

/** `/public/themes/images/:imageId` path parameters. */
export const ThemeImageParams = z.object({ imageId: z.uuid() });
/** `{imageId}`. */
export type ThemeImageParams = z.infer<typeof ThemeImageParams>;

/** The image types a theme shows. */
export const THEME_IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * `PUT /admin/flows/:publicIdentifier/theme` body: a featured theme's id (`rules/themes.ts` `FEATURED_THEME_IDS`),
 * the public id of one of the organization's themes, or null for the default look.
 */
export const SetFlowThemeBody = z.object({ theme: z.string().min(1).max(THEME_ID_MAX_LENGTH).nullable() });
/** `{theme}`. */
export type SetFlowThemeBody = z.infer<typeof SetFlowThemeBody>;

/** `PUT /admin/flows/:publicIdentifier/theme` response: the flow and the theme it is now drawn with. */
export const SetFlowThemeResponse = z.object({ flow: Flow, theme: ResolvedTheme.nullable() });
/** `{flow, theme}`. */
export type SetFlowThemeResponse = z.infer<typeof SetFlowThemeResponse>;

const themeNotFound = errorResponse(`'${copy.themes.notFound}': no such theme in the caller's organization.`);

/** `GET /admin/themes` (ours): the caller's organization's own themes. */
export const listThemes = defineEndpoint({
  id: 'flows.listThemes',
  service: 'flows',
  method: 'GET',
  path: '/admin/themes',
  access: 'session',
  summary: 'List the organization’s themes',
  description: 'The themes made with ‘Make your own’ or the AI theme designer, the last changed first. The featured themes are fixed (`rules/themes.ts`) and not listed.',
  tags: ['themes'],
  responses: { 200: okResponse(ListThemesResponse) },
});

/**
 * `POST /admin/themes/generate` (spec 000 §7, spec 001 §9 "AI theme"): reads the image's palette and answers the
 * design made from it (`rules/themes.ts` `themeFromPalette`). Nothing is stored.
 */
export const generateTheme = defineEndpoint({
  id: 'flows.generateTheme',
  service: 'flows',
  method: 'POST',
  path: '/admin/themes/generate',
  access: 'session',
  summary: 'Generate a theme from an image',
  description: 'The palette is read on the server (no external AI): the most vibrant colour becomes the primary colour, a mostly dark image gives a dark theme. The image is a `data:` URL (PNG, JPEG or GIF) or an uploaded theme image.',
  tags: ['themes'],
  body: GenerateThemeBody,
  responses: {
    200: okResponse(GenerateThemeResponse, 'The generated design; create it with `POST /admin/themes/create`.'),
    400: errorResponse(`'${copy.themes.imageTypes}', or '${copy.themes.imageUnreadable}'.`),
  },
});

/** `POST /admin/themes/create` (spec 000 §7): stores a theme for the organization. */
export const createTheme = defineEndpoint({
  id: 'flows.createTheme',
  service: 'flows',
  method: 'POST',
  path: '/admin/themes/create',
  access: 'session',
  summary: 'Create a theme',
  description: `The name is unique in the organization (case-insensitive): with \`makeNameUnique\` a taken name is numbered ('AI Theme (2)'), else 409. At most ${THEMES_PER_ORGANIZATION_MAX} themes per organization.`,
  tags: ['themes'],
  body: CreateThemeBody,
  responses: {
    201: okResponse(ThemeResponse, 'The theme, with its public id.'),
    400: errorResponse(`A design out of range, or '${copy.themes.tooMany(THEMES_PER_ORGANIZATION_MAX)}'.`),
    409: errorResponse(`'${copy.themes.nameTaken('…')}' (without makeNameUnique).`),
  },
});

/** `PATCH /admin/themes/:themePublicId` (ours): renames a theme or changes its design; forms using it change at once. */
export const updateTheme = defineEndpoint({
  id: 'flows.updateTheme',
  service: 'flows',
  method: 'PATCH',
  path: '/admin/themes/:themePublicId',
  access: 'session',
  summary: 'Change a theme',
  tags: ['themes'],
  params: ThemeParams,
  body: UpdateThemeBody,
  responses: {
    200: okResponse(ThemeResponse),
    403: errorResponse(`'${copy.themes.notYours}'.`),
    404: themeNotFound,
    409: errorResponse(`'${copy.themes.nameTaken('…')}'.`),
  },
});

/** `DELETE /admin/themes/:themePublicId` (ours): deletes a theme; forms that used it show the default look. */
export const deleteTheme = defineEndpoint({
  id: 'flows.deleteTheme',
  service: 'flows',
  method: 'DELETE',
  path: '/admin/themes/:themePublicId',
  access: 'session',
  summary: 'Delete a theme',
  tags: ['themes'],
  params: ThemeParams,
  responses: {
    200: okResponse(z.object({ deleted: z.literal(true) }), 'Deleted.'),
    403: errorResponse(`'${copy.themes.notYours}'.`),
    404: themeNotFound,
  },
});

/** `POST /admin/themes/images` (ours): an image for a theme's logo or page background. */
export const uploadThemeImage = defineEndpoint({
  id: 'flows.uploadThemeImage',
  service: 'flows',
  method: 'POST',
  path: '/admin/themes/images',
  access: 'session',
  summary: 'Upload a theme image',
  description: `\`multipart/form-data\` with one part \`file\`: PNG, JPEG, GIF or WebP (checked by its first bytes), at most ${THEME_IMAGE_MAX_BYTES / 1024 / 1024} MB. The answer's \`url\` goes into a theme's \`logoUrl\` or \`backgroundImageUrl\`.`,
  tags: ['themes'],
  upload: { description: 'The image.' },
  responses: {
    201: okResponse(ThemeImageResponse, 'The image is stored.'),
    400: errorResponse(`'${copy.uploads.oneFileNeeded}' or '${copy.uploads.emptyFile}'.`),
    413: errorResponse(`'${copy.uploads.fileTooLarge(`${THEME_IMAGE_MAX_BYTES / 1024 / 1024} MB`)}'.`),
    415: errorResponse(`'${copy.themes.imageTypes}'.`),
  },
});

/** `GET /public/themes/images/:imageId` (ours): a theme's image, for anyone (public forms show it). */
export const getThemeImage = defineEndpoint({
  id: 'publicForms.themeImage',
  service: 'flows',
  method: 'GET',
  path: '/public/themes/images/:imageId',
  access: 'public',
  summary: 'A theme image',
  description: 'Streamed as its type with `X-Content-Type-Options: nosniff`, a sandboxing CSP and `Cache-Control: public, max-age=31536000, immutable` (an image never changes).',
  tags: ['public forms'],
  params: ThemeImageParams,
  responses: {
    200: fileResponse(THEME_IMAGE_CONTENT_TYPES, 'The image, streamed.'),
    404: errorResponse(`'${copy.uploads.fileNotFound}'.`),
  },
});

/**
 * `PUT /admin/flows/:publicIdentifier/theme` (ours; spec 000 §3 Flow `featuredThemeId`, `themePublicId`): the theme
 * a form is drawn with. Like the form settings it applies to the live form at once, without a publish.
 */
export const setFlowTheme = defineEndpoint({
  id: 'flows.setTheme',
  service: 'flows',
  method: 'PUT',
  path: '/admin/flows/:publicIdentifier/theme',
  access: 'session',
  summary: 'Choose a flow’s theme',
  tags: ['themes'],
  params: FlowParams,
  body: SetFlowThemeBody,
  responses: {
    200: okResponse(SetFlowThemeResponse),
    400: errorResponse(`'${copy.themes.unknownTheme}'.`),
    403: errorResponse(`${copy.auth.writeAccessRequired}: the caller may only view this workspace.`),
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
  },
});
