/**
 * The database port (ARCHITECTURE §2): drizzle over PGlite (embedded default, in-process PostgreSQL) or
 * PostgreSQL (`DATABASE_URL=postgres://…`). SQL is written once and runs on both. Migrations are plain SQL,
 * checked in per service, applied in order at start, each in its own transaction, recorded in
 * `_migrations`, and serialized across replicas with an advisory lock.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** A drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** A drizzle transaction of {@link Db}. */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Either a database or a transaction: repository functions accept both. */
export type DbOrTx = Db | Tx;

/** One migration: a stable id (`0001_init`) and its SQL (several statements allowed). */
export interface Migration {
  id: string;
  sql: string;
}

/** An open database with the low-level operations the kit needs. */
export interface DatabaseHandle {
  /** `pglite` or `postgres`. */
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs `sqlText` (one or more statements, no parameters) in one transaction. */
  execInTransaction(sqlText: string): Promise<void>;
  /** Resolves when the database answers `SELECT 1`; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where a service's data lives, resolved from configuration. */
export type DatabaseLocation =
  | { kind: 'pglite'; dataDir: string | undefined /* undefined = in memory */ }
  | { kind: 'postgres'; url: string; poolSize: number };

/**
 * Resolves a service's database location: `DATABASE_URL` postgres(ql)://… → PostgreSQL; `memory://` →
 * in-memory PGlite; otherwise PGlite under `<DATA_DIR>/<service>`.
 */
export function resolveDatabaseLocation(
  service: string,
  config: { DATABASE_URL?: string; DATA_DIR: string; DATABASE_POOL_SIZE: number },
): DatabaseLocation {
  const url = config.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url, poolSize: config.DATABASE_POOL_SIZE };
  if (url === 'memory://') return { kind: 'pglite', dataDir: undefined };
  return { kind: 'pglite', dataDir: path.resolve(config.DATA_DIR, service) };
}

