/**
 * Uploaded files (`@formloom/contracts/api/flows/uploads`): a respondent's files for the FileUpload and Signature
 * questions of a live form, an editor's files (`POST /admin/fileupload`), their download by the form's owners, the
 * check of the files an answer names when a response is submitted, and the sweep of files no response refers to.
 * Plain functions over the database and the file storage (`storage/`); no Fastify.
 *
 * - Receiving: the file's name is cleaned into a display name (`file-types.ts`); its extension must be one the
 *   question takes (415 `copy.uploads.expectedTypes`); its bytes stream through {@link UploadCheck} (413 over the
 *   question's maximum capped at `FILE_UPLOAD_MAX_MB`, 415 when its first bytes are not its type's, 400 when empty)
 *   into the storage under `<workspaceId>/<flowId>/<uploadId>`, and only then is its row written: a refused or broken
 *   upload leaves neither object nor row (an object whose row cannot be written is deleted again).
 * - Submitting: every file an answer names ({@link answerFiles}) must be an upload of this form, for this
 *   question, and no other response's; the stored reference replaces what the respondent sent (name, size and
 *   type are the server's). The response claims its files in the transaction that writes it, so two responses
 *   naming one file cannot both succeed (the second is refused, nothing of it stored).
 * - Sweeping: a respondent's upload that no response refers to is deleted after `UNREFERENCED_UPLOAD_TTL_MS` (a
 *   day); a deleted row (swept, or its flow deleted) queues its object, and the sweep deletes queued objects.
 */
import type { Readable } from 'node:stream';
import * as copy from '@formloom/contracts/copy';
import type { AdminUploadResponse } from '@formloom/contracts/api/flows/uploads';
import { FORM_IMAGE_CONTENT_TYPES, formImagePath } from '@formloom/contracts/answers/image-choice';
import { answerFiles, uploadPolicyOf } from '@formloom/contracts/answers/registry';
import {
  contentTypeOfName,
  extensionOf,
  extensionsText,
  mapUploadReferences,
  type UploadReference,
} from '@formloom/contracts/answers/shared/uploads';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import type { FieldError } from '@formloom/contracts/errors';
import { UNREFERENCED_UPLOAD_TTL_MS } from '@formloom/contracts/limits';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import type { Tx } from '@formloom/kit/db';
import { invalid, notFound, unsupportedType } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { findFlowById, findFlowByPublicIdentifier, type FlowRecord } from '../db/flows-repository';
import {
  claimUploads,
  deleteUnreferencedUploads,
  deleteUpload,
  findEditorUpload,
  findUpload,
  findUploads,
  forgetStorageDeletions,
  insertUpload,
  lockStorageDeletions,
  releaseUploads,
  type UploadRecord,
} from '../db/uploads-repository';
import type { UploadSource } from '../db/schema';
import { storageKey, type FileStorage } from '../storage/file-storage';
import { cleanFileName, safeDownloadType, UploadCheck } from './file-types';
import { attachmentDisposition } from './export';
import { downloadPath } from './file-links';
import type { Authorize, FlowsDeps } from './flows';
import { findLiveForm } from './submissions';

export { downloadPath, fileLinks } from './file-links';

/** What the upload functions need besides the database: the storage and the service-wide size cap (bytes). */
export type UploadsDeps = FlowsDeps & {
  storage: FileStorage;
  /** `FILE_UPLOAD_MAX_MB` in bytes: no upload is ever larger, whatever its question says. */
  uploadMaxBytes: number;
};

/** A file arriving in a request: the name its client gave (a display name only) and its bytes. */
export interface IncomingFile {
  filename: string | undefined;
  stream: Readable;
}

/** Where an upload goes and what it may be: its flow, its question, who sends it, its extensions and largest size. */
export interface UploadTarget {
  flow: Pick<FlowRecord, 'id' | 'workspaceId' | 'publicIdentifier'>;
  fieldId: string | null;
  source: UploadSource;
  /** Lower-case extensions without the dot; `null`: any file. */
  extensions: readonly string[] | null;
  /** Bytes. */
  maxBytes: number;
}

