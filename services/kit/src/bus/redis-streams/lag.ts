/**
 * Consumer lag of the Redis Streams bus (`EventBus.lag`, the `formloom_consumer_lag_events{group,type}`
 * gauge; docs/architecture.md §7): per group and stream, entries not delivered yet plus entries delivered
 * and not acknowledged, read with XINFO GROUPS and XINFO STREAM (Redis 7).
 */
import type { Redis } from 'ioredis';
import type { ConsumerLag } from '../types';
import { pairs } from './replies';

/**
 * Per group and each of its streams: entries not yet acknowledged by the group = the group's `lag`
 * (entries not yet delivered) + its `pending` (delivered, not acknowledged). When Redis cannot tell the lag
 * (nil after an XDEL inside the range), it is computed as the stream's `entries-added` minus the group's
 * `entries-read`; a group where neither is known (Redis < 7) is left out, and so is a stream or group that
 * does not exist yet. The row's `type` is the stream name without `streamPrefix`.
 * @param groupStreams per group name, the streams it subscribed to
 * @throws Error when Redis cannot be reached
 */
export async function readConsumerLag(
  commands: Redis,
  groupStreams: ReadonlyMap<string, ReadonlySet<string>>,
  streamPrefix: string,
): Promise<ConsumerLag[]> {
  const wanted = [...groupStreams].flatMap(([group, streams]) => [...streams].map((stream) => ({ group, stream })));
  const streams = [...new Set(wanted.map((row) => row.stream))];
  if (streams.length === 0) return [];
  const pipeline = commands.pipeline();
  for (const stream of streams) {
    pipeline.call('XINFO', 'GROUPS', stream);
    pipeline.call('XINFO', 'STREAM', stream);
  }
  const results = (await pipeline.exec()) ?? [];
  const info = new Map<string, { groups: Map<string, Record<string, unknown>>; entriesAdded: unknown }>();
  streams.forEach((stream, index) => {
    const [groupsError, groupsReply] = results[index * 2] ?? [];
    const [streamError, streamReply] = results[index * 2 + 1] ?? [];
    if (groupsError || !Array.isArray(groupsReply)) return;
    const groups = new Map<string, Record<string, unknown>>();
    for (const item of groupsReply as unknown[]) {
      const fields = pairs(item);
      if (typeof fields.name === 'string') groups.set(fields.name, fields);
    }
    info.set(stream, { groups, entriesAdded: streamError ? undefined : pairs(streamReply)['entries-added'] });
  });
  const rows: ConsumerLag[] = [];
  for (const { group, stream } of wanted) {
    const entry = info.get(stream);
    const fields = entry?.groups.get(group);
    if (!entry || !fields) continue;
    const pending = Number(fields.pending ?? 0);
    let undelivered = fields.lag === null || fields.lag === undefined ? undefined : Number(fields.lag);
    if (undelivered === undefined && typeof entry.entriesAdded === 'number' && typeof fields['entries-read'] === 'number') {
      undelivered = Math.max(0, entry.entriesAdded - fields['entries-read']);
    }
    if (undelivered === undefined || !Number.isFinite(undelivered)) continue;
    rows.push({ group, type: stream.slice(streamPrefix.length), lag: undelivered + pending });
  }
  return rows;
}
