/**
 * A consumer's membership of its Redis consumer group (docs/architecture.md §4 "Bus"): creating the group
 * on each stream (at id 0, so events published before the first subscription are delivered too),
 * reading with XREADGROUP (its own pending entries first, then new ones), and leaving the group on a
 * graceful stop.
 */
import type { Redis } from 'ioredis';
import type { SubscriptionTarget } from './settings';

/**
 * XGROUP CREATE <stream> <group> 0 MKSTREAM on every stream of `target`; an existing group (BUSYGROUP) is fine.
 * @throws Error when Redis refuses otherwise or cannot be reached
 */
export async function ensureGroups(commands: Redis, target: SubscriptionTarget): Promise<void> {
  const pipeline = commands.pipeline();
  for (const stream of target.streams) {
    pipeline.call('XGROUP', 'CREATE', stream, target.group, '0', 'MKSTREAM');
  }
  const results = (await pipeline.exec()) ?? [];
  for (const [error] of results) {
    if (error && !error.message.includes('BUSYGROUP')) throw error;
  }
}

/**
 * One XREADGROUP of at most `count` entries for `target`'s consumer. With `history` (a stream and the id
 * to read after), reads back entries this consumer was delivered before and did not acknowledge, without
 * blocking; otherwise reads new entries (`>`) of every stream, blocking up to `blockMs` ms.
 * @returns the raw reply (see `parseStreamsReply`)
 * @throws Error when Redis fails (NOGROUP when the group or stream is gone) or the connection is down
 */
export function readGroup(
  blocking: Redis,
  target: SubscriptionTarget,
  count: number,
  blockMs: number,
  history?: { stream: string; after: string },
): Promise<unknown> {
  const head = ['GROUP', target.group, target.consumer, 'COUNT', count] as const;
  if (history) return blocking.call('XREADGROUP', ...head, 'STREAMS', history.stream, history.after);
  return blocking.call(
    'XREADGROUP', ...head, 'BLOCK', blockMs,
    'STREAMS', ...target.streams, ...target.streams.map(() => '>'),
  );
}

/** Deletes `target`'s consumer from its group on each stream where it has no pending entry (best effort, never throws). */
export async function forgetConsumerIfIdle(commands: Redis, target: SubscriptionTarget): Promise<void> {
  for (const stream of target.streams) {
    try {
      const pending = await commands.call('XPENDING', stream, target.group, '-', '+', 1, target.consumer);
      if (Array.isArray(pending) && pending.length === 0) {
        await commands.call('XGROUP', 'DELCONSUMER', stream, target.group, target.consumer);
      }
    } catch {
      // Best effort: a leftover consumer name with no pending entries is harmless.
    }
  }
}
