/**
 * What the flows service checks of an uploaded file's name and bytes (`uploads.ts`): the name is cleaned into a
 * display name, and the first bytes must be those of the type the extension names where that type has a signature
 * ("magic number": PNG, JPEG, GIF, WebP, HEIC, PDF, the ZIP of office documents, the OLE file of older ones, RTF,
 * WAV, MP4) — or, for text types, hold no NUL byte. A download is served with a type a browser shows without
 * running anything, or as `application/octet-stream`.
 *
 * Sources: the signatures of the WHATWG MIME Sniffing standard §7.1 (images), §7.2 (audio and video), PDF 1.7
 * §7.5.2 ('%PDF-'), the ZIP application note §4.3.7 ('PK\x03\x04'), the Compound File Binary format §2.2 (OLE).
 */
import { Transform, type TransformCallback } from 'node:stream';
import * as copy from '@formloom/contracts/copy';
import type { THEME_IMAGE_CONTENT_TYPES } from '@formloom/contracts/api/flows/themes';
import { DOWNLOAD_MEDIA_TYPES } from '@formloom/contracts/api/flows/uploads';
import { extensionOf, formatFileSize } from '@formloom/contracts/answers/shared/uploads';
import { UPLOAD_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { invalid, tooLarge, unsupportedType } from '@formloom/kit/errors';

/** Bytes at an offset of a file's start. */
interface Segment {
  offset: number;
  bytes: readonly number[];
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
const PNG: Segment[] = [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }];
const JPEG: Segment[] = [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }];
const ZIP: Segment[] = [{ offset: 0, bytes: ascii('PK\u0003\u0004') }];
const OLE: Segment[] = [{ offset: 0, bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }];
const ISO_MEDIA: Segment[] = [{ offset: 4, bytes: ascii('ftyp') }];

/** Each extension whose type has a signature: the alternatives (a file must match one, every segment of it). */
const SIGNATURES: Readonly<Record<string, readonly (readonly Segment[])[]>> = {
  png: [PNG],
  jpg: [JPEG],
  jpeg: [JPEG],
  gif: [[{ offset: 0, bytes: ascii('GIF87a') }], [{ offset: 0, bytes: ascii('GIF89a') }]],
  webp: [[{ offset: 0, bytes: ascii('RIFF') }, { offset: 8, bytes: ascii('WEBP') }]],
  heic: [ISO_MEDIA],
  heif: [ISO_MEDIA],
  pdf: [[{ offset: 0, bytes: ascii('%PDF-') }]],
  docx: [ZIP],
  xlsx: [ZIP],
  pptx: [ZIP],
  odt: [ZIP],
  ods: [ZIP],
  odp: [ZIP],
  zip: [ZIP],
  doc: [OLE],
  xls: [OLE],
  ppt: [OLE],
  rtf: [[{ offset: 0, bytes: ascii('{\\rtf') }]],
  wav: [[{ offset: 0, bytes: ascii('RIFF') }, { offset: 8, bytes: ascii('WAVE') }]],
  mp4: [ISO_MEDIA],
  mov: [ISO_MEDIA],
};

/** Text types: their first bytes hold no NUL (a binary file renamed `.txt` is refused). */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'json']);

/** How many first bytes are looked at. */
export const SNIFF_BYTES = 512;

/**
 * Whether `head` (the file's first bytes: {@link SNIFF_BYTES}, or the whole file when shorter) fits extension
 * `extension`: one of its signatures matches, or a text type's bytes hold no NUL; an extension without a known
 * signature always fits.
 */
export function contentFits(extension: string, head: Uint8Array): boolean {
  if (TEXT_EXTENSIONS.has(extension)) return !head.includes(0);
  const alternatives = SIGNATURES[extension];
  if (!alternatives) return true;
  return alternatives.some((segments) => segments.every(({ offset, bytes }) => bytes.every((byte, index) => head[offset + index] === byte)));
}

/** The image types whose first bytes {@link imageTypeOf} knows, with the extension whose signature each has. */
const IMAGE_SIGNATURES: ReadonlyArray<readonly [ImageContentType, string]> = [
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
];

/** An image type a theme or a form shows: PNG, JPEG, GIF or WebP (`THEME_IMAGE_CONTENT_TYPES`). */
export type ImageContentType = (typeof THEME_IMAGE_CONTENT_TYPES)[number];

