/**
 * The flows service's file storage port (docs/architecture.md §2 "files"): where uploaded files (FileUpload and
 * Signature answers, the editor's uploads; `domain/uploads.ts`) are kept. Two adapters, chosen by `FILE_STORAGE`
 * (`from-config.ts`): a local directory (`local.ts`, the embedded default, under `$DATA_DIR/flows-files`) and an
 * S3-compatible bucket (`s3.ts`: AWS S3, MinIO, …). The database keeps each upload's row; the storage keeps only
 * its bytes, under a key the service makes ({@link storageKey}) — never a name a client chose.
 */
import type { Readable } from 'node:stream';

/** What the storage knows of an object it is given: its media type (kept as the object's `Content-Type` in S3). */
export interface PutOptions {
  contentType: string;
}

/** The file storage port: put, get and delete whole objects by key. */
export interface FileStorage {
  /** `local` or `s3` (logs, `/readyz`). */
  readonly kind: 'local' | 's3';
  /**
   * Stores `body` under `key`, replacing nothing visible until the whole body has arrived: a body that fails (its
   * stream errors — the upload's size or type check refused it, the client went away) leaves no object behind, and
   * the promise rejects with the body's error. Resolves the number of bytes stored.
   * @throws the body's error; the storage's own (disk full, bucket unreachable) otherwise.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** The object's bytes as a stream, or `null` when there is none under `key`. @throws the storage's errors. */
  get(key: string): Promise<Readable | null>;
  /** Deletes the object under `key`; a missing object is no error. @throws the storage's errors. */
  delete(key: string): Promise<void>;
  /** Releases what the adapter holds (connections). */
  close(): Promise<void>;
}

/** A key: path segments of letters, digits, `.`, `_` and `-` (no empty, `.` or `..` segment), at most 512 characters. */
const KEY_PATTERN = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/**
 * Whether `key` is a key the adapters accept ({@link KEY_PATTERN}): every key is made by {@link storageKey}; this is
 * the second line of defence against a path that leaves the storage's directory.
 */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

/**
 * @throws Error when `key` is not one {@link isStorageKey} accepts (a programming error: keys are made by
 *   {@link storageKey}).
 */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`file storage: invalid key ${JSON.stringify(key)}`);
}

/**
 * The key of an upload: `<workspaceId>/<flowId>/<uploadId>` (numeric ids, the upload's UUID). A client's file name
 * never enters it.
 */
export function storageKey(upload: { workspaceId: number; flowId: number; uploadId: string }): string {
  const key = `${upload.workspaceId}/${upload.flowId}/${upload.uploadId}`;
  assertStorageKey(key);
  return key;
}

/**
 * The key of a theme image (`domain/theme-images.ts`): `themes/<organizationId>/<imageId>` (the organization's numeric
 * id, the image's UUID), apart from the flows' uploads.
 */
export function themeImageStorageKey(image: { organizationId: number; imageId: string }): string {
  const key = `themes/${image.organizationId}/${image.imageId}`;
  assertStorageKey(key);
  return key;
}
