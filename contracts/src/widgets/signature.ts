/**
 * Signature: the respondent draws their signature (pointer, touch or pen) or types their name; the public form
 * uploads the drawing as a PNG through the public upload call and the answer is that upload's reference.
 */
import { signatureRules } from '../answers/signature';
import { defineWidget, widgetTemplate } from './define-widget';

export { SIGNATURE_CONTENT_TYPE, SIGNATURE_POLICY } from '../answers/signature';

/**
 * The Signature widget type.
 * - Settings: none of its own.
 * - Answer: one upload reference of a PNG of at most 1 MB (`answers/signature.ts`).
 * - Text: 'Signed', with the drawing's link in results, exports and emails.
 */
export const signature = defineWidget({
  ...signatureRules,
  template: widgetTemplate(),
  editor: { name: 'Signature', defaultLabel: 'Sign here', hint: 'A signature drawn or typed by the respondent' },
  sample: {
    settings: {},
    answer: { id: '0190a0b0-0000-7000-8000-000000000002', name: 'signature.png', size: 2048, contentType: 'image/png' },
    display: 'Signed',
  },
});
