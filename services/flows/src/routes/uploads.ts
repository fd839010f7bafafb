/**
 * Upload routes (`@formloom/contracts/api/flows/uploads`): the editor's `POST /admin/fileupload` (spec 000 §7), the
 * public form's `POST /public/flows/:publicIdentifier/uploads`, the owners' download
 * `GET /admin/flows/:publicIdentifier/uploads/:uploadId` and the form's images for anyone
 * `GET /public/flows/:publicIdentifier/images/:uploadId`, and a theme's images (`@formloom/contracts/api/flows/themes`:
 * `POST /admin/themes/images`, `GET /public/themes/images/:imageId`). Multipart bodies are read with `@fastify/multipart`,
 * registered in this module's scope only (the kit accepts `multipart/form-data` on these endpoints only); the file
 * streams to the storage as it arrives (`domain/uploads.ts`), never buffered whole.
 */
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UploadReference } from '@formloom/contracts/answers/shared/uploads';
import { getThemeImage, uploadThemeImage } from '@formloom/contracts/api/flows/themes';
import { adminFileUpload, downloadUpload, getFormImage, uploadFile } from '@formloom/contracts/api/flows/uploads';
import * as copy from '@formloom/contracts/copy';
import { formatFileSize } from '@formloom/contracts/answers/shared/uploads';
import { THEME_IMAGE_MAX_BYTES } from '@formloom/contracts/limits';
import { DomainError, invalid, tooLarge, unsupportedType } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import * as themeImages from '../domain/theme-images';
import * as uploads from '../domain/uploads';
import type { IncomingFile } from '../domain/uploads';
import type { FlowsServiceDeps } from '../deps';
import { assertServedOnHost, flowAuthorizer } from './access';

/** Multipart limits besides the file's size: a few small fields at most, one file. */
const MULTIPART_LIMITS = { fields: 10, fieldSize: 1024, fieldNameSize: 100, files: 1, parts: 20, headerPairs: 100 } as const;

/**
 * The error to answer for a multipart parser's failure: 400 `copy.uploads.oneFileNeeded` for a second file (or
 * too many parts), 413 for a file over the parser's backstop, 400 `copy.errors.badRequest` for a body that is not
 * well-formed multipart; the error itself when it is ours.
 */
function multipartError(error: unknown, maxBytes: number): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return invalid(copy.uploads.oneFileNeeded, [{ path: 'file', message: copy.uploads.oneFileNeeded }]);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(copy.uploads.fileTooLarge(formatFileSize(maxBytes)), { maxBytes });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return unsupportedType(copy.errors.multipartExpected);
  if (error instanceof Error && /multipart|part terminated|unexpected end|malformed/i.test(error.message)) {
    return invalid(copy.errors.badRequest, [{ path: 'file', message: copy.errors.badRequest }]);
  }
  return error;
}

/**
 * Reads the request's one file part with `store` (into the storage) and answers what it resolves; other (small) fields
 * are ignored. The parser stops a file one byte past `limits.parserBytes` (the service's cap; the target's own limit
 * is `store`'s check, `limits.maxBytes` names it in a 413).
 * @throws 400 `copy.uploads.oneFileNeeded` when there is no file part or more than one (the one stored is deleted
 *   again with `discard`); whatever `store` throws.
 */
async function receiveOne<T>(
  request: FastifyRequest,
  limits: { parserBytes: number; maxBytes: number },
  store: (file: IncomingFile) => Promise<T>,
  discard: (stored: T) => Promise<void>,
): Promise<T> {
  let stored: T | undefined;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: limits.parserBytes + 1 } })) {
      if (part.type !== 'file') continue;
      if (stored !== undefined) {
        (part as MultipartFile).file.resume();
        throw invalid(copy.uploads.oneFileNeeded, [{ path: 'file', message: copy.uploads.oneFileNeeded }]);
      }
      stored = await store({ filename: part.filename, stream: part.file });
    }
  } catch (error) {
    if (stored !== undefined) await discard(stored);
    throw multipartError(error, limits.maxBytes);
  }
  if (stored === undefined) throw invalid(copy.uploads.oneFileNeeded, [{ path: 'file', message: copy.uploads.oneFileNeeded }]);
  return stored;
}

