/**
 * How the public form's file questions (FileUpload, Signature: `fields/file-upload.tsx`, `fields/signature.tsx`) send
 * their files: an {@link Uploader} from React context, so no renderer needs the form's identity in its props. The live
 * form provides {@link liveUploader} (`public-form.tsx`): `POST /public/flows/:publicIdentifier/uploads?fieldId=…`
 * (`PUBLIC_FORM_ROUTES.upload`, `multipart/form-data`, part `file`) through XMLHttpRequest — fetch cannot report an
 * upload's progress — answering the upload reference `{id, name, size, contentType}` (bytes) or the API's error. The
 * editor's preview, and any page without a provider, uses {@link previewUploader}: nothing is sent.
 */
import { createContext, useContext } from 'react';
import type { UploadReference } from '@formloom/contracts/answers/shared/uploads';
import * as copy from '@formloom/contracts/copy';
import { fillPath, PUBLIC_FORM_ROUTES } from '@formloom/contracts/api/public-form-routes';
import { ApiError, apiErrorOf } from '../lib/api-client';

/** Sends a question's files. */
export interface Uploader {
  /** `false`: the editor's preview, which sends nothing (its references are made up). */
  readonly live: boolean;
  /**
   * Uploads `file` (named `name`, a display name) for question `fieldId`, reporting the share sent so far (0 to 1)
   * to `onProgress` as it goes; resolves its reference.
   * @throws ApiError the call's error (413 too large, 415 a type not taken, 404 a closed form, 429 …; status 0 with
   *   `copy.uploads.uploadFailed` when the network failed).
   */
  upload(fieldId: string, file: Blob, name: string, onProgress?: (fraction: number) => void): Promise<UploadReference>;
}

/** A random UUID (v4) for the preview's made-up references (`crypto.randomUUID` needs a secure context). */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The preview's uploader: nothing leaves the browser; each file gets a made-up reference at once. */
export const previewUploader: Uploader = {
  live: false,
  upload(_fieldId, file, name, onProgress) {
    onProgress?.(1);
    return Promise.resolve({ id: randomUuid(), name, size: file.size, contentType: file.type || 'application/octet-stream' });
  },
};

/** The uploader of the live form `publicIdentifier` (see the module doc). */
export function liveUploader(publicIdentifier: string): Uploader {
  return {
    live: true,
    upload(fieldId, file, name, onProgress) {
      const body = new FormData();
      body.append('file', file, name);
      return new Promise<UploadReference>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open(PUBLIC_FORM_ROUTES.upload.method, `${fillPath(PUBLIC_FORM_ROUTES.upload.path, { publicIdentifier })}?fieldId=${encodeURIComponent(fieldId)}`);
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
        };
        request.onload = () => {
          let json: unknown;
          try {
            json = JSON.parse(request.responseText);
          } catch {
            // Not JSON (a proxy's page): the error below says so in our words.
          }
          if (request.status < 300 && json) resolve(json as UploadReference);
          else reject(apiErrorOf(request.status, json));
        };
        request.onerror = () => reject(new ApiError(0, 'network_error', copy.uploads.uploadFailed));
        request.send(body);
      });
    },
  };
}

/** The uploader file questions use (`UploadContext.Provider`); without a provider, {@link previewUploader}. */
export const UploadContext = createContext<Uploader>(previewUploader);

/** The current {@link Uploader}. */
export function useUploader(): Uploader {
  return useContext(UploadContext);
}
