/**
 * PGlite on disk (`src/db.ts`): its directories are private to the owner. PGlite writes its files with mode
 * 0666, so `DATA_DIR` (when the kit creates it) and `$DATA_DIR/<service>` must give group and other no access.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, resolveDatabaseLocation } from '../src/db';

const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'formloom-pglite-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

it('creates DATA_DIR and the service directory with mode 0700', async () => {
  const dataDir = path.join(root, 'data');
  const location = resolveDatabaseLocation('flows', { DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
  const database = await openDatabase(location);
  await database.close();
  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(path.join(dataDir, 'flows'))).toBe(0o700);
});

it('takes group and other access away from an existing service directory', async () => {
  const serviceDir = path.join(root, 'flows');
  mkdirSync(serviceDir);
  chmodSync(serviceDir, 0o777);
  const database = await openDatabase({ kind: 'pglite', dataDir: serviceDir });
  await database.close();
  expect(modeOf(serviceDir)).toBe(0o700);
});