/** Reads the request's one file into the storage for `target` ({@link receiveOne}) and answers its reference. */
function receiveUpload(deps: FlowsServiceDeps, request: FastifyRequest, target: uploads.UploadTarget): Promise<UploadReference> {
  return receiveOne(
    request,
    { parserBytes: deps.uploadMaxBytes, maxBytes: target.maxBytes },
    (file) => uploads.storeUpload(deps, target, file),
    (stored) => uploads.discardUpload(deps, target.flow.id, stored.id),
  );
}

/**
 * Sends an image anyone may load (a form's or a theme's): inline, of its image type, cached for a year (an image never
 * changes), `nosniff`, sandboxed should a browser ever open it as a page.
 */
function sendPublicImage(reply: FastifyReply, image: uploads.FormImage): FastifyReply {
  return reply
    .type(image.mediaType)
    .header('content-length', String(image.size))
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(image.body);
}

/** The upload routes. */
export const uploadRoutes = defineRoutes<FlowsServiceDeps>(async (router, deps) => {
  await router.app.register(fastifyMultipart, { limits: { ...MULTIPART_LIMITS, fileSize: deps.uploadMaxBytes + 1 } });

  /** The editor's file for the form `x-flow-id` (write access): any type, up to `FILE_UPLOAD_MAX_MB`. */
  router.handle(adminFileUpload, async ({ headers, request }) => {
    const target = await uploads.editorUploadTarget(deps, headers['x-flow-id'], headers['x-field-id'], flowAuthorizer(request));
    return uploads.editorUploadResponse(target, await receiveUpload(deps, request, target));
  });

  /**
   * A respondent's file: 429 with `Retry-After` past `PUBLIC_UPLOADS_RATE_LIMIT` uploads per client address and form
   * (before anything else), then the question's checks.
   */
  router.handle(uploadFile, async ({ params, query, request, reply }) => {
    await deps.uploadLimit?.enforce(reply, `${params.publicIdentifier}\n${request.ip}`);
    await assertServedOnHost(deps, request, params.publicIdentifier);
    const target = await uploads.publicUploadTarget(deps, params.publicIdentifier, query.fieldId);
    return receiveUpload(deps, request, target);
  });

  /**
   * A file of the form for its owners: an attachment of a safe type, never cached by shared caches, sandboxed should
   * a browser ever render it.
   */
  router.handle(downloadUpload, async ({ params, request, reply }) => {
    const file = await uploads.downloadFile(deps, params.publicIdentifier, params.uploadId, flowAuthorizer(request));
    return reply
      .type(file.mediaType)
      .header('content-disposition', file.contentDisposition)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.body);
  });

  /** An image of the form for anyone (an ImageChoice card's picture). */
  router.handle(getFormImage, async ({ params, reply }) =>
    sendPublicImage(reply, await uploads.formImage(deps, params.publicIdentifier, params.uploadId)),
  );

  /** A theme's image (logo, page background) from any member of the organization: PNG, JPEG, GIF or WebP, ≤ 5 MB. */
  router.handle(uploadThemeImage, async ({ auth, request }) => {
    const owner = { organizationId: auth.org, userId: Number(auth.sub) };
    return receiveOne(
      request,
      { parserBytes: THEME_IMAGE_MAX_BYTES, maxBytes: THEME_IMAGE_MAX_BYTES },
      (file) => themeImages.storeThemeImage(deps, owner, file),
      (stored) => themeImages.discardThemeImage(deps, stored.id),
    );
  });

  /** A theme's image for anyone (public forms show it). */
  router.handle(getThemeImage, async ({ params, reply }) => sendPublicImage(reply, await themeImages.themeImage(deps, params.imageId)));
});
