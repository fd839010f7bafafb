/**
 * The file storage port (`src/storage/`): one contract run against both adapters — the local directory, and the S3
 * adapter against a small local HTTP server that speaks S3's PutObject, GetObject and DeleteObject (path-style, as
 * MinIO; never the real AWS) — plus what is particular to each: keys that would leave the directory, the bucket
 * and key prefix in S3 requests, signed requests, and what the configuration asks for.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FileStorage } from '../src/storage/file-storage';
import { isStorageKey, storageKey } from '../src/storage/file-storage';
import { createFileStorage, localStorageDirectory, storageConfigProblems } from '../src/storage/from-config';
import { createLocalFileStorage } from '../src/storage/local';
import { createS3FileStorage } from '../src/storage/s3';

/** What the fake S3 server keeps and saw. */
interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

/** The body of an `aws-chunked` request (`<hex size>;chunk-signature=…\r\n<data>\r\n` … `0;…\r\n`, then trailers). */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '0', 16);
    if (!size) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A local server answering S3's object calls for path-style URLs `/<bucket>/<key>`. */
async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const requests: FakeS3['requests'] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://s3.local');
      requests.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization });
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code><Message>no bucket</Message></Error>');
        return;
      }
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (request.method === 'PUT') {
        const raw = await readAll(request);
        const chunked = String(request.headers['content-encoding'] ?? '').includes('aws-chunked') || String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
        objects.set(key, { body: chunked ? decodeAwsChunked(raw) : raw, contentType: request.headers['content-type'] });
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
          return;
        }
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.body.length, etag: '"fake"' }).end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A stream of `chunks`, failing with `error` after them when given. */
function streamOf(chunks: Buffer[], error?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (const chunk of chunks) yield chunk;
      if (error) throw error;
    })(),
  );
}

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const BUCKET = 'formloom-test';
let directory: string;
let fake: FakeS3;
let adapters: Array<[string, FileStorage]>;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'flows-storage-'));
  fake = await startFakeS3(BUCKET);
  adapters = [
    ['local', createLocalFileStorage(directory)],
    [
      's3',
      createS3FileStorage({
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint: fake.url,
        forcePathStyle: true,
        keyPrefix: 'uploads/',
        credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
      }),
    ],
  ];
});
afterAll(async () => {
  for (const [, storage] of adapters) await storage.close();
  await fake.close();
  rmSync(directory, { recursive: true, force: true });
});

describe.each(['local', 's3'])('the %s adapter', (name) => {
  const storage = () => adapters.find(([kind]) => kind === name)![1];

  it('stores a streamed body, gives it back, and deletes it (deleting twice is fine)', async () => {
    const key = storageKey({ workspaceId: 1, flowId: 2, uploadId: '0190a0b0-0000-7000-8000-000000000001' });
    const content = Buffer.alloc(300_000, 7);
    expect(await storage().put(key, streamOf([content.subarray(0, 100_000), content.subarray(100_000)]), { contentType: 'application/pdf' })).toEqual({ size: 300_000 });
    expect((await bytesOf(await storage().get(key)))?.equals(content)).toBe(true);
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    await storage().delete(key);
  });

  it('keeps nothing of a body that fails, and rejects with its error', async () => {
    const key = storageKey({ workspaceId: 1, flowId: 2, uploadId: '0190a0b0-0000-7000-8000-000000000002' });
    const refused = new Error('refused by the check');
    await expect(storage().put(key, streamOf([Buffer.from('partial')], refused), { contentType: 'text/plain' })).rejects.toBe(refused);
    expect(await storage().get(key)).toBeNull();
  });

  it('answers null for a key it never stored', async () => {
    expect(await storage().get('9/9/0190a0b0-0000-7000-8000-0000000000ff')).toBeNull();
  });

  it('refuses keys that are not its own', async () => {
    await expect(storage().put('../outside', streamOf([Buffer.from('x')]), { contentType: 'text/plain' })).rejects.toThrow(/invalid key/);
    await expect(storage().get('a/../../b')).rejects.toThrow(/invalid key/);
  });
});

