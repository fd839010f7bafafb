/**
 * FileUpload (Fillout's name): the respondent uploads files — a CV, photos, a scanned form. The files go to the
 * flows service through the public upload call before the form is submitted; the answer is the list of their upload
 * references.
 */
import { z } from 'zod';
import * as copy from '../copy';
import { FILE_UPLOAD_MAX_FILES, FILE_UPLOAD_MAX_MB_CAP, UPLOAD_EXTENSION_MAX_LENGTH, UPLOAD_EXTENSIONS_MAX } from '../limits';
import { FILE_UPLOAD_DEFAULTS, fileUploadRules } from '../answers/file-upload';
import { FILE_TYPE_PRESETS } from '../answers/shared/uploads';
import { defineWidget, widgetTemplate, type SettingError } from './define-widget';

export { allowedExtensions, FILE_UPLOAD_DEFAULTS, fileUploadPolicy } from '../answers/file-upload';

/** An extension a question lists: letters and digits, 1–10 characters, no dot (`pdf`, `JPG`; compared in lower case). */
export const FileExtension = z.string().regex(new RegExp(`^[A-Za-z0-9]{1,${UPLOAD_EXTENSION_MAX_LENGTH}}$`), {
  message: 'Use letters and digits only, without the dot',
});

/**
 * The FileUpload widget type.
 * - Settings: `allowedTypes`, a preset (`images`: png, jpg, jpeg, gif, webp, heic, heif; `documents`: pdf, doc,
 *   docx, xls, xlsx, ppt, pptx, odt, ods, odp, rtf, txt, csv; `any`, the default) or a list of 1–50 extensions
 *   (each named once, in any case: `copy.uploads.duplicateExtension` at `allowedTypes.<i>`); `maxSizeMb`, the
 *   largest file in MB (> 0, at most `FILE_UPLOAD_MAX_MB_CAP` = 100; default 10; the flows service's
 *   `FILE_UPLOAD_MAX_MB` caps it too); `maxFiles`, 1–10 (default 1).
 * - Answer: the list of upload references of the files (`answers/file-upload.ts`).
 * - Text: the file names, with links in results, exports and emails.
 */
export const fileUpload = defineWidget({
  ...fileUploadRules,
  template: widgetTemplate({
    allowedTypes: z.union([z.enum(FILE_TYPE_PRESETS), z.array(FileExtension).min(1).max(UPLOAD_EXTENSIONS_MAX)]).optional(),
    maxSizeMb: z.number().positive().max(FILE_UPLOAD_MAX_MB_CAP).optional(),
    maxFiles: z.number().int().min(1).max(FILE_UPLOAD_MAX_FILES).optional(),
  }),
  editor: { name: 'File upload', defaultLabel: 'Upload a file', hint: 'Files of the types and size you choose' },
  settingErrors({ allowedTypes }) {
    if (!Array.isArray(allowedTypes)) return [];
    const errors: SettingError[] = [];
    const seen = new Set<string>();
    allowedTypes.forEach((extension, index) => {
      const key = extension.toLowerCase();
      if (seen.has(key)) errors.push({ path: `allowedTypes.${index}`, message: copy.uploads.duplicateExtension(key) });
      seen.add(key);
    });
    return errors;
  },
  newSettings: () => ({ ...FILE_UPLOAD_DEFAULTS }),
  sample: {
    settings: { allowedTypes: 'documents', maxSizeMb: 5, maxFiles: 2 },
    answer: [{ id: '0190a0b0-0000-7000-8000-000000000001', name: 'cv.pdf', size: 1234, contentType: 'application/pdf' }],
    display: 'cv.pdf',
  },
});
