/**
 * The PostgreSQL database port across a server restart, on the machine's PostgreSQL (a database of its own,
 * dropped afterwards): when the server drops every connection — including one checked out by a transaction
 * between two statements — the process does not crash, the transaction fails, `ping()` (which drives
 * `/readyz`) fails while nothing answers, and the next queries reconnect by themselves.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/db';

const SERVER = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const NAME = `formloom_kit_db_test_${process.pid}`;

function urlOf(database: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

let admin: pg.Client;
let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: urlOf('postgres') });
  await admin.connect();
});

afterAll(async () => {
  await handle?.close();
  await admin.query(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
  await admin.end();
});

/** Terminates every connection to the test database (what a server restart does to its clients). */
async function dropConnections(): Promise<number> {
  const result = await admin.query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1`,
    [NAME],
  );
  return result.rows[0]?.n ?? 0;
}

/** Waits (bounded) until no connection to the test database is left. */
async function noConnectionsLeft(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const result = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`,
      [NAME],
    );
    if (result.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('connections to the test database were not terminated');
}

describe('the PostgreSQL database port when the server drops its connections', () => {
  it('fails the open transaction, keeps the process alive, and reconnects for the next queries', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      handle = await openDatabase({ kind: 'postgres', url: urlOf(NAME), poolSize: 4 });
      const db = handle.db;
      await db.execute(sql`CREATE TABLE notes (id int PRIMARY KEY)`);
      // Idle connections in the pool, and one held by a transaction waiting between two statements.
      await Promise.all([handle.ping(), handle.ping(), handle.ping()]);
      let proceed: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (proceed = resolve));
      let inTransaction: () => void = () => undefined;
      const started = new Promise<void>((resolve) => (inTransaction = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes (id) VALUES (1)`);
        inTransaction();
        await gate;
        await tx.execute(sql`INSERT INTO notes (id) VALUES (2)`);
      });
      transaction.catch(() => undefined);
      await started;

      expect(await dropConnections()).toBeGreaterThan(0);
      await noConnectionsLeft();
      // Let the clients see their connections end.
      await new Promise((resolve) => setTimeout(resolve, 100));
      proceed();

      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
      await expect(handle.ping()).resolves.toBeUndefined();
      await db.execute(sql`INSERT INTO notes (id) VALUES (3)`);
      const rows = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM notes ORDER BY id`));
      // Nothing of the failed transaction was kept; the write after the reconnect was.
      expect(rows.map((row) => row.id)).toEqual([3]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
