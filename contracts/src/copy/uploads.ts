/**
 * Uploaded files: FileUpload and Signature questions (`answers/file-upload.ts`, `answers/signature.ts`), the upload
 * and download calls (`api/flows/uploads.ts`) and the public form's renderers. spec 000 §5 gives 'File is too
 * large' and the 'Expected PDF, doc, docx' pattern; the rest is ours.
 */
export const uploads = {
  /** spec 000 §5 (PDF upload), with the largest size allowed (`max`: '10 MB'). */
  fileTooLarge: (max: string) => `File is too large. Files can be up to ${max}`,
  /** spec 000 §5 ('Expected PDF, doc, docx'): the extensions a question takes (`list`: 'pdf, doc, docx'). */
  expectedTypes: (list: string) => `Expected ${list}`,
  /** ours: a file whose first bytes are not those of its extension's type (a `.png` that is no PNG). */
  contentMismatch: 'The file’s content does not match its type',
  /** ours: a file of 0 bytes. */
  emptyFile: 'The file is empty',
  /** ours: an upload request without a file, or with more than one. */
  oneFileNeeded: 'Send exactly one file',
  /** ours: an upload for a question that takes no files. */
  notAFileQuestion: 'This question does not take files',
  /** ours: a download (or an answer) naming an upload that does not exist for this form. */
  fileNotFound: 'File not found',
  /** ours: an answer naming a file uploaded for another question of the form. */
  otherQuestionsFile: 'This file was uploaded for another question',
  /** ours: an answer naming a file another response already sent. */
  alreadyUsed: 'This file was already sent with another response. Please upload it again',
  /** ours: `POST /admin/fileupload` without a valid flow id header. */
  flowIdRequired: 'Name the form in the x-flow-id header',
  /** ours: public uploads over `PUBLIC_UPLOADS_PER_ADDRESS_MAX`. */
  tooManyUploads: 'Too many uploads from your network. Please try again in a few minutes',
  /** ours: a FileUpload question listing an extension twice (saving refuses it). */
  duplicateExtension: (extension: string) => `"${extension}" is listed more than once`,
  /** ours: a FileUpload answer with more files than the question takes. */
  tooManyFiles: (max: number) => `Please upload at most ${max} ${max === 1 ? 'file' : 'files'}`,
  /** ours: an answer whose file reference is malformed (not one the upload call returned). */
  invalidFile: 'Please upload the file again',
  /** ours: the text of a signed Signature answer (results, export, email). */
  signed: 'Signed',
  /** ours: the public form's drop zone and file list. */
  chooseFile: 'Choose a file',
  chooseFiles: 'Choose files',
  dropHint: 'or drop it here',
  dropHintMany: 'or drop them here',
  uploading: 'Uploading…',
  uploadFailed: 'The upload failed. Please try again',
  remove: (name: string) => `Remove ${name}`,
  /** ours: the hint under a FileUpload question (`types`: 'pdf, doc, docx' or 'any type'; `max`: '10 MB'). */
  limitsHint: (types: string, max: string, files: number) =>
    `${types === '' ? 'Any type' : types}, up to ${max}${files > 1 ? ` each, at most ${files} files` : ''}`,
  /** ours: the Signature renderer. */
  drawHint: 'Draw your signature in the box',
  clear: 'Clear',
  typeInstead: 'Type your name instead',
  drawInstead: 'Draw instead',
  typedName: 'Your name',
  signatureSaved: 'Signature saved',
  /** ours: the preview of the editor, which uploads nothing. */
  previewOnly: 'Preview: files are not uploaded',
} as const;
