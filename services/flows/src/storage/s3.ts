/**
 * The S3 adapter of the file storage port (`file-storage.ts`), for AWS S3 and S3-compatible stores (MinIO, Ceph,
 * R2 …) through `@aws-sdk/client-s3`: objects `<keyPrefix><key>` in one bucket. PutObject needs the body's length,
 * so `put` first spools the body to a temporary file (owner-only, in the OS temp directory, removed afterwards):
 * the upload checks (size, type) run as it is spooled, and a refused or broken body never reaches the bucket.
 * Uploads are bounded by `FILE_UPLOAD_MAX_MB`, so the spool is too; nothing is held in memory.
 *
 * Checksums are computed only where S3 requires them (`requestChecksumCalculation: 'WHEN_REQUIRED'`): the SDK's
 * newer default (CRC trailers in aws-chunked bodies) is not understood by every S3-compatible store.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from './file-storage';

/** Settings of {@link createS3FileStorage} (the `FILE_STORAGE_S3_*` variables). */
export interface S3StorageSettings {
  bucket: string;
  /** The region (`us-east-1` for MinIO). */
  region: string;
  /** An S3-compatible store's URL (`http://minio:9000`); unset: AWS's endpoint of `region`. */
  endpoint?: string;
  /** Address the bucket in the path (`<endpoint>/<bucket>/<key>`), as MinIO needs; default false (virtual hosts). */
  forcePathStyle?: boolean;
  /** Static credentials; unset: the SDK's default chain (environment, web identity / IRSA, instance profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key (`formloom/`); default none. */
  keyPrefix?: string;
}

/** Counts the bytes that pass. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/** Whether `error` is S3's answer that the object does not exist. */
function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  return (error as { name?: unknown }).name === 'NoSuchKey';
}

/** A file storage in an S3 bucket (see the module doc). */
export function createS3FileStorage(settings: S3StorageSettings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? false,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = settings.keyPrefix ?? '';
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, options) {
      const Key = objectKey(key);
      const spoolDir = await mkdtemp(path.join(tmpdir(), 'formloom-upload-'));
      const spool = path.join(spoolDir, randomBytes(6).toString('hex'));
      try {
        const counter = new ByteCounter();
        await pipeline(body, counter, createWriteStream(spool, { flags: 'wx', mode: 0o600 }));
        await client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key,
            Body: createReadStream(spool),
            ContentLength: counter.bytes,
            ContentType: options.contentType,
          }),
        );
        return { size: counter.bytes };
      } finally {
        await rm(spoolDir, { recursive: true, force: true });
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        const bodyStream = answer.Body;
        if (!bodyStream) return null;
        return bodyStream instanceof Readable ? bodyStream : Readable.fromWeb(bodyStream.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
