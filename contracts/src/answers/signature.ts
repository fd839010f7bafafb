/**
 * Signature's answer rules: the respondent signs by drawing on the public form (or types their name, drawn for them),
 * the drawing is uploaded as a PNG through the public upload call, and the answer is that upload's reference
 * (`answers/shared/uploads.ts`). Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { SIGNATURE_MAX_BYTES } from '../limits';
import { defineAnswerRules, fail, pass } from './define';
import { fileProblem, toUploadReference, uploadReferencesIn, type UploadPolicy } from './shared/uploads';

/** What a Signature takes: one PNG of at most `SIGNATURE_MAX_BYTES` (1 MB). */
export const SIGNATURE_POLICY: UploadPolicy = { extensions: ['png'], maxBytes: SIGNATURE_MAX_BYTES, maxFiles: 1 };

/** The media type of a signature. */
export const SIGNATURE_CONTENT_TYPE = 'image/png';

/**
 * Signature: one upload reference (`copy.uploads.invalidFile` otherwise) of a PNG (`.png`, `image/png`;
 * `copy.uploads.expectedTypes`) of at most 1 MB (`copy.uploads.fileTooLarge`), stored as the reference. The flows
 * service then checks it was uploaded for this form and question and is no other response's. Its text is 'Signed'
 * (`copy.uploads.signed`), with the drawing's link where the reader can follow one ('Signed (https://…)').
 */
export const signatureRules = defineAnswerRules({
  type: 'Signature',
  checkAnswer(value) {
    const reference = toUploadReference(value);
    if (!reference) return fail(copy.uploads.invalidFile);
    const problem = fileProblem(SIGNATURE_POLICY, reference) ?? (reference.contentType === SIGNATURE_CONTENT_TYPE ? null : copy.uploads.expectedTypes('png'));
    return problem ? fail(problem) : pass(reference);
  },
  displayAnswer(value, _widget, options) {
    const [file] = uploadReferencesIn(value);
    return file && options?.fileUrl ? `${copy.uploads.signed} (${options.fileUrl(file)})` : copy.uploads.signed;
  },
  files: (value) => uploadReferencesIn(value).slice(0, 1),
  uploadPolicy: () => SIGNATURE_POLICY,
});
