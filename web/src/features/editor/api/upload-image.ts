/**
 * `adminFileUpload` (POST /admin/fileupload, spec 000 §7; `multipart/form-data`, the form in `x-flow-id`, the
 * question in `x-field-id`) for a picture of the form: an ImageChoice card's image. The answer's `imageUrl` (given for
 * PNG, JPEG, GIF and WebP only) is the public path the card stores; respondents load it from
 * `GET /public/flows/:publicIdentifier/images/:uploadId`.
 */
import { useMemo } from 'react';
import { adminFileUpload } from '@formloom/contracts/api/flows/uploads';
import { contentTypeOfName, formatFileSize } from '@formloom/contracts/answers/shared/uploads';
import * as copy from '@formloom/contracts/copy';
import { FORM_IMAGE_MAX_MB, UPLOAD_BYTES_PER_MB } from '@formloom/contracts/limits';
import { FORM_IMAGE_CONTENT_TYPES } from '@formloom/contracts/widgets/image-choice';
import { uploadToEndpoint } from '../../../lib/api-client';
import type { ImageUploader } from '../../../widgets/shared/image-upload';

/**
 * Why `file` cannot be a form's picture, checked before anything is sent: not a PNG, JPEG, GIF or WebP by its name
 * (`copy.editor.imageTypesTaken`), or larger than `FORM_IMAGE_MAX_MB` (`copy.uploads.fileTooLarge`); `null` when it
 * can. The server checks the bytes again.
 */
export function formImageProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!(FORM_IMAGE_CONTENT_TYPES as readonly string[]).includes(contentTypeOfName(file.name))) return copy.editor.imageTypesTaken;
  if (file.size > FORM_IMAGE_MAX_MB * UPLOAD_BYTES_PER_MB) return copy.uploads.fileTooLarge(formatFileSize(FORM_IMAGE_MAX_MB * UPLOAD_BYTES_PER_MB));
  return null;
}

/**
 * Uploads `file` as a picture for question `widgetId` of the form with numeric id `flowId`; resolves its public path.
 * @throws Error `formImageProblem`'s text (nothing sent); ApiError the upload's error; Error
 *   `copy.editor.imageTypesTaken` when the stored file is no image a form shows (no `imageUrl` in the answer).
 */
export async function uploadFormImage(flowId: number, widgetId: string, file: File): Promise<string> {
  const problem = formImageProblem(file);
  if (problem) throw new Error(problem);
  const answer = await uploadToEndpoint(adminFileUpload, { headers: { 'x-flow-id': flowId, 'x-field-id': widgetId }, file });
  if (!answer.imageUrl) throw new Error(copy.editor.imageTypesTaken);
  return answer.imageUrl;
}

/** The {@link ImageUploader} of the form with numeric id `flowId` (for `ImageUploadContext`). */
export function useFormImageUploader(flowId: number): ImageUploader {
  return useMemo(() => ({ upload: (file, widgetId) => uploadFormImage(flowId, widgetId, file) }), [flowId]);
}
