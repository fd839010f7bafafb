/** ImageChoice: the question's options shown as image cards; one picked, or several with `multiple`. */
import { z } from 'zod';
import { imageChoiceRules, isImageUrl } from '../answers/image-choice';
import * as copy from '../copy';
import { IMAGE_ALT_MAX_LENGTH, URL_MAX_LENGTH } from '../limits';
import { defineWidget, widgetTemplate, type SettingError } from './define-widget';
import { duplicateOptionErrors, MAX_OPTIONS, newOptions, ScoredOption } from './shared/options';

export { FORM_IMAGE_CONTENT_TYPES, formImagePath, isImageUrl } from '../answers/image-choice';

/**
 * One card of an ImageChoice: `{id, label (≤ 500), imageUrl? (≤ 2048: an https URL or an image uploaded for the
 * form, `isImageUrl`), alt? (≤ 500)}`. The image is optional while the form is a draft (a new card has none);
 * publishing needs one on every card.
 */
export const ImageOption = ScoredOption.extend({
  imageUrl: z.string().max(URL_MAX_LENGTH).optional(),
  alt: z.string().max(IMAGE_ALT_MAX_LENGTH).optional(),
});
/** A card `{id, label, imageUrl?, alt?}`. */
export type ImageOption = z.infer<typeof ImageOption>;

/** True when a card has an image address (not blank). */
function hasImage(option: ImageOption): option is ImageOption & { imageUrl: string } {
  return option.imageUrl !== undefined && option.imageUrl.trim() !== '';
}

/**
 * The ImageChoice widget type.
 * - Settings: `options`, each card `{id, label, imageUrl?, alt?}` (ids unique, like a choice question's), and
 *   `multiple` (several cards may be picked; unset: one). At save time an image address must be an `https://` URL
 *   or the path of an image uploaded for a form (`copy.flows.imageUrlNotHttps` at `options.<i>.imageUrl`;
 *   `isImageUrl`); at publish time every card needs one
 *   (`copy.flows.publishNeedsImage`). `alt` describes the image; blank when the label says it all.
 * - Answer: one option id, or with `multiple` a non-empty list of distinct option ids (`copy.answers.invalidOption`,
 *   `duplicateOption`).
 * - Text: the chosen cards' labels joined with ', '.
 */
export const imageChoice = defineWidget({
  ...imageChoiceRules,
  template: widgetTemplate({ options: z.array(ImageOption).max(MAX_OPTIONS), multiple: z.boolean().optional() }),
  editor: { name: 'Image choice', defaultLabel: 'Choose a picture', hint: 'Pick from options shown as images' },
  settingErrors({ options }) {
    const errors: SettingError[] = duplicateOptionErrors(options);
    options.forEach((option, index) => {
      if (hasImage(option) && !isImageUrl(option.imageUrl)) {
        errors.push({ path: `options.${index}.imageUrl`, message: copy.flows.imageUrlNotHttps });
      }
    });
    return errors;
  },
  publishProblems: ({ options }) =>
    options.flatMap((option, index) =>
      hasImage(option) ? [] : [{ path: `options.${index}.imageUrl`, message: copy.flows.publishNeedsImage }],
    ),
  newSettings: (newId) => ({ options: newOptions(newId) }),
  sample: {
    settings: {
      options: [
        { id: 'beach', label: 'Beach', imageUrl: 'https://images.example.com/beach.jpg', alt: 'Sand and sea at sunset' },
        { id: 'city', label: 'City', imageUrl: 'https://images.example.com/city.jpg' },
        { id: 'hills', label: 'Hills', imageUrl: 'https://images.example.com/hills.jpg', alt: '' },
      ],
      multiple: true,
    },
    answer: ['hills', 'beach'],
    display: 'Hills, Beach',
  },
});
