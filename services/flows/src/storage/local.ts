/**
 * The local-directory adapter of the file storage port (`file-storage.ts`): each object is a file
 * `<root>/<key>`, written as `<root>/<key>.<random>.part` and renamed into place once complete (a rename within one
 * directory is atomic), so a reader never sees half a file and a failed upload leaves nothing. Directories are
 * created owner-only (0700), files 0600. The embedded default (`$DATA_DIR/flows-files`); in Kubernetes only with a
 * volume every replica shares.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage } from './file-storage';

/** Counts the bytes that pass. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * A file storage in the directory `root` (created when missing, owner-only). Keys are checked
 * (`assertStorageKey`) and resolved inside `root`.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`file storage: key ${key} leaves the storage directory`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const part = `${file}.${randomBytes(6).toString('hex')}.part`;
      const counter = new ByteCounter();
      try {
        await pipeline(body, counter, createWriteStream(part, { flags: 'wx', mode: 0o600 }));
        await rename(part, file);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      return { size: counter.bytes };
    },
    async get(key) {
      const file = pathOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return createReadStream(file) as Readable;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async close() {},
  };
}
