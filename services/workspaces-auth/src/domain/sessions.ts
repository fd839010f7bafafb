/**
 * Sessions (ARCHITECTURE §4, brief "cross-service agreements"): the `formloom_session` cookie holds an opaque
 * token of 32 random bytes in base64url (43 characters); the database keeps only its SHA-256 (hex), with an
 * expiry {@link SESSION_TTL_MS} after creation. The expiry is fixed (not sliding): signing in again makes a
 * new session. Expired rows are refused everywhere, and deleted at the user's next login and by the session
 * sweeper (`src/workers.ts`, {@link deleteExpiredSessionBatch}).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@formloom/contracts/limits';
import { rowsOf, type DbOrTx } from '@formloom/kit/db';
import { sessions } from '../db/schema';

/** A session token as the cookie carries it: 43 base64url characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new random token (32 bytes, base64url): sessions and address confirmation links. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token (a session's, a confirmation link's): SHA-256, lowercase hex. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A session just made: the token for the cookie (never stored) and when it ends. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/**
 * Starts a session for `userId` that ends {@link SESSION_TTL_MS} ms after `now`, working in `organizationId` (absent:
 * the user's own `users.organization_id`, read when the session is used).
 */
export async function createSession(db: DbOrTx, userId: number, now: Date = new Date(), organizationId: number | null = null): Promise<NewSession> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashSessionToken(token), userId, createdAt: now, expiresAt, organizationId });
  return { token, expiresAt };
}

/** A live session: its user, and the organization it works in (null: the user's own). */
export interface SessionRecord {
  userId: number;
  organizationId: number | null;
}

/** The live session behind `token`, or `null` when the token is malformed, unknown or expired. */
export async function findSession(db: DbOrTx, token: string, now: Date = new Date()): Promise<SessionRecord | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ userId: sessions.userId, organizationId: sessions.organizationId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Ends the session behind `token` (deletes its row); nothing happens when there is none. */
export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
}

/** Deletes the expired sessions of `userId` (housekeeping at login). */
export async function deleteExpiredSessions(db: DbOrTx, userId: number, now: Date = new Date()): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
}

/**
 * Deletes up to `limit` sessions that expired at `now` or before, any user's (rows other replicas are deleting
 * at the same moment are skipped: `FOR UPDATE SKIP LOCKED`). Uses the `sessions_expires_at` index, so it is
 * one cheap index probe when nothing has expired.
 * @returns how many rows it deleted (`limit` means there may be more)
 */
export async function deleteExpiredSessionBatch(db: DbOrTx, limit: number, now: Date = new Date()): Promise<number> {
  const result = await db.execute(sql`
    WITH expired AS (
      SELECT token_hash FROM sessions WHERE expires_at <= ${now.toISOString()}::timestamptz
      ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), deleted AS (
      DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM expired) RETURNING 1
    )
    SELECT count(*)::int AS n FROM deleted`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
