/**
 * Identifiers (ARCHITECTURE §4): UUIDv7 for workflows, runs and events (RFC 9562 §5.7, time-ordered);
 * short random URL-safe public identifiers for flows.
 */
import { randomBytes, randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/**
 * Random bytes for {@link uuidv7}, drawn 4 KiB at a time: `uuid` asks the system for 16 bytes per id, and on
 * the submit path (two ids per submission) that call alone was ~4 % of a service's CPU (docs/benchmarks.md).
 */
const pool = new Uint8Array(4096);
let poolOffset = pool.length;
/** The monotonic state of {@link uuidv7}: the last id's milliseconds and 31-bit sequence. */
const state = { msecs: -Infinity, seq: 0 };

function random16(): Uint8Array {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  return bytes;
}

/**
 * A new UUIDv7 string (RFC 9562 §5.7): 48-bit Unix milliseconds, then a 31-bit sequence seeded at random
 * each millisecond and incremented within one (RFC 9562 §6.2 method 1, as `uuid` does), so the ids of one
 * process sort in creation order; the rest random.
 */
export function uuidv7(): string {
  const random = random16();
  const now = Date.now();
  if (now > state.msecs) {
    state.msecs = now;
    state.seq = (((random[6] ?? 0) & 0x7f) << 24) | ((random[7] ?? 0) << 16) | ((random[8] ?? 0) << 8) | (random[9] ?? 0);
  } else {
    state.seq = (state.seq + 1) | 0;
    // 2^31 ids within one millisecond: borrow the next one rather than wrap.
    if (state.seq === 0) state.msecs += 1;
  }
  return v7({ random, msecs: state.msecs, seq: state.seq });
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
