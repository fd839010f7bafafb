/**
 * The images themes show — a logo, a page background (`POST /admin/themes/images`, `GET /public/themes/images/:imageId`
 * of `contracts/src/api/flows/themes.ts`) — and the AI theme designer's reading of one
 * (`POST /admin/themes/generate` with an uploaded image). An image belongs to the organization of whoever uploaded it;
 * anyone may load it by its id (a UUIDv7: public forms show it). Its bytes stream through the uploads' check
 * (`file-types.ts` `UploadCheck`: the size, the first bytes) into the file storage under
 * `themes/<organizationId>/<imageId>`, and only then is its row written (`uploads.ts` `putChecked`). Plain functions;
 * no Fastify.
 */
import type { Readable } from 'node:stream';
import { getThemeImage } from '@formloom/contracts/api/flows/themes';
import type { ThemeImageResponse } from '@formloom/contracts/api/flows/themes';
import { pathOf } from '@formloom/contracts/api/endpoint';
import * as copy from '@formloom/contracts/copy';
import { THEME_IMAGE_MAX_BYTES } from '@formloom/contracts/limits';
import { notFound, unsupportedType } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { deleteThemeImageRow, findThemeImage, insertThemeImage } from '../db/themes-repository';
import { themeImageStorageKey } from '../storage/file-storage';
import { imageTypeOf, UploadCheck, type ImageContentType } from './file-types';
import { putChecked, type FormImage, type IncomingFile, type UploadsDeps } from './uploads';

/** Who uploads a theme image: their organization (which owns it) and user id. */
export interface ThemeImageOwner {
  organizationId: number;
  userId: number;
}

/** The public address of theme image `imageId`: `/public/themes/images/{imageId}` (a theme's `logoUrl` or `backgroundImageUrl`). */
export function themeImagePath(imageId: string): string {
  return pathOf(getThemeImage, { imageId });
}

/**
 * Stores `file` as a theme image of `owner`'s organization (module doc) and answers `{id, url}`. Its type is read from
 * its first bytes — PNG, JPEG, GIF or WebP, whatever its name says.
 * @throws 413 `copy.uploads.fileTooLarge('5 MB')` past `THEME_IMAGE_MAX_BYTES`; 415 `copy.themes.imageTypes` for any
 *   other type; 400 `copy.uploads.emptyFile`; the storage's and database's errors (nothing is left behind).
 */
export async function storeThemeImage(deps: UploadsDeps, owner: ThemeImageOwner, file: IncomingFile): Promise<ThemeImageResponse> {
  const id = uuidv7();
  const key = themeImageStorageKey({ organizationId: owner.organizationId, imageId: id });
  let contentType: ImageContentType | null = null;
  const check = new UploadCheck(THEME_IMAGE_MAX_BYTES, (head) => {
    contentType = imageTypeOf(head);
    return contentType ? null : unsupportedType(copy.themes.imageTypes);
  });
  // The type is known once the first bytes went by, after the storage was handed the stream: the object is stored as
  // bytes, and the row's type (what the image is served as) is the one its bytes showed.
  await putChecked(deps, { key, contentType: 'application/octet-stream', stream: file.stream, check }, (size) =>
    insertThemeImage(deps.db, {
      id,
      organizationId: owner.organizationId,
      storageKey: key,
      contentType: contentType ?? 'application/octet-stream',
      size,
      createdBy: owner.userId,
    }),
  );
  return { id, url: themeImagePath(id) };
}

/**
 * Deletes theme image `imageId` stored a moment ago (a request refused after its file was stored: a second file in it):
 * its row, then its bytes (a storage that fails leaves an object no row names).
 */
export async function discardThemeImage(deps: UploadsDeps, imageId: string): Promise<void> {
  const record = await findThemeImage(deps.db, imageId);
  if (!record) return;
  await deleteThemeImageRow(deps.db, imageId);
  await deps.storage.delete(record.storageKey).catch(() => undefined);
}

/**
 * Theme image `imageId` for anyone (`GET /public/themes/images/:imageId`): its type, size and bytes.
 * @throws 404 `copy.uploads.fileNotFound` for an unknown image or bytes that are gone.
 */
export async function themeImage(deps: UploadsDeps, imageId: string): Promise<FormImage> {
  const record = await findThemeImage(deps.db, imageId);
  const body = record ? await deps.storage.get(record.storageKey) : null;
  if (!record || !body) throw notFound(copy.uploads.fileNotFound);
  return { mediaType: record.contentType, size: record.size, body };
}

/**
 * The bytes of theme image `imageId` of `organizationId` (the AI theme designer reads an uploaded image), at most
 * `THEME_IMAGE_MAX_BYTES`; null for an unknown image, another organization's, or bytes that are gone.
 */
export async function readThemeImage(deps: UploadsDeps, organizationId: number, imageId: string): Promise<Buffer | null> {
  const record = await findThemeImage(deps.db, imageId);
  if (!record || record.organizationId !== organizationId) return null;
  const body = await deps.storage.get(record.storageKey);
  return body ? readAtMost(body, THEME_IMAGE_MAX_BYTES) : null;
}

/** `stream`'s bytes, or null when it holds more than `maxBytes` (the rest is not read) or fails. */
async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      if (bytes > maxBytes) {
        stream.destroy();
        return null;
      }
      chunks.push(buffer);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}
