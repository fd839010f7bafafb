/**
 * Cloneable templates (spec 000 §3 "Cloneable template": id, slug, name, description, categories, isFeatured,
 * isPrivate, type, flowId, flowPublicIdentifier, pageImages (stepId, stepName, imageUrl); thumbnail sizes small
 * 440x275, medium 660x413, large 1000x625). A template is a published form others start new forms from: the
 * built-in catalogue (`templates/catalogue.ts`, `source: 'catalogue'`) or a form an organization's admin made a
 * template (`source: 'organization'`). Starting from one copies its form's LIVE snapshot, read with
 * `GET /public/flows/templates/{flowPublicIdentifier}` (spec 000 §5 "Template creation").
 */
import { z } from 'zod';
import * as copy from '../copy';
import { TEMPLATE_DESCRIPTION_MAX_LENGTH, TEMPLATE_NAME_MAX_LENGTH } from '../limits';
import { TEMPLATE_CATEGORIES } from '../templates/categories';

/** A gallery category's id (`templates/categories.ts` `TEMPLATE_CATEGORIES`). */
export const TemplateCategory = z.enum(TEMPLATE_CATEGORIES.map((category) => category.id) as [string, ...string[]]);
/** `'contact'`, `'quiz'`, …. */
export type TemplateCategory = z.infer<typeof TemplateCategory>;

/** The three thumbnail addresses of a page (spec 000 §3: 440×275, 660×413 and 1000×625 px). */
export const TemplatePageThumbnails = z.object({ small: z.string(), medium: z.string(), large: z.string() });
/** `{small, medium, large}`: same-site paths of JPEG images. */
export type TemplatePageThumbnails = z.infer<typeof TemplatePageThumbnails>;

/**
 * A page of a template (spec 000 §3 `pageImages`): its step id and name, in the form's order (the ending last), and
 * its picture: `imageUrl` the large thumbnail and `thumbnails` every size — both null for a template whose pages have
 * no rendered pictures (an organization's: the gallery draws those pages itself).
 */
export const TemplatePageImage = z.object({
  stepId: z.string(),
  stepName: z.string(),
  imageUrl: z.string().nullable(),
  thumbnails: TemplatePageThumbnails.nullable(),
});
/** `{stepId, stepName, imageUrl, thumbnails}`. */
export type TemplatePageImage = z.infer<typeof TemplatePageImage>;

/**
 * A cloneable template as the gallery shows it (spec 000 §3, plus ours: `source`, `theme`, `questionCount`,
 * `viewCount`, `cloneCount`, `createdAt`).
 * - `type`: `quiz` for a scored quiz, else `form`: the type of the forms made from it;
 * - `isPrivate`: only the template's organization may use it; a public one of an organization is used by its link
 *   (`?slug=`) — the gallery lists an organization's templates only for that organization;
 * - `theme`: what a form made from it passes as `POST /admin/flows` `theme` (a featured theme id, or the
 *   organization's own theme's public id for the organization's own templates), null for the default look;
 * - `questionCount`: the questions of its pages (not the ending's), for the card;
 * - `viewCount` / `cloneCount`: previews opened and forms made from it.
 */
export const CloneableTemplate = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  categories: z.array(TemplateCategory),
  isFeatured: z.boolean(),
  isPrivate: z.boolean(),
  type: z.enum(['form', 'quiz']),
  flowId: z.number().int(),
  flowPublicIdentifier: z.string(),
  pageImages: z.array(TemplatePageImage),
  source: z.enum(['catalogue', 'organization']),
  theme: z.string().nullable(),
  questionCount: z.number().int().min(0),
  viewCount: z.number().int().min(0),
  cloneCount: z.number().int().min(0),
  createdAt: z.iso.datetime({ offset: true }),
});
/** A cloneable template (see {@link CloneableTemplate}). */
export type CloneableTemplate = z.infer<typeof CloneableTemplate>;

/** A template's name: trimmed, not blank, at most `TEMPLATE_NAME_MAX_LENGTH` characters. */
export const TemplateName = z.string().trim().min(1, copy.templates.publish.nameRequired).max(TEMPLATE_NAME_MAX_LENGTH);
/** A template's description: trimmed, at most `TEMPLATE_DESCRIPTION_MAX_LENGTH` characters (may be empty). */
export const TemplateDescription = z.string().trim().max(TEMPLATE_DESCRIPTION_MAX_LENGTH);
/** A template's categories: 1 or more distinct gallery categories. */
export const TemplateCategories = z
  .array(TemplateCategory)
  .min(1, copy.templates.publish.categoryRequired)
  .max(TEMPLATE_CATEGORIES.length)
  .transform((categories) => [...new Set(categories)]);
