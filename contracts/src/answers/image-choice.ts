/**
 * ImageChoice's answer rules: the question's options shown as image cards, one picked or, with `multiple`,
 * several. Zod-free (`answers/define.ts`).
 */
import { URL_MAX_LENGTH } from '../limits';
import { defineAnswerRules, type AnswerCheck } from './define';
import { checkOneOption, checkSomeOptions, displayOptions, type OptionLike } from './shared/options';

/** One card of an ImageChoice: an option (`{id, label}`) with its image's address and its text alternative. */
export interface ImageOptionLike extends OptionLike {
  /** The image's `https://` address; unset while the form's author has not given one (publishing refuses that). */
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
 * True for an image address the public form may show: an absolute `https://` URL with a host, without spaces,
 * of at most `URL_MAX_LENGTH` characters (an `http://` image would be blocked as mixed content on the form's
 * HTTPS page; `data:` and `javascript:` never load). Checked at save time (`widgets/image-choice.ts`).
 */
export function isImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > URL_MAX_LENGTH || /\s/.test(value)) return false;
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
