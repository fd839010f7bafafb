/**
 * PGlite (`src/db.ts`). On disk its directories are private to the owner: PGlite writes its files with mode
 * 0666, so `DATA_DIR` (when the kit creates it) and `$DATA_DIR/<service>` must give group and other no access.
 * New databases start from the shared archive of a fresh cluster: each is empty and its own, and one on disk
 * keeps what was written across a reopen.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, resolveDatabaseLocation, rowsOf } from '../src/db';

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

it('gives every new in-memory database an empty cluster of its own', async () => {
  const first = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const second = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await first.execInTransaction('CREATE TABLE notes (body text); INSERT INTO notes VALUES (\'only here\')');
    const tables = rowsOf<{ count: number }>(
      await second.db.execute(sql`SELECT count(*)::int AS count FROM pg_tables WHERE schemaname = 'public'`),
    );
    expect(tables[0]?.count).toBe(0);
    const third = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const notes = rowsOf<{ count: number }>(
      await third.db.execute(sql`SELECT count(*)::int AS count FROM pg_tables WHERE tablename = 'notes'`),
    );
    expect(notes[0]?.count).toBe(0);
    await third.close();
  } finally {
    await first.close();
    await second.close();
  }
});

it('keeps what a new database on disk was given across a reopen', async () => {
  const serviceDir = path.join(root, 'flows');
  const created = await openDatabase({ kind: 'pglite', dataDir: serviceDir });
  await created.execInTransaction('CREATE TABLE notes (body text); INSERT INTO notes VALUES (\'kept\')');
  await created.close();
  const reopened = await openDatabase({ kind: 'pglite', dataDir: serviceDir });
  const rows = rowsOf<{ body: string }>(await reopened.db.execute(sql`SELECT body FROM notes`));
  await reopened.close();
  expect(rows).toEqual([{ body: 'kept' }]);
});
