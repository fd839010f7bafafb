/**
 * Uploaded files (spec 000 §7 `POST /admin/fileupload`: "file, with credentials; headers for flow id, field id and
 * no-cdn", response "not shown"): the editor's upload, the public form's upload for FileUpload and Signature
 * questions, and the download of a form's files by its owners. The flows service owns the files (its file storage:
 * a local directory or an S3 bucket, `services/flows/src/storage/`). Bodies are `multipart/form-data` with one file
 * part named `file`; sizes are bytes. Answers refer to a file by its upload reference (`answers/shared/uploads.ts`).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { UPLOAD_NAME_MAX_LENGTH } from '../../limits';
import { templateId } from '../../widgets/define-widget';
import { defineEndpoint, errorResponse, fileResponse, okResponse } from '../endpoint';
import { FORM_IMAGE_CONTENT_TYPES } from '../../answers/image-choice';
import { PUBLIC_FORM_ROUTES } from '../public-form-routes';
import { FlowParams } from './flows';

/**
 * An upload reference (`answers/shared/uploads.ts` `UploadReference`): `id` (UUID), `name` (the file's name,
 * cleaned: no path, no control characters, at most 200 characters), `size` (bytes) and `contentType` (determined
 * by the server from the extension and the first bytes).
 */
export const UploadReference = z
  .object({
    id: z.uuid(),
    name: z.string().min(1).max(UPLOAD_NAME_MAX_LENGTH),
    size: z.number().int().nonnegative(),
    contentType: z.string().min(1).max(255),
  })
  .meta({ id: 'UploadReference' });
/** `{id, name, size, contentType}`. */
export type UploadReference = z.infer<typeof UploadReference>;

/**
 * `POST /admin/fileupload` 201 response: the reference, `url`, the path its owners download it from, and — when the
 * file is an image a form may show (`FORM_IMAGE_CONTENT_TYPES`: PNG, JPEG, GIF, WebP) — `imageUrl`, the path anyone
 * loads it from (`getFormImage`): what an ImageChoice card's `imageUrl` holds.
 */
export const AdminUploadResponse = UploadReference.extend({ url: z.string(), imageUrl: z.string().optional() });
/** `{id, name, size, contentType, url, imageUrl?}`. */
export type AdminUploadResponse = z.infer<typeof AdminUploadResponse>;

/**
 * `POST /admin/fileupload` headers (spec 000 §7: "headers for flow id, field id and no-cdn"; the names are ours):
 * `x-flow-id`, the form's numeric id (required); `x-field-id`, the question the file is for (optional: an image of
 * a page has none); `x-no-cdn`, `true` or `false`, accepted and without effect (Formloom serves files without a
 * CDN). Other headers pass through.
 */
export const AdminUploadHeaders = z.looseObject({
  'x-flow-id': z.coerce.number({ message: copy.uploads.flowIdRequired }).int({ message: copy.uploads.flowIdRequired }).positive({ message: copy.uploads.flowIdRequired }),
  'x-field-id': templateId.optional(),
  'x-no-cdn': z.enum(['true', 'false']).optional(),
});
/** The parsed headers of `POST /admin/fileupload`. */
export type AdminUploadHeaders = z.infer<typeof AdminUploadHeaders>;

/** `POST /public/flows/:publicIdentifier/uploads` query: `fieldId`, the FileUpload or Signature question's id. */
export const PublicUploadQuery = z.object({ fieldId: templateId });
/** `{fieldId}`. */
export type PublicUploadQuery = z.infer<typeof PublicUploadQuery>;

/** `GET /admin/flows/:publicIdentifier/uploads/:uploadId` path parameters. */
export const UploadParams = FlowParams.extend({ uploadId: z.uuid() });
/** `{publicIdentifier, uploadId}`. */
export type UploadParams = z.infer<typeof UploadParams>;

/** `GET /public/flows/:publicIdentifier/images/:uploadId` path parameters. */
export const FormImageParams = UploadParams;

/**
 * The media types a download is served as: the stored type when it is one a browser shows without running anything
 * (images other than SVG, PDF, plain text and CSV), `application/octet-stream` for every other file (HTML, SVG,
 * scripts, office documents). Always with `Content-Disposition: attachment` and `X-Content-Type-Options: nosniff`.
 */
export const DOWNLOAD_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/octet-stream',
] as const;

const uploadErrors = {
  413: errorResponse(`'${copy.uploads.fileTooLarge('10 MB')}' (with the question's or the service's limit).`),
  415: errorResponse(`'${copy.uploads.expectedTypes('pdf, doc, docx')}' (the question's types), or '${copy.uploads.contentMismatch}'.`),
} as const;

/**
 * `POST /admin/fileupload` (spec 000 §7): a file for a form, sent by its editor (a page's image, a file to offer);
 * write access to the form's workspace.
 */
