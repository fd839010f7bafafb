/**
 * Uploaded files as answers refer to them (FileUpload and Signature questions, `answers/file-upload.ts`,
 * `answers/signature.ts`): the upload reference the upload calls return (`api/flows/uploads.ts`), the file types a
 * question takes (presets and extensions), and the checks both the public form and the flows service run on a
 * reference. The flows service also checks, at submission, that each referenced upload exists for that form and
 * question and belongs to no other response (`services/flows/src/domain/uploads.ts`); that needs its database and
 * is not here.
 *
 * Sizes are in bytes; settings count MB of 2^20 bytes (`UPLOAD_BYTES_PER_MB`, as spec 000 §5 counts its 10 MB).
 * ZOD-FREE AT RUNTIME (`answers/define.ts`). Pure; runs in the browser and the services.
 */
import * as copy from '../../copy';
import { UPLOAD_BYTES_PER_MB, UPLOAD_NAME_MAX_LENGTH } from '../../limits';
import { fail, pass, type AnswerCheck } from '../define';

/**
 * An uploaded file as an answer holds it: `id` (the upload's UUID), `name` (the file's name as the respondent's
 * device gave it, cleaned: a display name only, never a path), `size` in bytes, and `contentType` (the type the
 * server determined from the extension and the first bytes, never the client's claim).
 */
export interface UploadReference {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

/** An upload's id: a UUID (the flows service makes UUIDv7s), lower-case hex. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The longest content type kept (RFC 6838 §4.2: 127 characters for each of type and subtype). */
const CONTENT_TYPE_MAX_LENGTH = 255;

/** Whether `value` is an object (not an array, not null). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` as an {@link UploadReference} (only its four keys kept), or `null` when it is not one: `id` a UUID, `name`
 * a non-blank string of at most `UPLOAD_NAME_MAX_LENGTH` characters, `size` a whole number of bytes ≥ 0,
 * `contentType` a non-blank string of at most 255 characters.
 */
export function toUploadReference(value: unknown): UploadReference | null {
  if (!isRecord(value)) return null;
  const { id, name, size, contentType } = value;
  if (typeof id !== 'string' || !UPLOAD_ID_PATTERN.test(id)) return null;
  if (typeof name !== 'string' || name.trim() === '' || name.length > UPLOAD_NAME_MAX_LENGTH) return null;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return null;
  if (typeof contentType !== 'string' || contentType.trim() === '' || contentType.length > CONTENT_TYPE_MAX_LENGTH) return null;
  return { id, name, size, contentType };
}

/**
 * The references a normalized answer holds: the answer itself when it is one reference (a Signature), its references
 * when it is a list (a FileUpload), none otherwise. Never throws.
 */
export function uploadReferencesIn(value: unknown): UploadReference[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => toUploadReference(item) ?? []);
}

/**
 * `value` (a normalized answer: one reference, or a list of them) with each reference replaced by `replace(reference)`
 * — how the flows service swaps the references a respondent sent for the stored ones. Anything else is returned
 * as it is.
 */
export function mapUploadReferences(value: unknown, replace: (reference: UploadReference) => UploadReference): unknown {
  if (Array.isArray(value)) return value.map((item) => mapUploadReferences(item, replace));
  const reference = toUploadReference(value);
  return reference ? replace(reference) : value;
}

/** The file type presets of a FileUpload question; `any` takes every file. */
export const FILE_TYPE_PRESETS = ['images', 'documents', 'any'] as const;
/** `images`, `documents` or `any`. */
export type FileTypePreset = (typeof FILE_TYPE_PRESETS)[number];

/**
 * The extensions of each preset but `any` (lower case, no dot): images browsers and phones make, and office
 * documents (ours).
 */
export const PRESET_EXTENSIONS: { readonly [P in Exclude<FileTypePreset, 'any'>]: readonly string[] } = {
  images: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'heif'],
  documents: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'],
};

/** The media type of each extension the product knows (IANA registrations); others are `application/octet-stream`. */
export const EXTENSION_CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  html: 'text/html',
  htm: 'text/html',
};

/** The type of a file of unknown kind (RFC 2046 §4.5.1). */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** The lower-case extension of a file name, without the dot (`'CV.PDF'` → `'pdf'`); `''` when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The media type of a file name by its extension ({@link EXTENSION_CONTENT_TYPES}; {@link UNKNOWN_CONTENT_TYPE} otherwise). */
export function contentTypeOfName(name: string): string {
  return EXTENSION_CONTENT_TYPES[extensionOf(name)] ?? UNKNOWN_CONTENT_TYPE;
}

/** What a question takes: its extensions (lower case, no dot; `null` = any file), the largest file in bytes, how many files. */
export interface UploadPolicy {
  extensions: readonly string[] | null;
  maxBytes: number;
  maxFiles: number;
}

/**
 * A size as a person reads it: '10 MB', '2.5 MB', '300 KB', '12 bytes' (MB and KB of 2^20 and 2^10 bytes, one decimal
 * at most, no trailing '.0').
 */
export function formatFileSize(bytes: number): string {
  const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= UPLOAD_BYTES_PER_MB) return `${oneDecimal(bytes / UPLOAD_BYTES_PER_MB)} MB`;
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** The extensions of a policy as the messages list them ('pdf, doc, docx'); `''` for any file. */
export function extensionsText(policy: Pick<UploadPolicy, 'extensions'>): string {
  return policy.extensions ? policy.extensions.join(', ') : '';
}

/**
 * Why a file named `name` of `size` bytes is refused by `policy`, or `null` when it is taken: its extension is not
 * one of the policy's (`copy.uploads.expectedTypes`), or it is larger than `maxBytes` (`copy.uploads.fileTooLarge`).
 */
export function fileProblem(policy: UploadPolicy, file: { name: string; size: number }): string | null {
  if (policy.extensions && !policy.extensions.includes(extensionOf(file.name))) return copy.uploads.expectedTypes(extensionsText(policy));
  if (file.size > policy.maxBytes) return copy.uploads.fileTooLarge(formatFileSize(policy.maxBytes));
  return null;
}

/**
 * Checks a NON-empty answer that is a list of upload references against `policy`: a list (a single reference is
 * taken as a list of one) of at most `maxFiles` references (`copy.uploads.tooManyFiles`), each well formed
 * (`copy.uploads.invalidFile`), named once (`copy.uploads.invalidFile` for a repeated id) and taken by the policy
 * ({@link fileProblem}). Normalized: the references with only their four keys, in the order given.
 */
export function checkUploadList(value: unknown, policy: UploadPolicy): AnswerCheck {
  const items = Array.isArray(value) ? value : [value];
  if (items.length > policy.maxFiles) return fail(copy.uploads.tooManyFiles(policy.maxFiles));
  const references: UploadReference[] = [];
  for (const item of items) {
    const reference = toUploadReference(item);
    if (!reference || references.some((seen) => seen.id === reference.id)) return fail(copy.uploads.invalidFile);
    const problem = fileProblem(policy, reference);
    if (problem) return fail(problem);
    references.push(reference);
  }
  return pass(references);
}

/**
 * The text of a list of files: their names joined with ', ' ('cv.pdf, photo.png'), each followed by its link in
 * parentheses when `fileUrl` is given ('cv.pdf (https://…)'). Anything that is no reference is left out.
 */
export function displayUploads(value: unknown, fileUrl?: (file: UploadReference) => string): string {
  return uploadReferencesIn(value)
    .map((file) => (fileUrl ? `${file.name} (${fileUrl(file)})` : file.name))
    .join(', ');
}
