/**
 * The answer rules of uploaded files (`answers/shared/uploads.ts`, FileUpload and Signature): the references an
 * answer holds, what a question takes, the texts with and without links, and the settings a FileUpload question
 * may have. The service's side (files uploaded for this form and question, no other response's) is proven in
 * `services/flows/test/uploads.test.ts`.
 */
import { answerFiles, displayAnswer, uploadPolicyOf } from '../src/answers/registry';
import {
  checkUploadList,
  contentTypeOfName,
  extensionOf,
  fileProblem,
  formatFileSize,
  mapUploadReferences,
  toUploadReference,
  uploadReferencesIn,
  type UploadReference,
} from '../src/answers/shared/uploads';
import * as copy from '../src/copy';
import type { Widget } from '../src/entities/flow-template';
import { FILE_UPLOAD_MAX_MB_CAP, SIGNATURE_MAX_BYTES } from '../src/limits';
import { operatorsFor } from '../src/rules/conditions';
import { toSubmissionQuestions } from '../src/rules/submission-questions';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { fileUpload, fileUploadPolicy } from '../src/widgets/file-upload';
import { newWidget, widgetSettingErrors } from '../src/widgets/registry';
import { allWidgetsTemplate, setAt } from './fixtures';

const CV: UploadReference = { id: '0190a0b0-0000-7000-8000-0000000000c1', name: 'cv.pdf', size: 1234, contentType: 'application/pdf' };
const PHOTO: UploadReference = { id: '0190a0b0-0000-7000-8000-0000000000c2', name: 'me.png', size: 10, contentType: 'image/png' };
const SIGNED: UploadReference = { id: '0190a0b0-0000-7000-8000-0000000000c3', name: 'signature.png', size: 99, contentType: 'image/png' };

const files: Widget = { id: 'files', name: 'Files', type: 'FileUpload', template: { label: 'Files', required: false, maxFiles: 3 } };
const signature: Widget = { id: 'sig', name: 'Sign', type: 'Signature', template: { label: 'Sign', required: false } };
const text: Widget = { id: 'name', name: 'Name', type: 'ShortAnswer', template: { label: 'Name', required: false } };
const link = (file: UploadReference) => `https://forms.example.com/admin/flows/abc/uploads/${file.id}`;

describe('upload references', () => {
  it('keeps the four keys of a well-formed reference and refuses the rest', () => {
    expect(toUploadReference({ ...CV, url: 'x' })).toEqual(CV);
    expect(toUploadReference({ ...CV, id: 'CV' })).toBeNull();
    expect(toUploadReference({ ...CV, id: CV.id.toUpperCase() })).toBeNull();
    expect(toUploadReference({ ...CV, size: -1 })).toBeNull();
    expect(toUploadReference({ ...CV, size: 1.5 })).toBeNull();
    expect(toUploadReference({ ...CV, name: '' })).toBeNull();
    expect(toUploadReference({ ...CV, contentType: 7 })).toBeNull();
    expect(toUploadReference([CV])).toBeNull();
    expect(toUploadReference(null)).toBeNull();
  });

  it('finds and replaces the references of an answer, one or a list', () => {
    expect(uploadReferencesIn([CV, 'junk', PHOTO])).toEqual([CV, PHOTO]);
    expect(uploadReferencesIn(SIGNED)).toEqual([SIGNED]);
    expect(uploadReferencesIn('cv.pdf')).toEqual([]);
    const renamed = (file: UploadReference) => ({ ...file, name: `stored-${file.name}` });
    expect(mapUploadReferences([CV, PHOTO], renamed)).toEqual([renamed(CV), renamed(PHOTO)]);
    expect(mapUploadReferences(SIGNED, renamed)).toEqual(renamed(SIGNED));
    expect(mapUploadReferences('text', renamed)).toBe('text');
  });

  it('reads extensions in lower case and knows their types', () => {
    expect(extensionOf('CV.Final.PDF')).toBe('pdf');
    expect(extensionOf('.htaccess')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(contentTypeOfName('photo.JPG')).toBe('image/jpeg');
    expect(contentTypeOfName('archive.7z')).toBe('application/octet-stream');
  });

  it('writes sizes as a person reads them (MB of 2^20 bytes)', () => {
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(300 * 1024)).toBe('300 KB');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(12)).toBe('12 bytes');
  });
});

describe('what a question takes', () => {
  it('a FileUpload: its preset or extensions, 10 MB and one file unless it says otherwise', () => {
    expect(fileUploadPolicy({})).toEqual({ extensions: null, maxBytes: 10 * 1024 * 1024, maxFiles: 1 });
    expect(fileUploadPolicy({ allowedTypes: 'images', maxSizeMb: 2.5, maxFiles: 4 })).toEqual({
      extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'heif'],
      maxBytes: 2.5 * 1024 * 1024,
      maxFiles: 4,
    });
    expect(fileUploadPolicy({ allowedTypes: ['PDF', 'Png'] }).extensions).toEqual(['pdf', 'png']);
    expect(uploadPolicyOf(files)).toEqual({ extensions: null, maxBytes: 10 * 1024 * 1024, maxFiles: 3 });
  });

  it('a Signature: one PNG of at most 1 MB; other types take no uploads', () => {
    expect(uploadPolicyOf(signature)).toEqual({ extensions: ['png'], maxBytes: SIGNATURE_MAX_BYTES, maxFiles: 1 });
    expect(uploadPolicyOf(text)).toBeUndefined();
  });

  it('names the problem of a file: its type first, then its size', () => {
    const policy = { extensions: ['pdf'], maxBytes: 100, maxFiles: 1 };
    expect(fileProblem(policy, { name: 'a.pdf', size: 100 })).toBeNull();
    expect(fileProblem(policy, { name: 'a.pdf', size: 101 })).toBe(copy.uploads.fileTooLarge('100 bytes'));
    expect(fileProblem(policy, { name: 'a.exe', size: 101 })).toBe(copy.uploads.expectedTypes('pdf'));
    expect(checkUploadList([], policy)).toEqual({ ok: true, value: [] });
  });
});