export const adminFileUpload = defineEndpoint({
  id: 'flows.fileUpload',
  service: 'flows',
  method: 'POST',
  path: '/admin/fileupload',
  access: 'session',
  summary: 'Upload a file for a form',
  description:
    'The editor’s upload: `multipart/form-data` with one part `file`, the form in `x-flow-id`, the question (if any) in `x-field-id`. Any type up to the service’s `FILE_UPLOAD_MAX_MB`; the answer is the upload reference and the path its owners download it from.',
  tags: ['uploads'],
  headers: AdminUploadHeaders,
  upload: { description: 'The file; its name is kept for display only.' },
  responses: {
    201: okResponse(AdminUploadResponse, 'The file is stored.'),
    400: errorResponse(`'${copy.uploads.oneFileNeeded}', '${copy.uploads.emptyFile}', or a header in error.`),
    403: errorResponse('A read-only member of the workspace.'),
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
    ...uploadErrors,
  },
});

/**
 * `POST /public/flows/:publicIdentifier/uploads?fieldId=<widgetId>`: a respondent's file for a FileUpload or Signature
 * question of the LIVE form, checked against the question's settings. The answer names it by its reference.
 */
export const uploadFile = defineEndpoint({
  id: 'publicForms.upload',
  service: 'flows',
  method: PUBLIC_FORM_ROUTES.upload.method,
  path: PUBLIC_FORM_ROUTES.upload.path,
  access: 'public',
  summary: 'Upload a file for a question of a form',
  description:
    'One file per request (`multipart/form-data`, part `file`) for the FileUpload or Signature question `fieldId` of the live form: of one of its types (by extension, and by the first bytes where the type has a signature) and not larger than its maximum (10 MB unless the question says otherwise, and never more than the service’s `FILE_UPLOAD_MAX_MB`). How many files a question takes is checked when the answers are submitted. Files no submission refers to are deleted after a day.',
  tags: ['public forms'],
  params: FlowParams,
  query: PublicUploadQuery,
  upload: { description: 'The file; its name is kept for display only.' },
  responses: {
    201: okResponse(UploadReference, 'The file is stored: send this reference as (part of) the question’s answer.'),
    400: errorResponse(`'${copy.answers.unknownQuestion}' (at \`querystring.fieldId\`), '${copy.uploads.notAFileQuestion}', '${copy.uploads.oneFileNeeded}' or '${copy.uploads.emptyFile}'.`),
    404: errorResponse(`'${copy.flows.flowNotFound}', '${copy.publicForm.flowNotPublished}', or '${copy.publicForm.formClosed}'.`),
    ...uploadErrors,
  },
});

/**
 * `GET /admin/flows/:publicIdentifier/uploads/:uploadId`: a file of the form, for its owners (view access), as an
 * attachment.
 */
export const downloadUpload = defineEndpoint({
  id: 'flows.downloadUpload',
  service: 'flows',
  method: 'GET',
  path: '/admin/flows/:publicIdentifier/uploads/:uploadId',
  access: 'session',
  summary: 'Download an uploaded file',
  description:
    'Streamed with `Content-Disposition: attachment` (the file’s name) and a safe type: images (not SVG), PDF, plain text and CSV as they are, anything else as `application/octet-stream` — an uploaded page is never shown inline.',
  tags: ['uploads'],
  params: UploadParams,
  responses: {
    200: fileResponse(DOWNLOAD_MEDIA_TYPES, 'The file, streamed.'),
    404: errorResponse(`'${copy.flows.flowNotFound}' or '${copy.uploads.fileNotFound}'.`),
  },
});

/**
 * `GET /public/flows/:publicIdentifier/images/:uploadId`: an image the form's editors uploaded (`adminFileUpload`,
 * an ImageChoice card's picture), for anyone — the public form's respondents and the editor's preview — read-only.
 * Only editors' uploads of the image types a form shows are served, inline; a respondent's upload, another form's,
 * any other type (SVG, HTML, PDF …) and an unknown id all answer the same 404.
 */
export const getFormImage = defineEndpoint({
  id: 'publicForms.image',
  service: 'flows',
  method: PUBLIC_FORM_ROUTES.image.method,
  path: PUBLIC_FORM_ROUTES.image.path,
  access: 'public',
  summary: 'An image of a form',
  description:
    'Streamed as its type (PNG, JPEG, GIF or WebP, checked when it was uploaded) with `X-Content-Type-Options: nosniff`, a sandboxing CSP and `Cache-Control: public, max-age=31536000, immutable` (an upload never changes). Respondents’ files are never served here.',
  tags: ['public forms'],
  params: FormImageParams,
  responses: {
    200: fileResponse(FORM_IMAGE_CONTENT_TYPES, 'The image, streamed.'),
    404: errorResponse(`'${copy.uploads.fileNotFound}'.`),
  },
});