/**
 * Opens the database at `location`. For PostgreSQL the database named in the URL is created if missing
 * (the user needs CREATEDB). @throws when the database cannot be reached.
 */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === 'pglite') return openPglite(location.dataDir);
  await ensurePostgresDatabase(location.url);
  return openPostgres(location.url, location.poolSize);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) ensurePrivateDirectory(dataDir);
  const initialized = dataDir !== undefined && existsSync(path.join(dataDir, 'PG_VERSION'));
  const client = new PGlite({ dataDir, loadDataDir: initialized ? undefined : await freshClusterArchive() });
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  // PGlite runs in process: no round trip to save, the statement is simply run.
  preparedRunners.set(db, async (_name, text, params) => (await client.query(text, params)).rows as Record<string, unknown>[]);
  return {
    kind: 'pglite',
    db,
    async execInTransaction(sqlText) {
      await client.transaction(async (tx) => {
        await tx.exec(sqlText);
      });
    },
    async ping() {
      await client.query('SELECT 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** The PGlite release in use (its package.json, which the package does not export), or `unknown`. */
function pgliteVersion(): string {
  try {
    const entry = require.resolve('@electric-sql/pglite');
    let dir = path.dirname(entry);
    for (let depth = 0; depth < 4; depth++, dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
  } catch {
    // Not resolvable from here: the archive is still valid for this process, just not shared by version.
  }
  return 'unknown';
}

let freshCluster: Promise<Blob | undefined> | undefined;

/**
 * A freshly initialised PGlite cluster (what `initdb` writes) as an uncompressed tar archive, for a new
 * database to load instead of running `initdb` itself: loading takes about 0.5 s where `initdb` takes 2–4 s,
 * and tests open hundreds of in-memory databases (every service start), the embedded product seven.
 * Made once per PGlite release and user, and kept as `$TMPDIR/formloom-pglite-<version>-<user>.tar`
 * (about 40 MB; written to a temporary name and renamed, so a reader never sees half a file), then shared by
 * every process. Resolves to `undefined` when the archive cannot be made (the caller then runs `initdb`).
 */
function freshClusterArchive(): Promise<Blob | undefined> {
  freshCluster ??= (async () => {
    const file = path.join(tmpdir(), `formloom-pglite-${pgliteVersion()}-${userInfo().username}.tar`);
    try {
      if (existsSync(file)) return new Blob([readFileSync(file)]);
      const template = new PGlite();
      try {
        await template.waitReady;
        const archive = await template.dumpDataDir('none');
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
        renameSync(partial, file);
        return archive;
      } finally {
        await template.close();
      }
    } catch {
      return undefined;
    }
  })();
  return freshCluster;
}

/**
 * Creates `dir` (and missing parents, such as `DATA_DIR`) readable by the owner only (0700), and takes group
 * and other access away from an existing `dir`: PGlite writes its files world-writable (0666), so the
 * directory is what keeps other users out (PostgreSQL itself demands 0700 for its data directory).
 */
function ensurePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A server restart must not crash the process: the next query reconnects. The pool handles the errors of
  // its idle clients; a checked-out client (a drizzle transaction between two statements) would emit its
  // `error` with no listener — an uncaught exception. Each client gets a listener of its own: its next query
  // fails instead, the transaction rolls back, and the pool discards the broken client on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  preparedRunners.set(db, async (name, text, values) => (await pool.query({ name, text, values })).rows as Record<string, unknown>[]);
  return {
    kind: 'postgres',
    db,
    async execInTransaction(sqlText) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(sqlText);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/** Creates the database named in `url` when it does not exist, connecting to the `postgres` database. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name || name === 'postgres') return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        // 42P04 duplicate_database: another replica created it first.
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

const MIGRATION_LOCK_ID = 7_349_201;

/**
 * Applies the migrations not yet recorded in `_migrations`, in order, each in its own transaction under a
 * transaction-level advisory lock (so replicas starting together apply each migration once).
 * @returns the ids applied by this call.
 */
export async function migrate(handle: DatabaseHandle, migrations: readonly Migration[]): Promise<string[]> {
  await handle.execInTransaction(
    `CREATE TABLE IF NOT EXISTS _migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const id = migration.id.replace(/'/g, "''");
    const done = await handle.db.execute(sql`SELECT 1 FROM _migrations WHERE id = ${migration.id}`);
    if (rowsOf(done).length > 0) continue;
    await handle.execInTransaction(
      `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID});
       DO $migration$ BEGIN
         IF EXISTS (SELECT 1 FROM _migrations WHERE id = '${id}') THEN RAISE EXCEPTION 'formloom:already-applied'; END IF;
       END $migration$;
       ${migration.sql};
       INSERT INTO _migrations (id) VALUES ('${id}');`,
    ).then(
      () => applied.push(migration.id),
      (error: Error) => {
        if (!String(error.message).includes('formloom:already-applied')) throw error;
      },
    );
  }
  return applied;
}

/**
 * Whether `error` (or an error it wraps, through `cause`) is PostgreSQL's unique violation (SQLSTATE 23505) — of
 * `constraint` when one is named (the driver's `constraint` field, or its name in the message), of any otherwise.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    if (constraint === undefined || name === constraint || (typeof message === 'string' && message.includes(constraint))) return true;
  }
  return false;
}

/** Rows of a `db.execute` result, whichever driver produced it (pg: `{rows}`; PGlite: `{rows}`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** How each open database runs a named statement (see {@link executePrepared}). */
const preparedRunners = new WeakMap<
  Db,
  (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>
>();
/** Statement names by SQL text (`fl_` + 16 hex digits of its SHA-1). */
const statementNames = new Map<string, string>();

/**
 * Runs `query` (one statement, outside any transaction) as a named prepared statement on PostgreSQL: each
 * pooled connection parses and plans it once, then only binds and executes it (after five executions
 * PostgreSQL may keep a generic plan). For the hot statements whose text is fixed and whose data travels as
 * parameters (a batch as one `jsonb` parameter, say): their planning was a large share of PostgreSQL's CPU.
 * On PGlite the statement is simply run. Resolves the rows (drivers' default type parsing: `jsonb` parsed,
 * `timestamptz` as Date on PostgreSQL, as Date on PGlite).
 * @throws the database error; Error when `db` was not opened by {@link openDatabase}
 */
export async function executePrepared<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const run = preparedRunners.get(db);
  if (!run) throw new Error('executePrepared: not a database opened by openDatabase');
  const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = `fl_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return (await run(name, text, params)) as T[];
}
