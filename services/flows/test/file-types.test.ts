/**
 * What flows checks of an uploaded file's name and first bytes, and the type a download is served as
 * (`src/domain/file-types.ts`).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import * as copy from '@formloom/contracts/copy';
import { DomainError } from '@formloom/kit/errors';
import { cleanFileName, contentFits, safeDownloadType, UploadCheck } from '../src/domain/file-types';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('cleanFileName', () => {
  it.each([
    ['cv.pdf', 'cv.pdf'],
    ['C:\\Users\\ada\\My CV.pdf', 'My CV.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['  a\tb\n  c.txt ', 'a b c.txt'],
    ['cv\u202efdp.exe', 'cvfdp.exe'],
    ['nul\u0000.pdf', 'nul.pdf'],
    ['Quote %22x%22.pdf', 'Quote "x".pdf'],
    // A dot file: no extension.
    ['.pdf', '.pdf'],
    ['...', 'file'],
    ['', 'file'],
    [undefined, 'file'],
    ['e\u0301te\u0301.png', 'été.png'],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('cuts a long name to 200 characters, keeping its extension', () => {
    const cleaned = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('x.docx')).toBe(true);
  });
});

describe('contentFits', () => {
  it('takes files whose first bytes are their extension’s type', () => {
    expect(contentFits('png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(contentFits('jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentFits('gif', text('GIF89a…'))).toBe(true);
    expect(contentFits('webp', text('RIFF0000WEBPVP8 '))).toBe(true);
    expect(contentFits('pdf', text('%PDF-1.4'))).toBe(true);
    expect(contentFits('docx', text('PK\u0003\u0004…'))).toBe(true);
    expect(contentFits('doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(contentFits('heic', text('\u0000\u0000\u0000\u0018ftypheic'))).toBe(true);
    expect(contentFits('csv', text('a,b\n1,2'))).toBe(true);
    expect(contentFits('xyz', bytes(0, 1, 2))).toBe(true);
  });

  it('refuses a file of another type under the extension', () => {
    expect(contentFits('png', text('<svg onload=alert(1)>'))).toBe(false);
    expect(contentFits('pdf', text('MZ'))).toBe(false);
    expect(contentFits('docx', text('%PDF-1.4'))).toBe(false);
    expect(contentFits('txt', bytes(0x41, 0, 0x42))).toBe(false);
    expect(contentFits('png', bytes())).toBe(false);
  });
});

describe('safeDownloadType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['application/pdf', 'application/pdf'],
    ['text/plain', 'text/plain; charset=utf-8'],
    ['text/csv', 'text/csv; charset=utf-8'],
    ['text/html', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['application/javascript', 'application/octet-stream'],
    ['IMAGE/PNG; x=1', 'image/png'],
  ])('%s → %s', (stored, served) => {
    expect(safeDownloadType(stored)).toBe(served);
  });
});

describe('UploadCheck', () => {
  const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const run = (check: UploadCheck, ...chunks: Uint8Array[]) => pipeline(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), check, sink());

  it('passes a file within its size whose bytes fit, counting them', async () => {
    const check = new UploadCheck(20, 'pdf');
    await run(check, text('%PDF'), text('-1.7 hello'));
    expect(check.bytes).toBe(14);
  });

  it('fails past the size (413), on bytes of another type (415), and on an empty file (400)', async () => {
    await expect(run(new UploadCheck(5, 'txt'), text('abc'), text('def'))).rejects.toMatchObject({ kind: 'too_large', message: copy.uploads.fileTooLarge('5 bytes') });
    await expect(run(new UploadCheck(1000, 'png'), text('GIF89a'))).rejects.toMatchObject({ kind: 'unsupported_type', message: copy.uploads.contentMismatch });
    await expect(run(new UploadCheck(1000, 'pdf'))).rejects.toBeInstanceOf(DomainError);
    await expect(run(new UploadCheck(1000, 'pdf'))).rejects.toMatchObject({ kind: 'invalid', message: copy.uploads.emptyFile });
  });

  it('checks the first bytes as soon as enough have arrived', async () => {
    const check = new UploadCheck(10_000, 'png');
    await expect(run(check, new Uint8Array(600).fill(0x41), new Uint8Array(600))).rejects.toMatchObject({ kind: 'unsupported_type' });
    expect(check.bytes).toBe(600);
  });
});
