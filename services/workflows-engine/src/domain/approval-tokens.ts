/**
 * The tokens of approval links (docs/architecture.md "Approvals"; the link itself: contracts `rules/approval-links.ts`).
 *
 * A token names one approver of one approval step of one run, and proves the engine made it:
 * `<runId>.<nodeId, base64url>.<approver index>.<HMAC-SHA256 (RFC 2104) of "approval-link:v1\n" + the first three parts,
 * base64url>` — about 100 characters. The key is 32 random bytes kept in the engine's own database (`engine_keys`,
 * name `approval-links`), made by whichever replica needs it first (`INSERT … ON CONFLICT DO NOTHING`, then read back:
 * every replica uses the same one); whoever can read that table could also change the runs, so keeping it there
 * exposes nothing more. The `approval-link:v1` prefix keeps the key single-purpose.
 *
 * The token is DETERMINISTIC: the same run, step and approver always give the same token. That is what makes an
 * approval email safe to send again — over SMTP a crash between the server's acceptance and the step's commit sends the
 * emails again when the run is reclaimed (at-least-once), and the links of the first copies still work, since nothing
 * about them was ever stored. What a token may do is decided by the database, not by the token: it opens its request
 * while the run waits at that step and the request has not expired (the run's due time,
 * APPROVAL_REQUEST_TTL_DAYS after the emails), decides it once, and afterwards only shows the decision. Tokens are
 * compared in constant time. They never appear in a URL's path or query (the page posts them) nor in a log line.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@formloom/kit/db';
import { engineKeys } from '../db/schema';

/** The `engine_keys` name of the approval links' key. */
export const APPROVAL_LINK_KEY_NAME = 'approval-links';

/** The domain separation tag every MAC of an approval link starts with. */
const PURPOSE = 'approval-link:v1\n';

/** What a verified token names: a run, its approval step, and the approver (their index in the step's list). */
export interface ApprovalTokenSubject {
  runId: string;
  nodeId: string;
  approverIndex: number;
}

/** Signs and verifies approval link tokens (see the module doc). */
export interface ApprovalLinkSigner {
  /** The token of `subject`. @throws on database errors while the key is first loaded. */
  sign(subject: ApprovalTokenSubject): Promise<string>;
  /** What `token` names when it is well formed and its MAC verifies; `null` otherwise. @throws as {@link sign}. */
  verify(token: string): Promise<ApprovalTokenSubject | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The approval links' key from `db`: made (32 random bytes) when no replica made it yet, then read back, so that
 * concurrent first uses agree. @throws on database errors.
 */
export async function loadApprovalLinkKey(db: DbOrTx): Promise<Buffer> {
  await db
    .insert(engineKeys)
    .values({ name: APPROVAL_LINK_KEY_NAME, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: engineKeys.secret }).from(engineKeys).where(eq(engineKeys.name, APPROVAL_LINK_KEY_NAME)).limit(1);
  if (!row) throw new Error('approval link key missing after insert');
  return Buffer.from(row.secret, 'base64url');
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(PURPOSE).update(payload).digest();
}

/** The token of `subject` under `key` (see the module doc). Pure. */
export function signApprovalToken(key: Buffer, subject: ApprovalTokenSubject): string {
  const payload = `${subject.runId}.${Buffer.from(subject.nodeId, 'utf8').toString('base64url')}.${subject.approverIndex}`;
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** What `token` names under `key`, or `null` when it is malformed or its MAC does not verify (constant-time). Pure. */
export function verifyApprovalToken(key: Buffer, token: string): ApprovalTokenSubject | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [runId, encodedNode, index, signature] = parts as [string, string, string, string];
  if (!UUID.test(runId) || !BASE64URL.test(encodedNode) || !/^(0|[1-9][0-9]{0,3})$/.test(index) || !BASE64URL.test(signature)) return null;
  const expected = mac(key, `${runId}.${encodedNode}.${index}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const nodeId = Buffer.from(encodedNode, 'base64url').toString('utf8');
  if (nodeId === '' || nodeId.length > 64) return null;
  return { runId, nodeId, approverIndex: Number(index) };
}

/**
 * A signer over `db`'s key, loaded once on first use and kept for the life of the process (a failed load is tried
 * again on the next use).
 */
export function createApprovalLinkSigner(db: DbOrTx): ApprovalLinkSigner {
  let key: Promise<Buffer> | undefined;
  const keyOf = (): Promise<Buffer> => {
    key ??= loadApprovalLinkKey(db).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    async sign(subject) {
      return signApprovalToken(await keyOf(), subject);
    },
    async verify(token) {
      return verifyApprovalToken(await keyOf(), token);
    },
  };
}

