/**
 * The file storage the configuration names (`FILE_STORAGE` and its settings, declared in the service manifest,
 * `contracts/src/services.ts`, and documented in docs/architecture.md §6 "flows"):
 *
 * | variable | default | |
 * | --- | --- | --- |
 * | `FILE_STORAGE` | `local` | `local` (a directory) or `s3` (an S3-compatible bucket) |
 * | `FILE_STORAGE_DIR` | `$DATA_DIR/flows-files` | the directory of `local` |
 * | `FILE_STORAGE_S3_BUCKET` | — | the bucket (required with `s3`) |
 * | `FILE_STORAGE_S3_REGION` | `us-east-1` | its region |
 * | `FILE_STORAGE_S3_ENDPOINT` | AWS | an S3-compatible store's URL (`http://minio:9000`) |
 * | `FILE_STORAGE_S3_FORCE_PATH_STYLE` | `false` | `true` for MinIO and most S3-compatible stores |
 * | `FILE_STORAGE_S3_KEY_PREFIX` | none | prepended to every object key (`formloom/`) |
 * | `FILE_STORAGE_S3_ACCESS_KEY_ID`, `FILE_STORAGE_S3_SECRET_ACCESS_KEY` | the SDK's chain | static credentials (secrets; both or neither) |
 */
import path from 'node:path';
import { z } from 'zod';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage } from './local';
import { createS3FileStorage } from './s3';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** The storage variables (spread into the service's config schema; {@link storageConfigProblems} checks them together). */
export const FileStorageConfigShape = {
  /** `local` (default) or `s3`. */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The directory of the `local` storage; default `$DATA_DIR/flows-files`. */
  FILE_STORAGE_DIR: z.string().min(1).optional(),
  /** The bucket of the `s3` storage (required with it). */
  FILE_STORAGE_S3_BUCKET: z.string().min(3).max(255).optional(),
  /** The bucket's region (default `us-east-1`, what MinIO expects). */
  FILE_STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible store's URL; unset: AWS. */
  FILE_STORAGE_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Path-style bucket addressing (MinIO). Default false. */
  FILE_STORAGE_S3_FORCE_PATH_STYLE: bool.default(false),
  /** Prepended to every object key. */
  FILE_STORAGE_S3_KEY_PREFIX: z.string().max(200).regex(/^[A-Za-z0-9._/-]*$/, 'letters, digits, ".", "_", "-" and "/" only').optional(),
  /** Static credentials (a secret); unset: the SDK's default chain. */
  FILE_STORAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  /** Static credentials (a secret); with the key id. */
  FILE_STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};

/** The parsed storage variables. */
export type FileStorageConfig = z.output<z.ZodObject<typeof FileStorageConfigShape>> & { DATA_DIR: string };

/** What is wrong with the storage variables taken together: `[variable, message]` pairs (none when sound). */
export function storageConfigProblems(config: Omit<FileStorageConfig, 'DATA_DIR'>): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  if (config.FILE_STORAGE === 's3' && !config.FILE_STORAGE_S3_BUCKET) problems.push(['FILE_STORAGE_S3_BUCKET', 'is required with FILE_STORAGE=s3']);
  if (Boolean(config.FILE_STORAGE_S3_ACCESS_KEY_ID) !== Boolean(config.FILE_STORAGE_S3_SECRET_ACCESS_KEY)) {
    problems.push(['FILE_STORAGE_S3_ACCESS_KEY_ID', 'needs FILE_STORAGE_S3_SECRET_ACCESS_KEY too (both or neither)']);
  }
  return problems;
}

/** The directory of the `local` storage: `FILE_STORAGE_DIR`, or `<DATA_DIR>/flows-files` (beside PGlite's `<DATA_DIR>/flows`). */
export function localStorageDirectory(config: Pick<FileStorageConfig, 'FILE_STORAGE_DIR' | 'DATA_DIR'>): string {
  return path.resolve(config.FILE_STORAGE_DIR ?? path.join(config.DATA_DIR, 'flows-files'));
}

/**
 * The file storage `config` names.
 * @throws Error for `s3` without a bucket (the config schema refuses that first).
 */
export function createFileStorage(config: FileStorageConfig): FileStorage {
  if (config.FILE_STORAGE === 'local') return createLocalFileStorage(localStorageDirectory(config));
  if (!config.FILE_STORAGE_S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs FILE_STORAGE_S3_BUCKET');
  return createS3FileStorage({
    bucket: config.FILE_STORAGE_S3_BUCKET,
    region: config.FILE_STORAGE_S3_REGION,
    endpoint: config.FILE_STORAGE_S3_ENDPOINT,
    forcePathStyle: config.FILE_STORAGE_S3_FORCE_PATH_STYLE,
    keyPrefix: config.FILE_STORAGE_S3_KEY_PREFIX,
    credentials:
      config.FILE_STORAGE_S3_ACCESS_KEY_ID && config.FILE_STORAGE_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.FILE_STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: config.FILE_STORAGE_S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
