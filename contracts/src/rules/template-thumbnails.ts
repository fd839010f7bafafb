/**
 * Page thumbnails of the built-in template catalogue (spec 000 §2 "template": the gallery and its preview; §3
 * "Cloneable template": `pageImages`, one `{stepId, stepName, imageUrl}` per page, in three sizes — small 440x275,
 * medium 660x413, large 1000x625). The images are real renders of the public form's preview page in headless
 * Chromium (`scripts/src/render-template-thumbnails.ts`, `npm run render:thumbnails`), committed under
 * `web/public/template-thumbnails/` with a manifest of each template's {@link templateThumbnailHash}; a test
 * (`scripts/test/template-thumbnails.test.ts`) fails when they are stale.
 *
 * Pure and zod-free at runtime (type-only imports of schema modules), so the web app's gallery may import it.
 */
import type { FlowTemplate } from '../entities/flow-template';
import type { ThemeLook } from '../entities/theme';
import type { CatalogueTemplate } from '../templates/catalogue';
import { stepEntriesInOrder } from './steps';
import { FEATURED_THEMES, themeLook } from './themes';

/**
 * The thumbnail sizes of spec 000 §3 "Cloneable template" ("Thumbnail sizes: small 440x275, medium 660x413, large
 * 1000x625"), in image pixels. Each is the same 1000x625 CSS px desktop view of the page, drawn at a device scale
 * factor of 1, 0.66 or 0.44.
 */
export const TEMPLATE_THUMBNAIL_SIZES = {
  small: { width: 440, height: 275 },
  medium: { width: 660, height: 413 },
  large: { width: 1000, height: 625 },
} as const;

/** A thumbnail size's name (spec 000 §3): `'small'`, `'medium'` or `'large'` ({@link TEMPLATE_THUMBNAIL_SIZES}). */
export type TemplateThumbnailSize = keyof typeof TEMPLATE_THUMBNAIL_SIZES;

/**
 * The URL path under which the web app serves the thumbnails (`web/public/template-thumbnails/`, copied into
 * `web/dist` by Vite); the images of spec 000 §3 `pageImages[].imageUrl` live below it.
 */
export const TEMPLATE_THUMBNAILS_PATH = '/template-thumbnails';

/**
 * The version of the way thumbnails are drawn (the renderer script, the page it shows, the sizes). Part of every
 * {@link templateThumbnailHash}: bump it when the renderer or the public form's look changes, and every thumbnail
 * becomes stale and is drawn again (spec 000 §3 `pageImages`).
 */
export const TEMPLATE_THUMBNAIL_RENDER_VERSION = 1;

/**
 * The address of one page thumbnail (spec 000 §3 `pageImages[].imageUrl`):
 * `/template-thumbnails/{slug}/{stepId}-{size}.jpg`, each segment URL-encoded (catalogue slugs and step ids are
 * already URL-safe, so for them the address is the file's path under `web/public`).
 */
export function templateThumbnailUrl(slug: string, stepId: string, size: TemplateThumbnailSize): string {
  return `${TEMPLATE_THUMBNAILS_PATH}/${encodeURIComponent(slug)}/${encodeURIComponent(`${stepId}-${size}`)}.jpg`;
}

/** One page of a template to draw (spec 000 §3 `pageImages` without the image): its step id and its name. */
export interface TemplateThumbnailStep {
  stepId: string;
  stepName: string;
}

/**
 * The steps of `template` a thumbnail is drawn for, in the order a respondent meets them (`rules/steps.ts`
 * `stepEntriesInOrder`: from `firstStep` along each page's `defaultNextStep`, then the steps not reached that way),
 * endings included; each step once, as `{stepId, stepName}` (the step's record key and its `name`).
 */
export function templateThumbnailSteps(template: FlowTemplate): TemplateThumbnailStep[] {
  return stepEntriesInOrder(template).map(([stepId, step]) => ({ stepId, stepName: step.name }));
}

/**
 * The look a catalogue template's thumbnails are drawn with: its featured theme's (`rules/themes.ts`
 * `FEATURED_THEMES`, `themeLook`), as the gallery's preview and the new form show it (spec 000 §2 "template").
 */
export function templateThumbnailLook(entry: CatalogueTemplate): ThemeLook {
  return themeLook(FEATURED_THEMES[entry.featuredThemeId]);
}

/**
 * A short, stable hash of everything a catalogue template's thumbnails show (spec 000 §3 `pageImages`): the
 * renderer's {@link TEMPLATE_THUMBNAIL_RENDER_VERSION}, the template's name (the form's title on each page), its
 * flow template, its featured theme's id and that theme's look ({@link templateThumbnailLook}). 16 lowercase hex
 * digits: FNV-1a 64 over the UTF-8 bytes of the canonical JSON (object keys sorted) of those values. Equal inputs
 * give equal hashes in every JavaScript engine; a change to any of them changes it (all but certainly), which
 * marks the committed thumbnails stale. Not a security hash.
 */
export function templateThumbnailHash(entry: CatalogueTemplate): string {
  return fnv1a64(
    canonicalJson({
      version: TEMPLATE_THUMBNAIL_RENDER_VERSION,
      name: entry.name,
      template: entry.template,
      featuredThemeId: entry.featuredThemeId,
      look: templateThumbnailLook(entry),
    }),
  );
}

/** JSON of `value` with every object's keys in code-unit order (arrays keep theirs); `undefined` members dropped. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const FNV_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** FNV-1a 64 (Fowler–Noll–Vo) of `text`'s UTF-8 bytes, as 16 lowercase hex digits. */
function fnv1a64(text: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}
