/**
 * Identifiers (ARCHITECTURE §4): UUIDv7 for workflows, runs and events (RFC 9562 §5.7, time-ordered);
 * short random URL-safe public identifiers for flows.
 */
import { randomBytes } from 'node:crypto';
import { v7 } from 'uuid';

/** A new UUIDv7 string (RFC 9562). */
export function uuidv7(): string {
  return v7();
}

const ALPHABET = '23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A random public identifier of `length` characters (default 12) from a 57-letter alphabet without
 * look-alikes (0/O, 1/l/I): about 70 bits of entropy, so public links cannot be guessed.
 */
export function publicIdentifier(length = 12): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    // Rejection sampling keeps the distribution uniform: 57 * 4 = 228.
    if (b < 228) out += ALPHABET[b % ALPHABET.length];
  }
  return out.length === length ? out : publicIdentifier(length);
}
