/**
 * FileUpload's answer rules: the respondent uploads one or more files (through the public upload call, before
 * submitting), and the answer is the list of their upload references (`answers/shared/uploads.ts`). Which files a
 * question takes is its settings: a preset of types (`images`, `documents`, `any`) or a list of extensions, the
 * largest file in MB and how many files. Zod-free (`answers/define.ts`).
 */
import { FILE_UPLOAD_DEFAULT_MAX_MB, UPLOAD_BYTES_PER_MB } from '../limits';
import { defineAnswerRules } from './define';
import {
  checkUploadList,
  displayUploads,
  PRESET_EXTENSIONS,
  uploadReferencesIn,
  type FileTypePreset,
  type UploadPolicy,
} from './shared/uploads';

/** The template fields of a FileUpload question. */
export interface FileUploadSettings {
  /** A preset (`images`, `documents`, `any`) or a list of extensions (lower case, no dot); unset: `any`. */
  allowedTypes?: FileTypePreset | readonly string[];
  /** The largest file in MB (2^20 bytes); unset: `FILE_UPLOAD_DEFAULT_MAX_MB` (10). */
  maxSizeMb?: number;
  /** How many files the question takes, 1–10; unset: 1. */
  maxFiles?: number;
}

/** The settings of a new FileUpload question, and the values of unset ones. */
export const FILE_UPLOAD_DEFAULTS = { allowedTypes: 'any', maxSizeMb: FILE_UPLOAD_DEFAULT_MAX_MB, maxFiles: 1 } as const;

/**
 * The extensions a FileUpload question takes (lower case, no dot), or `null` for any file: a preset's list
 * (`PRESET_EXTENSIONS`), or the question's own list.
 */
export function allowedExtensions(allowedTypes: FileUploadSettings['allowedTypes']): readonly string[] | null {
  if (allowedTypes === undefined || allowedTypes === 'any') return null;
  if (typeof allowedTypes === 'string') return PRESET_EXTENSIONS[allowedTypes];
  return allowedTypes.map((extension) => extension.toLowerCase());
}

/**
 * What a FileUpload question takes: its extensions ({@link allowedExtensions}), the largest file in bytes
 * (`maxSizeMb` × 2^20, rounded down; 10 MB when unset) and how many files (1 when unset). The flows service also
 * caps the size at its `FILE_UPLOAD_MAX_MB`.
 */
export function fileUploadPolicy(template: FileUploadSettings): UploadPolicy {
  return {
    extensions: allowedExtensions(template.allowedTypes),
    maxBytes: Math.floor((template.maxSizeMb ?? FILE_UPLOAD_DEFAULTS.maxSizeMb) * UPLOAD_BYTES_PER_MB),
    maxFiles: template.maxFiles ?? FILE_UPLOAD_DEFAULTS.maxFiles,
  };
}

/**
 * FileUpload: a list of upload references (one reference alone is taken as a list of one), at most `maxFiles`
 * (`copy.uploads.tooManyFiles`), each well formed and named once (`copy.uploads.invalidFile`), of an allowed
 * extension (`copy.uploads.expectedTypes`) and not larger than the question's maximum (`copy.uploads.fileTooLarge`);
 * stored as the list of references. The flows service then checks each was uploaded for this form and question
 * and is no other response's. Its text is the file names ('cv.pdf, photo.png'), each with its link where the
 * reader can follow one (results, exports, emails: 'cv.pdf (https://…)').
 */
export const fileUploadRules = defineAnswerRules({
  type: 'FileUpload',
  checkAnswer: (value, template: FileUploadSettings) => checkUploadList(value, fileUploadPolicy(template)),
  displayAnswer: (value, _widget, options) => displayUploads(value, options?.fileUrl),
  files: (value) => uploadReferencesIn(value),
  uploadPolicy: (template) => fileUploadPolicy(template),
});
