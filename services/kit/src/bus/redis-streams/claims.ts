/**
 * Ownership of pending entries (docs/architecture.md §4 "Bus": "pending entries of dead consumers
 * re-claimed with XAUTOCLAIM"): a consumer renews the entries it holds (XCLAIM … JUSTID, so a slow handler
 * or a long backoff is not taken over) and takes over entries idle for `claimIdleMs` (those of consumers
 * that died or lost Redis).
 */
import type { Redis } from 'ioredis';
import { parseAutoClaimReply } from './replies';
import type { RawEntry } from './replies';
import type { SubscriptionTarget } from './settings';

/** An entry a consumer holds, as far as ownership goes. */
export interface PendingRef {
  readonly stream: string;
  readonly id: string;
}

/**
 * Resets the idle time of every entry in `held` (XCLAIM <stream> <group> <consumer> 0 <ids…> JUSTID, one
 * pipelined round trip). Returns the entries Redis no longer lists as pending for the group (handled by
 * another consumer, or trimmed), in the order given, for the streams that answered; and the first error
 * of a stream that did not.
 */
export async function renewOwnership<E extends PendingRef>(
  commands: Redis,
  target: SubscriptionTarget,
  held: Iterable<E>,
): Promise<{ lost: E[]; error: Error | undefined }> {
  const byStream = new Map<string, E[]>();
  for (const entry of held) {
    const list = byStream.get(entry.stream);
    if (list) list.push(entry);
    else byStream.set(entry.stream, [entry]);
  }
  if (byStream.size === 0) return { lost: [], error: undefined };
  const streams = [...byStream.keys()];
  const pipeline = commands.pipeline();
  for (const stream of streams) {
    const ids = (byStream.get(stream) ?? []).map((entry) => entry.id);
    pipeline.call('XCLAIM', stream, target.group, target.consumer, 0, ...ids, 'JUSTID');
  }
  const results = (await pipeline.exec()) ?? [];
  const lost: E[] = [];
  let error: Error | undefined;
  results.forEach(([failure, reply], index) => {
    const stream = streams[index];
    if (stream === undefined) return;
    if (failure) {
      error ??= failure;
      return;
    }
    const owned = new Set(Array.isArray(reply) ? reply.map(String) : []);
    for (const entry of byStream.get(stream) ?? []) if (!owned.has(entry.id)) lost.push(entry);
  });
  return { lost, error };
}

/**
 * Takes over, for `target`'s consumer, at most `count` entries of `stream` idle for `claimIdleMs` ms or
 * more (XAUTOCLAIM from `cursor`).
 * @returns the cursor to continue from and the entries taken over (fields null: deleted meanwhile)
 * @throws Error when Redis fails or cannot be reached
 */
export async function claimIdle(
  commands: Redis,
  target: SubscriptionTarget,
  stream: string,
  options: { cursor: string; claimIdleMs: number; count: number },
): Promise<{ next: string; entries: RawEntry[] }> {
  const reply = await commands.call(
    'XAUTOCLAIM',
    stream,
    target.group,
    target.consumer,
    options.claimIdleMs,
    options.cursor,
    'COUNT',
    options.count,
  );
  return parseAutoClaimReply(reply);
}