describe('the local adapter', () => {
  it('writes no partial file and nothing outside its directory', async () => {
    const files = readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.filter((entry) => entry.name.endsWith('.part'))).toEqual([]);
  });
});

describe('the S3 adapter', () => {
  it('puts objects in the bucket, path-style, under the key prefix, with signed requests and their type', async () => {
    const storage = adapters.find(([kind]) => kind === 's3')![1];
    fake.requests.length = 0;
    const key = '3/4/0190a0b0-0000-7000-8000-000000000003';
    await storage.put(key, streamOf([Buffer.from('%PDF-1.7')]), { contentType: 'application/pdf' });
    expect(fake.objects.get(`uploads/${key}`)).toEqual({ body: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' });
    expect(fake.requests).toEqual([{ method: 'PUT', path: `/${BUCKET}/uploads/${key}`, authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=test-key\//) }]);
    // A body that fails never reaches the bucket.
    await expect(storage.put(`${key}x`, streamOf([Buffer.from('x')], new Error('no')), { contentType: 'text/plain' })).rejects.toThrow('no');
    expect(fake.requests).toHaveLength(1);
  });

  it('fails (never a silent null) when the store itself fails', async () => {
    const broken = createS3FileStorage({ bucket: 'missing-bucket', region: 'us-east-1', endpoint: fake.url, forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
    await expect(broken.put('1/1/0190a0b0-0000-7000-8000-000000000004', streamOf([Buffer.from('x')]), { contentType: 'text/plain' })).rejects.toThrow();
    broken.close();
  });
});

describe('the configuration', () => {
  it('is a directory under DATA_DIR by default, or the S3 bucket it names', () => {
    const base = { FILE_STORAGE: 'local' as const, FILE_STORAGE_S3_REGION: 'us-east-1', FILE_STORAGE_S3_FORCE_PATH_STYLE: false, DATA_DIR: '/var/lib/formloom' };
    expect(localStorageDirectory(base)).toBe(path.resolve('/var/lib/formloom/flows-files'));
    expect(localStorageDirectory({ ...base, FILE_STORAGE_DIR: '/srv/files' })).toBe(path.resolve('/srv/files'));
    expect(createFileStorage(base).kind).toBe('local');
    const s3 = createFileStorage({ ...base, FILE_STORAGE: 's3', FILE_STORAGE_S3_BUCKET: 'b', FILE_STORAGE_S3_ENDPOINT: fake.url });
    expect(s3.kind).toBe('s3');
    void s3.close();
  });

  it('names what is missing', () => {
    expect(storageConfigProblems({ FILE_STORAGE: 's3', FILE_STORAGE_S3_REGION: 'us-east-1', FILE_STORAGE_S3_FORCE_PATH_STYLE: false })).toEqual([
      ['FILE_STORAGE_S3_BUCKET', 'is required with FILE_STORAGE=s3'],
    ]);
    expect(
      storageConfigProblems({ FILE_STORAGE: 'local', FILE_STORAGE_S3_REGION: 'x', FILE_STORAGE_S3_FORCE_PATH_STYLE: false, FILE_STORAGE_S3_ACCESS_KEY_ID: 'k' }),
    ).toEqual([['FILE_STORAGE_S3_ACCESS_KEY_ID', 'needs FILE_STORAGE_S3_SECRET_ACCESS_KEY too (both or neither)']]);
  });

  it('keys are ids only', () => {
    expect(isStorageKey('1/2/0190a0b0-0000-7000-8000-000000000001')).toBe(true);
    for (const key of ['', '/abs', 'a//b', 'a/./b', 'a/..', 'a\\b', 'a/b c', 'a/é']) expect(isStorageKey(key)).toBe(false);
  });
});
