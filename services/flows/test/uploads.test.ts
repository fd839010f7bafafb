/**
 * Uploaded files end to end on the real service (in-memory PGlite, the local file storage in a temporary
 * directory): a respondent's upload to a question of a published form and its limits (size, type, first bytes,
 * count, unknown question, closed form), a submission naming the upload (stored as the server knows it, with links
 * in its texts), the owners' download and who may not download, an upload named twice, the editor's upload
 * (`POST /admin/fileupload`), a form's images served to anyone (and respondents' files never), saved progress, and the
 * sweep of files no response refers to.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { publishFlow, unpublishFlow, deleteFlow } from '@formloom/contracts/api/flows/flows';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { listSubmissions, submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { adminFileUpload, downloadUpload, getFormImage, uploadFile } from '@formloom/contracts/api/flows/uploads';
import type { UploadReference } from '@formloom/contracts/answers/shared/uploads';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import { UNREFERENCED_UPLOAD_TTL_MS } from '@formloom/contracts/limits';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { sweepUploads } from '../src/domain/uploads';
import { countRows, createFlow, outboxRows, setup, type Harness, type UserKey } from './helpers';

const PUBLIC_URL = 'https://forms.example.com';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** File contents whose first bytes are those of their type. */
const bytes = {
  pdf: (size = 64) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]),
  png: (size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, size - 8), 1)]),
  text: (text: string) => Buffer.from(text),
};

let h: Harness;
let storageDir: string;
beforeAll(async () => {
  storageDir = mkdtempSync(path.join(tmpdir(), 'flows-uploads-'));
  h = await setup({ env: { FILE_STORAGE_DIR: storageDir, PUBLIC_URL, PUBLIC_UPLOADS_RATE_LIMIT: '0' } });
});
afterAll(async () => {
  await h.service.close();
  rmSync(storageDir, { recursive: true, force: true });
});

/** A form: `files` (documents, ≤ 1 MB, ≤ 2 files, required), `photo` (images), `anything` (any type), `sig`, `name`. */
function uploadTemplate(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: {
        id: 'p1',
        name: 'Page 1',
        type: 'form',
        template: {
          widgets: [
            { id: 'files', name: 'Files', type: 'FileUpload', template: { label: 'Your CV', required: true, allowedTypes: 'documents', maxSizeMb: 1, maxFiles: 2 } },
            { id: 'photo', name: 'Photo', type: 'FileUpload', template: { label: 'A photo', required: false, allowedTypes: 'images' } },
            { id: 'anything', name: 'Anything', type: 'FileUpload', template: { label: 'Anything', required: false, allowedTypes: 'any' } },
            { id: 'sig', name: 'Signature', type: 'Signature', template: { label: 'Sign here', required: false } },
            { id: 'name', name: 'Name', type: 'ShortAnswer', template: { label: 'Name', required: false } },
          ],
        },
        nextStep: { defaultNextStep: 'p2' },
      },
      p2: {
        id: 'p2',
        name: 'Page 2',
        type: 'form',
        template: { widgets: [{ id: 'more', name: 'More', type: 'FileUpload', template: { label: 'More', required: false } }] },
        nextStep: { defaultNextStep: 'end' },
      },
      end: { id: 'end', name: 'Thanks', type: 'ending', template: { title: 'Thanks', body: '' }, nextStep: null },
    },
  };
}

/** Creates and publishes the upload form as `user`; returns its public identifier and numeric id. */
async function publishedForm(user: UserKey = 'writer'): Promise<{ publicIdentifier: string; id: number }> {
  const flow = await createFlow(h, { flowTemplate: uploadTemplate() }, user);
  const response = await h.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier: flow.publicIdentifier }, headers: h.headers[user] }));
  expect(response.statusCode).toBe(200);
  return { publicIdentifier: flow.publicIdentifier, id: flow.id };
}

/** A multipart body with the given files (part name `file`). */
function formData(...files: Array<{ name: string; content: Buffer; type?: string }>): FormData {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}

/** `POST /public/flows/:id/uploads?fieldId=` with `files`. */
function upload(publicIdentifier: string, fieldId: string, ...files: Array<{ name: string; content: Buffer; type?: string }>) {
  return h.service.app.inject({
    method: 'POST',
    url: `${pathOf(uploadFile, { publicIdentifier })}?fieldId=${encodeURIComponent(fieldId)}`,
    payload: formData(...files),
  });
}

