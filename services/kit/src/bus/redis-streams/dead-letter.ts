/**
 * The dead-letter stream of the Redis Streams bus, `<streamPrefix>dead` (docs/architecture.md §4 "Bus":
 * "malformed entries to `formloom:events:dead`"): an entry that is not JSON or not an `EventEnvelope` is
 * copied there with the reason (fields `stream`, `id`, `group`, `reason`, `entry`) and acknowledged, in one
 * round trip.
 */
import type { Redis } from 'ioredis';
import type { RedisStreamsSettings, SubscriptionTarget } from './settings';

/** A malformed entry of `stream`: its id, why it is malformed, and its raw content. */
export interface MalformedEntry {
  readonly stream: string;
  readonly id: string;
  readonly reason: string;
  readonly raw: string;
}

/**
 * Logs (error) and copies `entry` to `target.deadLetterStream` (XADD MAXLEN ~ `maxLen`), then acknowledges
 * it (XACK) and reports its event type to `onDeadLetter`. Never throws: when Redis fails, logs a warning and
 * leaves the entry pending (it is claimed, and dead-lettered, again).
 */
export async function deadLetter(
  commands: Redis,
  settings: RedisStreamsSettings,
  target: SubscriptionTarget,
  entry: MalformedEntry,
): Promise<void> {
  const { stream, id, reason, raw } = entry;
  const log = { group: target.group, consumer: target.consumer, stream, entryId: id };
  settings.logger.error(
    { ...log, reason, deadLetterStream: target.deadLetterStream },
    'malformed event entry; moved to the dead-letter stream',
  );
  const pipeline = commands.pipeline();
  pipeline.call(
    'XADD',
    target.deadLetterStream,
    'MAXLEN',
    '~',
    settings.maxLen,
    '*',
    'stream',
    stream,
    'id',
    id,
    'group',
    target.group,
    'reason',
    reason,
    'entry',
    raw,
  );
  pipeline.xack(stream, target.group, id);
  try {
    const results = (await pipeline.exec()) ?? [];
    for (const [error] of results) if (error) throw error;
    settings.onDeadLetter?.(stream.slice(settings.streamPrefix.length));
  } catch (error) {
    settings.logger.warn({ ...log, err: error }, 'could not dead-letter a malformed entry; it will be claimed again');
  }
}
