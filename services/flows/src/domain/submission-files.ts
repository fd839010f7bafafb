/**
 * A submission's uploaded files with their bytes, for workflows-engine's email attachments (spec 001 §3 email
 * `attachments`; `@formloom/contracts/api/flows/internal-files`). Only the files the submission holds are read — an
 * upload is the submission's when the submission claimed it (`uploads.submission_id`, written with the response) —
 * so an internal caller can never read another response's files through this. At most
 * `EMAIL_ATTACHMENTS_MAX_BYTES` are read in all: the rows' sizes are checked before any byte is read.
 */
import type { Readable } from 'node:stream';
import * as copy from '@formloom/contracts/copy';
import type { SubmissionFilesResponse } from '@formloom/contracts/api/flows/internal-files';
import { EMAIL_ATTACHMENTS_MAX_BYTES } from '@formloom/contracts/limits';
import { formatFileSize } from '@formloom/contracts/answers/shared/uploads';
import { notFound, tooLarge } from '@formloom/kit/errors';
import { findFlowByPublicIdentifier } from '../db/flows-repository';
import { findSubmissionUploads } from '../db/uploads-repository';
import type { UploadsDeps } from './uploads';

/** Reads `body` whole, refusing (and destroying it) past `maxBytes`. @throws 413 past `maxBytes`; the stream's errors. */
async function readAll(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge(copy.uploads.fileTooLarge(formatFileSize(maxBytes)));
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The files `uploadIds` of submission `submissionId` of form `publicIdentifier`, in the order asked, base64, and the
 * ids that are not the submission's (or whose bytes are gone) as `missing`.
 * @throws 404 `copy.flows.flowNotFound` for an unknown form; 413 when the files found are larger than
 *   `EMAIL_ATTACHMENTS_MAX_BYTES` in all (nothing is read then); the storage's errors.
 */
export async function submissionFiles(
  deps: UploadsDeps,
  input: { publicIdentifier: string; submissionId: string; uploadIds: readonly string[] },
): Promise<SubmissionFilesResponse> {
  const flow = await findFlowByPublicIdentifier(deps.db, input.publicIdentifier);
  if (!flow) throw notFound(copy.flows.flowNotFound);
  const ids = [...new Set(input.uploadIds)];
  const rows = await findSubmissionUploads(deps.db, { flowId: flow.id, submissionId: input.submissionId, ids });
  const total = rows.reduce((sum, row) => sum + row.size, 0);
  if (total > EMAIL_ATTACHMENTS_MAX_BYTES) throw tooLarge(copy.uploads.fileTooLarge(formatFileSize(EMAIL_ATTACHMENTS_MAX_BYTES)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const files: SubmissionFilesResponse['files'] = [];
  const missing: string[] = [];
  let budget = EMAIL_ATTACHMENTS_MAX_BYTES;
  for (const id of ids) {
    const row = byId.get(id);
    const body = row ? await deps.storage.get(row.storageKey) : null;
    if (!row || !body) {
      missing.push(id);
      continue;
    }
    const bytes = await readAll(body, budget);
    budget -= bytes.length;
    files.push({ id: row.id, name: row.name, contentType: row.contentType, size: bytes.length, contentBase64: bytes.toString('base64') });
  }
  return { files, missing };
}