/** The question `fieldId` on any page of `template`, or undefined. */
function findWidget(template: FlowTemplate, fieldId: string): Widget | undefined {
  for (const step of Object.values(template.steps)) {
    if (step.type !== 'form') continue;
    const widget = step.template.widgets.find((candidate) => candidate.id === fieldId);
    if (widget) return widget;
  }
  return undefined;
}

/**
 * Where a respondent's file for question `fieldId` of the LIVE form `publicIdentifier` goes: the question must take
 * files (FileUpload, Signature: `uploadPolicyOf`), and the file is held to its types and its largest size, capped at
 * `deps.uploadMaxBytes`.
 * @throws 404 as a submission (unknown, trashed, never published or closed form); 400 `copy.answers.unknownQuestion` at
 *   `querystring.fieldId` for a question the live form does not have, `copy.uploads.notAFileQuestion` for one that
 *   takes no files.
 */
export async function publicUploadTarget(deps: UploadsDeps, publicIdentifier: string, fieldId: string): Promise<UploadTarget> {
  const { flow, template } = await findLiveForm(deps, publicIdentifier, false);
  const widget = findWidget(template, fieldId);
  const path = 'querystring.fieldId';
  if (!widget) throw invalid(copy.answers.unknownQuestion, [{ path, message: copy.answers.unknownQuestion }]);
  const policy = uploadPolicyOf(widget);
  if (!policy) throw invalid(copy.uploads.notAFileQuestion, [{ path, message: copy.uploads.notAFileQuestion }]);
  return {
    flow,
    fieldId,
    source: 'respondent',
    extensions: policy.extensions,
    maxBytes: Math.min(policy.maxBytes, deps.uploadMaxBytes),
  };
}

/**
 * Where an editor's file for the form with numeric id `flowId` goes (write access): any type, up to
 * `deps.uploadMaxBytes`; `fieldId` is kept as given (the spec's field id header), or null.
 * @throws 404 `copy.flows.flowNotFound`; whatever `authorize` throws (404 another organization's, 403 read-only).
 */
export async function editorUploadTarget(deps: UploadsDeps, flowId: number, fieldId: string | undefined, authorize: Authorize): Promise<UploadTarget> {
  const flow = await findFlowById(deps.db, flowId);
  if (!flow) throw notFound(copy.flows.flowNotFound);
  authorize(flow, 'change');
  return { flow, fieldId: fieldId ?? null, source: 'editor', extensions: null, maxBytes: deps.uploadMaxBytes };
}

/** The reference of a stored upload. */
function referenceOf(record: Pick<UploadRecord, 'id' | 'name' | 'size' | 'contentType'>): UploadReference {
  return { id: record.id, name: record.name, size: record.size, contentType: record.contentType };
}

/**
 * Stores `file` for `target` (see the module doc) and answers its reference. The file's stream is read to its end
 * (or until refused).
 * @throws 415 `copy.uploads.expectedTypes` (extension not taken; nothing read) or `copy.uploads.contentMismatch`;
 *   413 `copy.uploads.fileTooLarge`; 400 `copy.uploads.emptyFile`; the storage's and database's errors (nothing is
 *   left behind).
 */
export async function storeUpload(deps: UploadsDeps, target: UploadTarget, file: IncomingFile): Promise<UploadReference> {
  const name = cleanFileName(file.filename);
  const extension = extensionOf(name);
  if (target.extensions && !target.extensions.includes(extension)) {
    file.stream.resume();
    throw unsupportedType(copy.uploads.expectedTypes(extensionsText(target)), { extensions: target.extensions });
  }
  const id = uuidv7();
  const key = storageKey({ workspaceId: target.flow.workspaceId, flowId: target.flow.id, uploadId: id });
  const contentType = contentTypeOfName(name);
  const row = { id, flowId: target.flow.id, fieldId: target.fieldId, source: target.source, name, contentType, storageKey: key };
  const check = new UploadCheck(target.maxBytes, extension);
  const size = await putChecked(deps, { key, contentType, stream: file.stream, check }, (stored) => insertUpload(deps.db, { ...row, size: stored }));
  return referenceOf({ ...row, size });
}

