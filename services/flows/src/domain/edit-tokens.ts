/**
 * Edit tokens of submissions (`edit-submissions.ts`, `contracts/src/rules/edit-links.ts`): 32 random bytes in
 * base64url (43 characters), given out once in the submission's edit link; the database keeps only the SHA-256.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new edit token and the hash to store: 32 random bytes, base64url (43 characters); SHA-256, hex. */
export function newEditToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashEditToken(token) };
}

/** The stored form of an edit token: SHA-256, lowercase hex. */
export function hashEditToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the one `hash` was made from (compared in constant time); false without a hash. */
export function editTokenMatches(token: string, hash: string | null | undefined): boolean {
  if (!hash) return false;
  const given = Buffer.from(hashEditToken(token), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