describe('the texts of uploaded files', () => {
  it('reads as the file names, or "Signed"; with links where a reader can follow one', () => {
    expect(displayAnswer([CV, PHOTO], files)).toBe('cv.pdf, me.png');
    expect(displayAnswer([CV, PHOTO], files, { fileUrl: link })).toBe(`cv.pdf (${link(CV)}), me.png (${link(PHOTO)})`);
    expect(displayAnswer(SIGNED, signature)).toBe(copy.uploads.signed);
    expect(displayAnswer(SIGNED, signature, { fileUrl: link })).toBe(`Signed (${link(SIGNED)})`);
    expect(displayAnswer('Ada', text, { fileUrl: link })).toBe('Ada');
    expect(displayAnswer([], files)).toBe('');
    expect(displayAnswer({ odd: true }, signature)).toBe(copy.uploads.signed);
  });

  it('answerFiles lists the files of file answers only', () => {
    expect(answerFiles([CV, PHOTO], files)).toEqual([CV, PHOTO]);
    expect(answerFiles(SIGNED, signature)).toEqual([SIGNED]);
    expect(answerFiles(null, signature)).toEqual([]);
    expect(answerFiles('cv.pdf', text)).toEqual([]);
  });

  it('the submission questions carry the links when asked', () => {
    const template = allWidgetsTemplate();
    const questions = toSubmissionQuestions(template, { fileupload: [CV], signature: SIGNED }, { fileUrl: link });
    expect(questions.find((question) => question.id === 'fileupload')).toMatchObject({ value: [CV], displayValue: `cv.pdf (${link(CV)})` });
    expect(questions.find((question) => question.id === 'signature')).toMatchObject({ value: SIGNED, displayValue: `Signed (${link(SIGNED)})` });
  });

  it('conditions on a file question ask only whether it is answered', () => {
    expect(operatorsFor('FileUpload')).toEqual(['isEmpty', 'isNotEmpty']);
    expect(operatorsFor('Signature')).toEqual(['isEmpty', 'isNotEmpty']);
  });
});

describe('a FileUpload question’s settings', () => {
  // The fixture's `fileupload` question, wherever it sits on page p1: its errors' paths start with `at`.
  const page = allWidgetsTemplate().steps.p1;
  const index = page?.type === 'form' ? page.template.widgets.findIndex((widget) => widget.id === 'fileupload') : -1;
  const at = `steps.p1.template.widgets.${index}.template`;
  const errorsWith = (settings: Record<string, unknown>) => {
    const json = allWidgetsTemplate();
    for (const [key, value] of Object.entries(settings)) setAt(json, `${at}.${key}`, value);
    const result = validateFlowTemplate(json);
    return result.ok ? [] : result.errors.map((error) => error.path.replace(at, 'T'));
  };

  it('a new question takes any single file up to 10 MB', () => {
    expect(newWidget('FileUpload', 'w1', (prefix) => prefix).template).toEqual({
      label: 'Upload a file',
      required: false,
      allowedTypes: 'any',
      maxSizeMb: 10,
      maxFiles: 1,
    });
  });

  it('takes a preset or 1–50 extensions, a size above 0 up to the cap, and 1–10 files', () => {
    expect(errorsWith({ allowedTypes: ['pdf', 'PNG'], maxSizeMb: FILE_UPLOAD_MAX_MB_CAP, maxFiles: 10 })).toEqual([]);
    expect(errorsWith({ allowedTypes: 'videos' })).toEqual(['T.allowedTypes']);
    expect(errorsWith({ allowedTypes: [] })).toEqual(['T.allowedTypes']);
    expect(errorsWith({ allowedTypes: ['.pdf'] })).toEqual(['T.allowedTypes.0']);
    expect(errorsWith({ maxSizeMb: FILE_UPLOAD_MAX_MB_CAP + 1 })).toEqual(['T.maxSizeMb']);
    expect(errorsWith({ maxSizeMb: 0 })).toEqual(['T.maxSizeMb']);
    expect(errorsWith({ maxFiles: 11 })).toEqual(['T.maxFiles']);
    expect(errorsWith({ maxFiles: 0 })).toEqual(['T.maxFiles']);
  });

  it('names an extension listed twice (in any case)', () => {
    const widget = fileUpload.schema.parse({ ...files, template: { ...files.template, allowedTypes: ['pdf', 'PDF', 'doc'] } }) as Widget;
    expect(widgetSettingErrors(widget)).toEqual([{ path: 'allowedTypes.1', message: copy.uploads.duplicateExtension('pdf') }]);
  });
});
