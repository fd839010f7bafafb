/**
 * ImageChoice's answer rules: the question's options shown as image cards, one picked or, with `multiple`,
 * several. Zod-free (`answers/define.ts`).
 */
import { fillPath, PUBLIC_FORM_ROUTES } from '../api/public-form-routes';
import { URL_MAX_LENGTH } from '../limits';
import { defineAnswerRules, type AnswerCheck } from './define';
import { checkOneOption, checkSomeOptions, displayOptions, type OptionLike } from './shared/options';

/**
 * The types of the images a form shows from its own uploads (`POST /admin/fileupload`, served by
 * `PUBLIC_FORM_ROUTES.image`): PNG, JPEG, GIF and WebP, whose first bytes the flows service checks against the
 * extension. Never SVG (it can carry scripts) nor anything a browser would run.
 */
export const FORM_IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** A public identifier as a path segment (letters, digits, `_`, `-`; at most 64 characters: `FlowParams`). */
const IDENTIFIER_SEGMENT = '[A-Za-z0-9_-]{1,64}';
/** An upload id as a path segment (a lower-case UUID: `UPLOAD_ID_PATTERN`). */
const UPLOAD_ID_SEGMENT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** `PUBLIC_FORM_ROUTES.image.path` with its parameters as patterns, anchored. */
const FORM_IMAGE_PATH = new RegExp(
  `^${PUBLIC_FORM_ROUTES.image.path.replace(':publicIdentifier', IDENTIFIER_SEGMENT).replace(':uploadId', UPLOAD_ID_SEGMENT)}$`,
);

/**
 * The address of image `uploadId` uploaded for form `publicIdentifier`: a root-relative path
 * (`/public/flows/<publicIdentifier>/images/<uploadId>`), so it loads from whichever origin serves the form (the
 * public link, a custom domain, the editor's preview) and CSP's `img-src 'self'` covers it.
 */
export function formImagePath(publicIdentifier: string, uploadId: string): string {
  return fillPath(PUBLIC_FORM_ROUTES.image.path, { publicIdentifier, uploadId });
}

/** True when `value` is the address of an image uploaded for a form ({@link formImagePath}). */
export function isFormImagePath(value: string): boolean {
  return FORM_IMAGE_PATH.test(value);
}

/** One card of an ImageChoice: an option (`{id, label}`) with its image's address and its text alternative. */
export interface ImageOptionLike extends OptionLike {
  /**
   * The image's address — an `https://` URL or an image uploaded for the form ({@link formImagePath}); unset while
   * the form's author has not given one (publishing refuses that).
   */
  imageUrl?: string;
  /** The image's text alternative (WCAG 1.1.1); unset or blank: the image only illustrates the option's label. */
  alt?: string;
}

/** The template fields ImageChoice's rules read: its cards and whether several may be picked. */
export interface ImageChoiceTemplateLike {
  options: readonly ImageOptionLike[];
  /** `true`: any number of cards (the answer is a list); unset or `false`: one card (the answer is one id). */
  multiple?: boolean;
}

/**
 * True for an image address the public form may show: the path of an image uploaded for a form
 * ({@link isFormImagePath}), or an absolute `https://` URL with a host, without spaces, of at most `URL_MAX_LENGTH`
 * characters (an `http://` image would be blocked as mixed content on the form's HTTPS page; `data:` and
 * `javascript:` never load). Checked at save time (`widgets/image-choice.ts`).
 */
export function isImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > URL_MAX_LENGTH || /\s/.test(value)) return false;
  if (isFormImagePath(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * An ImageChoice answer: one option id (`copy.answers.invalidOption` otherwise), or with `multiple` a non-empty
 * list of distinct option ids in the respondent's order (`invalidOption`, `duplicateOption`, as Checkboxes).
 */
export function checkImageChoice(value: unknown, { options, multiple }: ImageChoiceTemplateLike): AnswerCheck {
  return multiple === true ? checkSomeOptions(value, options) : checkOneOption(value, options);
}

/** ImageChoice: one or several option ids ({@link checkImageChoice}); its text is their labels joined with ', '. */
export const imageChoiceRules = defineAnswerRules({
  type: 'ImageChoice',
  checkAnswer: (value, template: ImageChoiceTemplateLike) => checkImageChoice(value, template),
  displayAnswer: (value, { template }) => displayOptions(value, template.options),
});