/** Uploads one file and returns its reference (fails the test unless 201). */
async function uploaded(publicIdentifier: string, fieldId: string, name: string, content: Buffer): Promise<UploadReference> {
  const response = await upload(publicIdentifier, fieldId, { name, content });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<UploadReference>();
}

function submit(publicIdentifier: string, answers: Record<string, unknown>) {
  return h.service.app.inject(endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers } }));
}

function download(publicIdentifier: string, uploadId: string, user: UserKey = 'writer') {
  return h.service.app.inject(endpointRequest(downloadUpload, { params: { publicIdentifier, uploadId }, headers: h.headers[user] }));
}

async function uploadRows(): Promise<number> {
  const result = await h.service.ctx.db.execute(sql`SELECT count(*)::int AS n FROM uploads`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Every file under the storage directory (relative paths). */
function storedFiles(): string[] {
  return readdirSync(storageDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageDir, path.join(entry.parentPath, entry.name)));
}

describe('POST /public/flows/:publicIdentifier/uploads', () => {
  it('stores a file for a question of the live form and answers its reference; the bytes are under workspace/flow/id', async () => {
    const form = await publishedForm();
    const content = bytes.pdf(300);
    const response = await upload(form.publicIdentifier, 'files', { name: '../../etc/My CV.pdf', content, type: 'text/html' });
    expect(response.statusCode).toBe(201);
    const reference = response.json<UploadReference>();
    expect(reference).toEqual({ id: expect.stringMatching(UUID), name: 'My CV.pdf', size: 300, contentType: 'application/pdf' });
    expect(storedFiles()).toContain(path.join('1', String(form.id), reference.id));
  });

  it('refuses a file over the question’s size (413), of a type it does not take or whose bytes are another type’s (415), leaving nothing', async () => {
    const form = await publishedForm();
    const before = { rows: await uploadRows(), files: storedFiles().length };

    const big = await upload(form.publicIdentifier, 'files', { name: 'big.pdf', content: bytes.pdf(1024 * 1024 + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: { code: 'payload_too_large', message: copy.uploads.fileTooLarge('1 MB'), details: { maxBytes: 1024 * 1024 } } });
    const exactly = await upload(form.publicIdentifier, 'files', { name: 'max.pdf', content: bytes.pdf(1024 * 1024) });
    expect(exactly.statusCode).toBe(201);

    const exe = await upload(form.publicIdentifier, 'files', { name: 'setup.exe', content: Buffer.from('MZ') });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toMatchObject({ code: 'unsupported_media_type', message: copy.uploads.expectedTypes('pdf, doc, docx, xls, xlsx, ppt, pptx, odt, ods, odp, rtf, txt, csv') });

    const fakePng = await upload(form.publicIdentifier, 'photo', { name: 'photo.png', content: bytes.text('<html><script>alert(1)</script></html>') });
    expect(fakePng.statusCode).toBe(415);
    expect(fakePng.json().error).toEqual({ code: 'unsupported_media_type', message: copy.uploads.contentMismatch });
    const binaryText = await upload(form.publicIdentifier, 'files', { name: 'notes.txt', content: Buffer.from([0x41, 0x00, 0x42]) });
    expect(binaryText.statusCode).toBe(415);

    const empty = await upload(form.publicIdentifier, 'files', { name: 'empty.pdf', content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(copy.uploads.emptyFile);

    expect(await uploadRows()).toBe(before.rows + 1);
    expect(storedFiles()).toHaveLength(before.files + 1);
    expect(storedFiles().filter((file) => file.endsWith('.part'))).toEqual([]);
  });

  it('takes one file per request', async () => {
    const form = await publishedForm();
    const before = await uploadRows();
    const two = await upload(form.publicIdentifier, 'files', { name: 'a.pdf', content: bytes.pdf() }, { name: 'b.pdf', content: bytes.pdf() });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(copy.uploads.oneFileNeeded);
    const none = await h.service.app.inject({ method: 'POST', url: `${pathOf(uploadFile, form)}?fieldId=files`, payload: new FormData() });
    expect(none.statusCode).toBe(400);
    expect(await uploadRows()).toBe(before);
  });

  it('refuses an unknown question, a question that takes no files, a closed or unknown form, and bodies that are not multipart', async () => {
    const form = await publishedForm();
    const unknown = await upload(form.publicIdentifier, 'nope', { name: 'a.pdf', content: bytes.pdf() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([{ path: 'querystring.fieldId', message: copy.answers.unknownQuestion }]);
    const text = await upload(form.publicIdentifier, 'name', { name: 'a.pdf', content: bytes.pdf() });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(copy.uploads.notAFileQuestion);

    const json = await h.service.app.inject({ method: 'POST', url: `${pathOf(uploadFile, form)}?fieldId=files`, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toEqual({ code: 'unsupported_media_type', message: copy.errors.multipartExpected });

    const closed = await h.service.app.inject(endpointRequest(unpublishFlow, { params: { publicIdentifier: form.publicIdentifier }, headers: h.headers.writer }));
    expect(closed.statusCode).toBe(200);
    const afterClose = await upload(form.publicIdentifier, 'files', { name: 'a.pdf', content: bytes.pdf() });
    expect(afterClose.statusCode).toBe(404);
    expect(afterClose.json().error.message).toBe(copy.publicForm.formClosed);
    expect((await upload('nosuchform', 'files', { name: 'a.pdf', content: bytes.pdf() })).statusCode).toBe(404);
  });

  it('JSON bodies are still refused elsewhere, and multipart bodies too', async () => {
    const form = await publishedForm();
    const response = await h.service.app.inject({ method: 'POST', url: pathOf(submitAnswers, form), payload: formData({ name: 'a.pdf', content: bytes.pdf() }) });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(copy.errors.unsupportedMediaType);
  });
});

describe('submitting answers that name uploads', () => {
  it('stores the server’s references, texts with links, and claims the files; the owners download them', async () => {
    const form = await publishedForm();
    const cv = await uploaded(form.publicIdentifier, 'files', 'cv.pdf', bytes.pdf(100));
    const letter = await uploaded(form.publicIdentifier, 'files', 'letter.pdf', bytes.pdf(120));
    const signature = await uploaded(form.publicIdentifier, 'sig', 'signature.png', bytes.png(200));
    // The respondent's copy of a reference is not trusted: name, size and type come from the server.
    const forged = { ...cv, name: 'renamed.pdf', size: 1, contentType: 'application/x-forged' };
    const response = await submit(form.publicIdentifier, { files: [forged, letter], sig: signature, name: 'Ada' });
    expect(response.statusCode).toBe(201);
    const { submissionId } = response.json<{ submission: { submissionId: string } }>().submission;

    const link = (id: string) => `${PUBLIC_URL}/admin/flows/${form.publicIdentifier}/uploads/${id}`;
    const listed = await h.service.app.inject(endpointRequest(listSubmissions, { params: form, query: {}, headers: h.headers.writer }));
    const questions = listed.json<{ responses: Array<{ questions: Array<{ id: string; value: unknown; displayValue: string }> }> }>().responses[0]!.questions;
    const byId = Object.fromEntries(questions.map((question) => [question.id, question]));
    expect(byId.files).toEqual(expect.objectContaining({ value: [cv, letter], displayValue: `cv.pdf (${link(cv.id)}), letter.pdf (${link(letter.id)})` }));
    expect(byId.sig).toEqual(expect.objectContaining({ value: signature, displayValue: `Signed (${link(signature.id)})` }));

    const [event] = (await outboxRows(h, 'form.submitted')).filter((row) => row.envelope.data.submissionId === submissionId);
    const eventQuestions = (event!.envelope.data as unknown as FormSubmittedData).questions;
    expect(eventQuestions.find((question) => question.id === 'files')?.displayValue).toBe(byId.files!.displayValue);

    const file = await download(form.publicIdentifier, cv.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(bytes.pdf(100))).toBe(true);
    expect((await download(form.publicIdentifier, cv.id, 'reader')).statusCode).toBe(200);
  });

  it('refuses another workspace’s user the download (404) and an unknown file', async () => {
    const form = await publishedForm();
    const cv = await uploaded(form.publicIdentifier, 'files', 'cv.pdf', bytes.pdf());
    const outsider = await download(form.publicIdentifier, cv.id, 'outsider');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe(copy.flows.flowNotFound);
    const anonymous = await h.service.app.inject({ method: 'GET', url: pathOf(downloadUpload, { ...form, uploadId: cv.id }) });
    expect(anonymous.statusCode).toBe(401);
    const other = await publishedForm();
    const elsewhere = await download(other.publicIdentifier, cv.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(copy.uploads.fileNotFound);
  });

  it('serves an uploaded page as a download of no type a browser would run', async () => {
    const form = await publishedForm();
    const page = await uploaded(form.publicIdentifier, 'anything', 'page.html', bytes.text('<script>alert(document.cookie)</script>'));
    expect(page.contentType).toBe('text/html');
    const file = await download(form.publicIdentifier, page.id);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe('attachment; filename="page.html"');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const accented = await uploaded(form.publicIdentifier, 'anything', 'résumé "final".txt', bytes.text('hello'));
    expect((await download(form.publicIdentifier, accented.id)).headers['content-disposition']).toBe(
      `attachment; filename="resume _final_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
  });

  it('refuses an upload already sent with another response, another question’s, an unknown one, and too many files — storing nothing', async () => {
    const form = await publishedForm();
    const cv = await uploaded(form.publicIdentifier, 'files', 'cv.pdf', bytes.pdf());
    expect((await submit(form.publicIdentifier, { files: [cv] })).statusCode).toBe(201);
    const before = { submissions: await countRows(h, 'submissions'), outbox: await countRows(h, 'outbox') };

    const reused = await submit(form.publicIdentifier, { files: [cv] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.details).toEqual([{ path: 'answers.files', message: copy.uploads.alreadyUsed }]);

    const photo = await uploaded(form.publicIdentifier, 'photo', 'me.png', bytes.png());
    const fresh = await uploaded(form.publicIdentifier, 'files', 'fresh.pdf', bytes.pdf());
    const misplaced = await submit(form.publicIdentifier, { files: [fresh], anything: [photo] });
    expect(misplaced.json().error.details).toEqual([{ path: 'answers.anything', message: copy.uploads.otherQuestionsFile }]);

    const unknown = await submit(form.publicIdentifier, { files: [{ ...fresh, id: '0190a0b0-0000-7000-8000-00000000abcd' }] });
    expect(unknown.json().error.details).toEqual([{ path: 'answers.files', message: copy.uploads.fileNotFound }]);

    const third = await uploaded(form.publicIdentifier, 'files', 'third.pdf', bytes.pdf());
    const second = await uploaded(form.publicIdentifier, 'files', 'second.pdf', bytes.pdf());
    const tooMany = await submit(form.publicIdentifier, { files: [fresh, second, third] });
    expect(tooMany.json().error.details).toEqual([{ path: 'answers.files', message: copy.uploads.tooManyFiles(2) }]);

    expect({ submissions: await countRows(h, 'submissions'), outbox: await countRows(h, 'outbox') }).toEqual(before);
    // The files refused with those answers are still free for a response.
    expect((await submit(form.publicIdentifier, { files: [fresh, second] })).statusCode).toBe(201);
  });

  it('two responses naming one file at the same moment: one is stored, the other refused', async () => {
    const form = await publishedForm();
    const cv = await uploaded(form.publicIdentifier, 'files', 'cv.pdf', bytes.pdf());
    const answers = await Promise.all([submit(form.publicIdentifier, { files: [cv] }), submit(form.publicIdentifier, { files: [cv] })]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 400]);
  });

  it('saved progress claims the files of its completed pages; finishing it keeps them; another response cannot take them', async () => {
    const form = await publishedForm();
    const cv = await uploaded(form.publicIdentifier, 'files', 'cv.pdf', bytes.pdf());
    const saved = await h.service.app.inject(endpointRequest(saveProgress, { params: form, body: { answers: { files: [cv] }, stepId: 'p2' } }));
    expect(saved.statusCode).toBe(200);
    const { progressId, progressToken } = saved.json<{ progress: { progressId: string; progressToken: string } }>().progress;

    const thief = await submit(form.publicIdentifier, { files: [cv] });
    expect(thief.json().error.details).toEqual([{ path: 'answers.files', message: copy.uploads.alreadyUsed }]);

    const more = await uploaded(form.publicIdentifier, 'more', 'more.txt', bytes.text('more'));
    const finished = await h.service.app.inject(
      endpointRequest(submitAnswers, { params: form, body: { answers: { files: [cv], more: [more] }, progressId, progressToken } }),
    );
    expect(finished.statusCode).toBe(201);
    expect(finished.json().submission.submissionId).toBe(progressId);
    const claimed = await h.service.ctx.db.execute(sql`SELECT id FROM uploads WHERE submission_id = ${progressId} ORDER BY id`);
    expect(rowsOf<{ id: string }>(claimed).map((row) => row.id).sort()).toEqual([cv.id, more.id].sort());
  });
});

describe('POST /admin/fileupload', () => {
  function editorUpload(user: UserKey | null, headers: Record<string, string>, content = bytes.png()) {
    return h.service.app.inject({
      method: 'POST',
      url: pathOf(adminFileUpload),
      headers: { ...(user ? h.headers[user] : {}), ...headers },
      payload: formData({ name: 'hero.png', content }),
    });
  }

  it('stores an editor’s file for a form of a workspace they may change, and answers its reference and download path', async () => {
    const form = await publishedForm();
    const response = await editorUpload('writer', { 'x-flow-id': String(form.id), 'x-field-id': 'name', 'x-no-cdn': 'true' });
    expect(response.statusCode).toBe(201);
    const body = response.json<UploadReference & { url: string }>();
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'hero.png',
      size: 64,
      contentType: 'image/png',
      url: pathOf(downloadUpload, { ...form, uploadId: body.id }),
      imageUrl: pathOf(getFormImage, { ...form, uploadId: body.id }),
    });
    expect((await download(form.publicIdentifier, body.id)).statusCode).toBe(200);
    // An editor's file is no answer: a respondent cannot name it.
    const cv = await uploaded(form.publicIdentifier, 'files', 'cv.pdf', bytes.pdf());
    const named = await submit(form.publicIdentifier, { files: [cv], anything: [{ ...body, url: undefined, imageUrl: undefined }] });
    expect(named.json().error.details).toEqual([{ path: 'answers.anything', message: copy.uploads.fileNotFound }]);
  });

  it('refuses a read-only member (403), another organization (404), no sign-in (401) and a missing flow id (400)', async () => {
    const form = await publishedForm();
    const headers = { 'x-flow-id': String(form.id) };
    expect((await editorUpload('reader', headers)).statusCode).toBe(403);
    expect((await editorUpload('outsider', headers)).statusCode).toBe(404);
    expect((await editorUpload(null, headers)).statusCode).toBe(401);
    const missing = await editorUpload('writer', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ path: 'headers.x-flow-id', message: copy.uploads.flowIdRequired }]);
    expect((await editorUpload('writer', { 'x-flow-id': '999999' })).statusCode).toBe(404);
  });
});

describe('GET /public/flows/:publicIdentifier/images/:uploadId', () => {
  function editorUpload(flowId: number, name: string, content: Buffer) {
    return h.service.app.inject({
      method: 'POST',
      url: pathOf(adminFileUpload),
      headers: { ...h.headers.writer, 'x-flow-id': String(flowId), 'x-field-id': 'pics' },
      payload: formData({ name, content }),
    });
  }

  /** The image as a respondent's browser asks for it: no session, no token. */
  function anonymousImage(publicIdentifier: string, uploadId: string, headers: Record<string, string> = {}) {
    return h.service.app.inject({ method: 'GET', url: pathOf(getFormImage, { publicIdentifier, uploadId }), headers });
  }

  it('serves an editor’s image to anyone, inline as its type, cacheable and inert — for a draft as for a live form', async () => {
    const draft = await createFlow(h, { flowTemplate: uploadTemplate() }, 'writer');
    const png = bytes.png(300);
    const uploadedImage = await editorUpload(draft.id, 'beach.png', png);
    expect(uploadedImage.statusCode).toBe(201);
    const body = uploadedImage.json<{ id: string; imageUrl?: string }>();
    expect(body.imageUrl).toBe(pathOf(getFormImage, { publicIdentifier: draft.publicIdentifier, uploadId: body.id }));

    const image = await anonymousImage(draft.publicIdentifier, body.id);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '300',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(image.headers['content-disposition']).toBeUndefined();
    expect(image.headers['set-cookie']).toBeUndefined();

    // Published, then closed: still served (the editor's preview shows a closed form's images too).
    expect((await h.service.app.inject(endpointRequest(publishFlow, { params: draft, headers: h.headers.writer }))).statusCode).toBe(200);
    expect((await anonymousImage(draft.publicIdentifier, body.id)).statusCode).toBe(200);
    expect((await h.service.app.inject(endpointRequest(unpublishFlow, { params: draft, headers: h.headers.writer }))).statusCode).toBe(200);
    expect((await anonymousImage(draft.publicIdentifier, body.id)).statusCode).toBe(200);
  });

  it('never serves a respondent’s upload, another form’s image, an SVG or a page, nor a deleted form’s image', async () => {
    const form = await publishedForm();
    // A respondent's photo stays the owners' download: 404 here, with or without a session.
    const photo = await uploaded(form.publicIdentifier, 'photo', 'me.png', bytes.png());
    for (const headers of [{}, h.headers.writer]) {
      const refused = await anonymousImage(form.publicIdentifier, photo.id, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(copy.uploads.fileNotFound);
    }
    expect((await download(form.publicIdentifier, photo.id)).statusCode).toBe(200);

    // An editor's SVG or HTML file is stored (a file to offer) but is no image a form shows.
    for (const [name, content] of [
      ['logo.svg', bytes.text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['page.html', bytes.text('<script>alert(1)</script>')],
      ['terms.pdf', bytes.pdf()],
    ] as const) {
      const stored = await editorUpload(form.id, name, content);
      expect(stored.statusCode).toBe(201);
      expect(stored.json()).not.toHaveProperty('imageUrl');
      expect((await anonymousImage(form.publicIdentifier, stored.json().id)).statusCode).toBe(404);
    }

    // An image of one form is not reached through another form's address; unknown ids answer alike.
    const image = (await editorUpload(form.id, 'hills.webp', Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(40, 1)]))).json<{ id: string; contentType: string }>();
    expect(image.contentType).toBe('image/webp');
    const other = await publishedForm();
    expect((await anonymousImage(other.publicIdentifier, image.id)).statusCode).toBe(404);
    expect((await anonymousImage(form.publicIdentifier, '0199a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b')).statusCode).toBe(404);
    expect((await anonymousImage(form.publicIdentifier, 'not-a-uuid')).statusCode).toBe(400);
    expect((await anonymousImage(form.publicIdentifier, image.id)).headers['content-type']).toBe('image/webp');

    // Deleting the form takes its images with it.
    expect((await h.service.app.inject(endpointRequest(deleteFlow, { params: form, headers: h.headers.writer }))).statusCode).toBe(200);
    expect((await anonymousImage(form.publicIdentifier, image.id)).statusCode).toBe(404);
  });
});

describe('the upload sweep', () => {
  it('deletes uploads no response refers to after a day, and the files of deleted forms; keeps the others', async () => {
    const form = await publishedForm();
    const kept = await uploaded(form.publicIdentifier, 'files', 'kept.pdf', bytes.pdf());
    expect((await submit(form.publicIdentifier, { files: [kept] })).statusCode).toBe(201);
    const orphan = await uploaded(form.publicIdentifier, 'files', 'orphan.pdf', bytes.pdf());
    const recent = await uploaded(form.publicIdentifier, 'files', 'recent.pdf', bytes.pdf());
    const old = new Date(Date.now() - UNREFERENCED_UPLOAD_TTL_MS - 60_000);
    await h.service.ctx.db.execute(sql`UPDATE uploads SET created_at = ${old.toISOString()}::timestamptz WHERE id IN (${kept.id}::uuid, ${orphan.id}::uuid)`);

    while (await sweepUploads(h.service.deps)) {
      // until nothing is left to do
    }
    const files = storedFiles();
    expect(files).toContain(path.join('1', String(form.id), kept.id));
    expect(files).toContain(path.join('1', String(form.id), recent.id));
    expect(files).not.toContain(path.join('1', String(form.id), orphan.id));
    expect((await download(form.publicIdentifier, orphan.id)).statusCode).toBe(404);

    const deleted = await h.service.app.inject(endpointRequest(deleteFlow, { params: form, headers: h.headers.writer }));
    expect(deleted.statusCode).toBe(200);
    await sweepUploads(h.service.deps);
    expect(existsSync(path.join(storageDir, '1', String(form.id), kept.id))).toBe(false);
    expect(existsSync(path.join(storageDir, '1', String(form.id), recent.id))).toBe(false);
  });
});