/**
 * The image type `head` (a file's first bytes, as {@link contentFits} takes them) is by its signature — PNG, JPEG, GIF
 * or WebP (WHATWG MIME Sniffing §7.1) — or null for anything else (SVG, HTML, text …).
 */
export function imageTypeOf(head: Uint8Array): ImageContentType | null {
  return IMAGE_SIGNATURES.find(([, extension]) => contentFits(extension, head))?.[0] ?? null;
}

/**
 * Control characters (`\p{Cc}`), and the bidirectional marks, overrides and isolates that disguise an extension (a
 * name `cv<U+202E>fdp.exe` shows as `cvexe.pdf`).
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A display name for a file from the name a client sent (`%22` read as the quote browsers encode so): only the part
 * after the last `/` or `\` (never a path),
 * NFC, without control or bidirectional-override characters, spaces collapsed and trimmed, cut to
 * `UPLOAD_NAME_MAX_LENGTH` characters with its extension kept; `file` (with the extension, if any) when nothing is
 * left. The storage never sees it: objects are keyed by ids (`storage/file-storage.ts`).
 */
export function cleanFileName(raw: string | undefined): string {
  // Browsers write a quote in a multipart file name as `%22` (HTML's multipart/form-data encoding algorithm).
  const base = (raw ?? '').replace(/%22/g, '"').split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(/\s+/g, ' ').replace(UNSAFE_NAME_CHARACTERS, '').trim();
  const extension = extensionOf(cleaned);
  const stem = extension ? cleaned.slice(0, -(extension.length + 1)) : cleaned;
  if (stem.replace(/\./g, '').trim() === '') return extension ? `file.${extension}` : 'file';
  if ([...cleaned].length <= UPLOAD_NAME_MAX_LENGTH) return cleaned;
  const suffix = extension ? `.${extension}` : '';
  return [...stem].slice(0, UPLOAD_NAME_MAX_LENGTH - [...suffix].length).join('').trimEnd() + suffix;
}

/**
 * The type a download is served as: `contentType` when it is one of `DOWNLOAD_MEDIA_TYPES` (text with
 * `; charset=utf-8`), `application/octet-stream` otherwise (HTML, SVG, scripts: never shown inline).
 */
export function safeDownloadType(contentType: string): string {
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(DOWNLOAD_MEDIA_TYPES as readonly string[]).includes(essence)) return 'application/octet-stream';
  return essence.startsWith('text/') ? `${essence}; charset=utf-8` : essence;
}

/**
 * What a file's first bytes ({@link SNIFF_BYTES}, or the whole file when shorter) must be: the error to fail the
 * upload with, or null when they are fine.
 */
export type HeadCheck = (head: Uint8Array) => Error | null;

/**
 * The check an upload's bytes pass through on their way to the storage: it counts them and fails the stream with
 * 413 `copy.uploads.fileTooLarge` as soon as they pass `maxBytes` (nothing more is read), with what `fits` says of
 * the first bytes — given an extension, 415 `copy.uploads.contentMismatch` when they do not fit it
 * ({@link contentFits}); given a {@link HeadCheck}, its error — and with 400 `copy.uploads.emptyFile` for an empty
 * file. The storage then keeps nothing (`FileStorage.put`).
 */
export class UploadCheck extends Transform {
  /** Bytes seen so far. */
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;
  private readonly checkHead: HeadCheck;

  constructor(
    private readonly maxBytes: number,
    fits: string | HeadCheck,
  ) {
    super();
    this.checkHead =
      typeof fits === 'function' ? fits : (head) => (contentFits(fits, head) ? null : unsupportedType(copy.uploads.contentMismatch));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(tooLarge(copy.uploads.fileTooLarge(formatFileSize(this.maxBytes)), { maxBytes: this.maxBytes }));
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) {
        const problem = this.sniff();
        if (problem) return callback(problem);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes === 0) return callback(invalid(copy.uploads.emptyFile, [{ path: 'file', message: copy.uploads.emptyFile }]));
    callback(this.sniffed ? null : this.sniff());
  }

  /** Checks the first bytes once; the error to fail with, or null. */
  private sniff(): Error | null {
    this.sniffed = true;
    const head = Buffer.concat(this.head).subarray(0, SNIFF_BYTES);
    this.head = [];
    return this.checkHead(head);
  }
}