/**
 * Streams `file.stream` through `file.check` ({@link UploadCheck}) into the storage under `file.key`, then writes its
 * row (`writeRow`, given the stored size in bytes). Nothing is left behind when either fails: the storage keeps no
 * object of a refused body, and an object whose row cannot be written is deleted again. Resolves the size.
 * @throws the check's error (413, 415, 400), the storage's or `writeRow`'s.
 */
export async function putChecked(
  deps: Pick<UploadsDeps, 'storage'>,
  file: { key: string; contentType: string; stream: Readable; check: UploadCheck },
  writeRow: (size: number) => Promise<void>,
): Promise<number> {
  const { key, stream, check } = file;
  // The multipart stream's own failure (the client went away) fails the check too, and so the storage's write;
  // the check's failure reaches the caller through the storage's `put` (this listener only keeps it from being
  // reported a second time as an unhandled stream error).
  stream.on('error', (error) => check.destroy(error));
  check.on('error', () => undefined);
  const { size } = await deps.storage.put(key, stream.pipe(check), { contentType: file.contentType });
  try {
    await writeRow(size);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return size;
}

/** True when `contentType` is one of the image types a form shows (`FORM_IMAGE_CONTENT_TYPES`). */
function isFormImageType(contentType: string): boolean {
  return (FORM_IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType);
}

/**
 * An editor's upload's answer: its reference, the path its owners download it from and, for an image a form may
 * show (PNG, JPEG, GIF, WebP: their first bytes were checked on the way in), `imageUrl`, the public path of
 * {@link formImage}.
 */
export function editorUploadResponse(target: UploadTarget, reference: UploadReference): AdminUploadResponse {
  const response: AdminUploadResponse = { ...reference, url: downloadPath(target.flow.publicIdentifier, reference.id) };
  if (isFormImageType(reference.contentType)) response.imageUrl = formImagePath(target.flow.publicIdentifier, reference.id);
  return response;
}

/** An image anyone may load: its type and bytes. */
export interface FormImage {
  /** One of `FORM_IMAGE_CONTENT_TYPES`. */
  mediaType: string;
  /** Bytes. */
  size: number;
  body: Readable;
}

/**
 * Image `uploadId` of form `publicIdentifier` for anyone, signed in or not (`getFormImage`): an upload an editor
 * sent for the form (`POST /admin/fileupload`) whose type is one a form shows (`FORM_IMAGE_CONTENT_TYPES`). The form
 * may be a draft or closed (the editor's preview shows its images too); the upload's id (a UUIDv7) is its secret.
 * @throws 404 `copy.uploads.fileNotFound` for anything else — an unknown form or upload, another form's, a
 *   respondent's upload (respondents' files are for the form's owners only: {@link downloadFile}), a file of
 *   another type (SVG, HTML, PDF …), or bytes that are gone — all alike, so nothing tells them apart.
 */
export async function formImage(deps: UploadsDeps, publicIdentifier: string, uploadId: string): Promise<FormImage> {
  const record = await findEditorUpload(deps.db, publicIdentifier, uploadId);
  if (!record || !isFormImageType(record.contentType)) throw notFound(copy.uploads.fileNotFound);
  const body = await deps.storage.get(record.storageKey);
  if (!body) throw notFound(copy.uploads.fileNotFound);
  return { mediaType: record.contentType, size: record.size, body };
}

/**
 * Deletes an upload stored a moment ago (a request refused after its file was stored: a second file in it). Its row
 * goes, the trigger queues its object, and the object is deleted now if the storage answers (else by the sweep).
 */
export async function discardUpload(deps: UploadsDeps, flowId: number, uploadId: string): Promise<void> {
  const record = await deleteUpload(deps.db, flowId, uploadId);
  if (!record) return;
  await deps.storage.delete(record.storageKey).then(
    () => forgetStorageDeletions(deps.db, [record.storageKey]),
    () => undefined,
  );
}

/** A file an owner downloads: its headers and its bytes. */
export interface DownloadFile {
  /** A safe type (`safeDownloadType`). */
  mediaType: string;
  /** `attachment; filename="…"` (and `filename*` for a name that is not ASCII). */
  contentDisposition: string;
  /** Bytes, when known. */
  size: number;
  body: Readable;
}

/**
 * Upload `uploadId` of form `publicIdentifier` for its owners (view access), as an attachment of a safe type.
 * @throws 404 `copy.flows.flowNotFound` (whatever `authorize` throws for another organization's form),
 *   `copy.uploads.fileNotFound` (unknown upload, another form's, or its bytes are gone).
 */
export async function downloadFile(deps: UploadsDeps, publicIdentifier: string, uploadId: string, authorize: Authorize): Promise<DownloadFile> {
  const flow = await findFlowByPublicIdentifier(deps.db, publicIdentifier);
  if (!flow) throw notFound(copy.flows.flowNotFound);
  authorize(flow, 'view');
  const record = await findUpload(deps.db, flow.id, uploadId);
  if (!record) throw notFound(copy.uploads.fileNotFound);
  const body = await deps.storage.get(record.storageKey);
  if (!body) throw notFound(copy.uploads.fileNotFound);
  const ascii = asciiFileName(record.name);
  return { mediaType: safeDownloadType(record.contentType), contentDisposition: attachmentDisposition(record.name, ascii), size: record.size, body };
}

/**
 * A name for `filename="…"` (RFC 6266's fallback): accents dropped, any other character that is not printable ASCII,
 * a quote or a backslash replaced by `_`. The whole name goes in `filename*` (RFC 8187) when it differs.
 */
function asciiFileName(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** The files of the answers that name some: per question, its widget and the references. */
function filesByQuestion(template: FlowTemplate, answers: Readonly<Record<string, unknown>>): Array<{ widget: Widget; files: UploadReference[] }> {
  const found: Array<{ widget: Widget; files: UploadReference[] }> = [];
  for (const step of Object.values(template.steps)) {
    if (step.type !== 'form') continue;
    for (const widget of step.template.widgets) {
      if (!Object.prototype.hasOwnProperty.call(answers, widget.id)) continue;
      const files = answerFiles(answers[widget.id], widget);
      if (files.length > 0) found.push({ widget, files });
    }
  }
  return found;
}

/** Answers whose files were checked against the stored uploads, and the ids of those files. */
export interface ResolvedUploads {
  /** The answers with each file reference replaced by the stored one. */
  answers: Record<string, unknown>;
  /** Every upload the answers name (to claim with the response). */
  uploadIds: string[];
}

/**
 * Checks the files that normalized `answers` (to `template`, of flow `flowId`) name and replaces each reference by
 * the stored one ({@link answerFiles}; module doc). `submissionId`: the response being saved (a progress being
 * finished or updated), whose own files are no other response's.
 * @throws 400 `copy.flows.submissionInvalid` with `[{path: 'answers.<widgetId>', message}]`: `copy.uploads.fileNotFound`
 *   (no such upload of this form), `copy.uploads.otherQuestionsFile` (uploaded for another question),
 *   `copy.uploads.alreadyUsed` (another response's), or the question's own check of the stored references (the form
 *   was published again with other limits).
 */
export async function resolveUploads(
  deps: FlowsDeps,
  flowId: number,
  template: FlowTemplate,
  answers: Record<string, unknown>,
  submissionId?: string,
): Promise<ResolvedUploads> {
  const questions = filesByQuestion(template, answers);
  if (questions.length === 0) return { answers, uploadIds: [] };
  const ids = [...new Set(questions.flatMap(({ files }) => files.map((file) => file.id)))];
  const stored = new Map((await findUploads(deps.db, flowId, ids)).map((record) => [record.id, record]));
  const errors: FieldError[] = [];
  const resolved = { ...answers };
  for (const { widget, files } of questions) {
    const problem = files
      .map((file) => stored.get(file.id))
      .map((record) =>
        !record || record.source !== 'respondent'
          ? copy.uploads.fileNotFound
          : record.fieldId !== widget.id
            ? copy.uploads.otherQuestionsFile
            : record.submissionId !== null && record.submissionId !== submissionId
              ? copy.uploads.alreadyUsed
              : null,
      )
      .find((message) => message !== null);
    if (problem) {
      errors.push({ path: `answers.${widget.id}`, message: problem });
      continue;
    }
    resolved[widget.id] = mapUploadReferences(answers[widget.id], (file) => referenceOf(stored.get(file.id)!));
  }
  if (errors.length > 0) throw invalid(copy.flows.submissionInvalid, errors);
  // The stored references are checked again by the questions' own rules (their limits may have changed since).
  const again = validateAnswers(template, resolved);
  if (!again.ok) throw invalid(copy.flows.submissionInvalid, again.errors.filter((error) => questions.some(({ widget }) => error.path === `answers.${widget.id}`)));
  return { answers: resolved, uploadIds: ids };
}

/**
 * Ties `uploadIds` to response `submissionId` inside the transaction `tx` that writes the response, and (with
 * `release`) unties the response's other files.
 * @throws 400 `copy.flows.submissionInvalid` with `copy.uploads.alreadyUsed` at `answers` when a file was taken by
 *   another response meanwhile: the caller's transaction rolls back, nothing of the response is stored.
 */
export async function claimResponseUploads(
  tx: Tx,
  input: { flowId: number; submissionId: string; uploadIds: readonly string[]; release?: boolean },
): Promise<void> {
  const claimed = await claimUploads(tx, { flowId: input.flowId, submissionId: input.submissionId, ids: input.uploadIds });
  if (claimed.length !== input.uploadIds.length) {
    throw invalid(copy.flows.submissionInvalid, [{ path: 'answers', message: copy.uploads.alreadyUsed }]);
  }
  if (input.release) await releaseUploads(tx, input.submissionId, input.uploadIds);
}

/** How many rows and objects one sweep pass handles at most. */
export const SWEEP_BATCH = 100;

/**
 * One pass of the upload sweep: deletes up to {@link SWEEP_BATCH} respondents' uploads that no response referred to
 * for `UNREFERENCED_UPLOAD_TTL_MS` (a day), then deletes up to as many queued storage objects (`upload_deletions`:
 * swept rows and the files of deleted flows). Objects the storage fails to delete stay queued for the next pass.
 * Resolves whether there may be more to do at once.
 */
export async function sweepUploads(deps: UploadsDeps, now: Date = new Date()): Promise<boolean> {
  const deletedRows = await deleteUnreferencedUploads(deps.db, new Date(now.getTime() - UNREFERENCED_UPLOAD_TTL_MS), SWEEP_BATCH);
  const keys = await deps.transact(async (tx) => {
    const locked = await lockStorageDeletions(tx, SWEEP_BATCH);
    const done: string[] = [];
    for (const key of locked) {
      try {
        await deps.storage.delete(key);
        done.push(key);
      } catch {
        // Left queued: the next pass tries again.
      }
    }
    await forgetStorageDeletions(tx, done);
    return locked;
  });
  return deletedRows === SWEEP_BATCH || keys.length === SWEEP_BATCH;
}
