/**
 * Password hashing with argon2id (RFC 9106) through node-argon2, with 64 MiB memory, 3 passes and
 * parallelism 4 (node-argon2's defaults), which meet OWASP's argon2id recommendation. Hashes are PHC strings
 * (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so the parameters travel with each hash and can be raised later
 * ({@link needsRehash}).
 */
import { randomBytes } from 'node:crypto';
import { argon2id, hash, needsRehash as argon2NeedsRehash, verify } from 'argon2';

/** Today's parameters (node-argon2's defaults, written out so {@link needsRehash} compares against them). */
const PARAMETERS = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;
const OPTIONS = { type: argon2id, ...PARAMETERS } as const;

/** Hashes `password` with argon2id and a random salt; resolves the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, made once per process. Checking a password against it when
 * the email is unknown makes a failed login cost the same time whether or not the account exists. The
 * service calls this at start so that the first unknown-email login is not slower either.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(32).toString('base64url'), OPTIONS);
  return dummyHash;
}

/**
 * True when `password` matches the `stored` PHC string. With `stored` `null` (no such user) it checks
 * against {@link dummyPasswordHash} and resolves `false`, taking as long as a real check. A malformed stored
 * hash counts as a mismatch.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await dummyPasswordHash());
  const matches = await verify(target, password).catch(() => false);
  return stored !== null && matches;
}

/**
 * True when `stored` (a PHC string) was made with other parameters than today's and should be replaced at
 * the next successful login. A string that is not a PHC hash gives `false`.
 */
export function needsRehash(stored: string): boolean {
  try {
    return argon2NeedsRehash(stored, PARAMETERS);
  } catch {
    return false;
  }
}
