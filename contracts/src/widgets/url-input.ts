/** URLInput: a web address (docs/product-rules.md §2); the rule is {@link isValidUrl}. */
import { defineWidget, widgetTemplate } from './define-widget';
import { urlInputRules } from '../answers/url-input';

export { isValidUrl } from '../answers/url-input';

/**
 * The URLInput widget type: answers are stored trimmed, as typed (a bare domain stays bare);
 * `copy.answers.invalidUrl` otherwise.
 */
export const urlInput = defineWidget({
  ...urlInputRules,
  template: widgetTemplate(),
  editor: { name: 'URL', defaultLabel: 'Website', hint: 'A web address' },
  sample: { settings: {}, answer: 'example.com/about', display: 'example.com/about' },
});
