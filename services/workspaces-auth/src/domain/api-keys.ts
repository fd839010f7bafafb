/**
 * API keys of the public REST API (`contracts/src/api/workspaces-auth/api-keys.ts`, docs/architecture.md §5).
 *
 * A key is `fl_` + 32 random bytes in base64url; only its SHA-256 is stored (a key has 256 bits of entropy, so a
 * fast hash is enough: nobody can guess one to match a leaked hash), with its first 8 characters to tell keys
 * apart. An admin makes a key for the organization, scoped to some of its workspaces or to all of them. A key acts
 * with `write` access on its workspaces while its maker is still an admin of the organization: demoting or
 * removing the admin stops their keys at once (the next exchange), as revoking does. Exchanges happen per request
 * (the gateway caches the token up to 10 s), so `lastUsedAt` is written at most once a minute per key.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { AuthClaims } from '@formloom/contracts/auth';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { API_KEY_PATTERN, API_KEY_PREFIX, type ApiKey, type CreateApiKeyBody } from '@formloom/contracts/api/workspaces-auth/api-keys';
import { MAX_API_KEYS_PER_ORGANIZATION } from '@formloom/contracts/limits';
import type { Db, DbOrTx } from '@formloom/kit/db';
import { conflict, forbidden, notFound } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { apiKeys, organizationMemberships, users, workspaces } from '../db/schema';
import type { UserRecord } from './accounts';

/** How many characters of a key its list shows (`fl_` and 5 more). */
const PREVIEW_LENGTH = 8;
/** `lastUsedAt` is written at most this often per key (ms). */
export const API_KEY_LAST_USED_RESOLUTION_MS = 60_000;

/** The stored form of a key: SHA-256, lowercase hex. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A key's row as the list shows it. */
function toApiKey(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    preview: row.preview,
    workspaceIds: row.workspaceIds ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Makes an API key for the caller's organization; returns its record and the key (shown this once).
 * @throws 403 `copy.auth.adminOnly` when the caller is no admin; 404 `copy.flows.workspaceNotFound` when a listed
 *   workspace is not the organization's; 409 `copy.auth.tooManyApiKeys` at {@link MAX_API_KEYS_PER_ORGANIZATION}
 *   live keys. Nothing is stored on error.
 */
export async function createApiKey(db: Db, caller: UserRecord, input: CreateApiKeyBody): Promise<{ apiKey: ApiKey; key: string }> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const workspaceIds = input.workspaceIds === null ? null : [...new Set(input.workspaceIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    if (workspaceIds) {
      const found = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(and(inArray(workspaces.id, workspaceIds), eq(workspaces.organizationId, caller.organizationId)));
      if (found.length !== workspaceIds.length) throw notFound(copy.flows.workspaceNotFound);
    }
    // One organization's keys are counted and added one at a time (the lock is the organization's row).
    await tx.execute(sql`SELECT id FROM organizations WHERE id = ${caller.organizationId} FOR UPDATE`);
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, caller.organizationId), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= MAX_API_KEYS_PER_ORGANIZATION) throw conflict(copy.auth.tooManyApiKeys(MAX_API_KEYS_PER_ORGANIZATION));
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id: uuidv7(),
        organizationId: caller.organizationId,
        createdBy: caller.id,
        name: input.name,
        keyHash: hashKey(key),
        preview: key.slice(0, PREVIEW_LENGTH),
        workspaceIds,
      })
      .returning();
    return { apiKey: toApiKey(row!), key };
  });
}

/**
 * The live keys of the caller's organization, newest first.
 * @throws 403 `copy.auth.adminOnly` when the caller is no admin.
 */
export async function listApiKeys(db: DbOrTx, caller: UserRecord): Promise<ApiKey[]> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, caller.organizationId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/**
 * Revokes a key of the caller's organization: exchanges of it are refused from now on (the gateway may still use a
 * token it got up to 10 s before; docs/architecture.md §5).
 * @throws 403 `copy.auth.adminOnly`; 404 `copy.auth.apiKeyNotFound` for a key that is not the organization's or is
 *   already revoked.
 */
export async function revokeApiKey(db: DbOrTx, caller: UserRecord, apiKeyId: string): Promise<void> {
  if (!caller.isAdmin) throw forbidden(copy.auth.adminOnly);
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.organizationId, caller.organizationId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound(copy.auth.apiKeyNotFound);
}

/**
 * The access-token claims of `key` (`AuthClaims` with `key` = the key's id): `sub` its maker, `adm` false, `ws` =
 * its workspaces (all the organization's when it names none) with `write` access. `null` when the key is
 * malformed, unknown or revoked, or its maker is no longer an admin of the organization. Marks the key used.
 */
export async function apiKeyClaims(db: DbOrTx, key: string, now: Date = new Date()): Promise<AuthClaims | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      workspaceIds: apiKeys.workspaceIds,
      lastUsedAt: apiKeys.lastUsedAt,
      makerId: users.id,
      makerEmail: users.email,
      // The maker's role in the key's organization (null once they are no longer a member of it).
      makerIsAdmin: organizationMemberships.isAdmin,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      organizationMemberships,
      and(eq(organizationMemberships.userId, apiKeys.createdBy), eq(organizationMemberships.organizationId, apiKeys.organizationId)),
    )
    .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row || row.makerIsAdmin !== true) return null;
  const scope = row.workspaceIds === null ? undefined : row.workspaceIds;
  const reachable = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(scope ? and(eq(workspaces.organizationId, row.organizationId), inArray(workspaces.id, scope)) : eq(workspaces.organizationId, row.organizationId));
  const ws: Record<string, AccessLevel> = {};
  for (const { id } of reachable) ws[String(id)] = 'write';
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= API_KEY_LAST_USED_RESOLUTION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  return { sub: String(row.makerId), org: row.organizationId, adm: false, email: row.makerEmail, emv: true, ws, key: row.id };
}
