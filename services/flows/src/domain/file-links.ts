/**
 * Where a form's uploaded files are downloaded from, and their links in answer texts (`displayAnswer`'s `fileUrl`:
 * results, exports, the `form.submitted` event and so emails). Pure.
 */
import { pathOf } from '@formloom/contracts/api/endpoint';
import { downloadUpload } from '@formloom/contracts/api/flows/uploads';
import type { DisplayOptions } from '@formloom/contracts/answers/define';

/** The path the form's owners download upload `uploadId` of form `publicIdentifier` from (signed in). */
export function downloadPath(publicIdentifier: string, uploadId: string): string {
  return pathOf(downloadUpload, { publicIdentifier, uploadId });
}

/**
 * The links of form `publicIdentifier`'s files in answer texts: `<publicUrl>/admin/flows/<form>/uploads/<id>`
 * (`publicUrl`, the product's public origin, `PUBLIC_URL`; a trailing `/` ignored). No links without `publicUrl`.
 */
export function fileLinks(publicUrl: string | undefined, publicIdentifier: string): DisplayOptions {
  if (!publicUrl) return {};
  const origin = publicUrl.replace(/\/+$/, '');
  return { fileUrl: (file) => `${origin}${downloadPath(publicIdentifier, file.id)}` };
}
