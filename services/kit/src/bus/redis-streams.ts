/**
 * The Redis Streams event bus: the one-node adapter of the event bus port (ARCHITECTURE §1-2, "event bus:
 * Redis Streams (ioredis, consumer groups)").
 *
 * Layout in Redis:
 * - one stream per event type, `<streamPrefix><type>` (e.g. `formloom:events:form.submitted`); each entry
 *   has a single field `e` holding the envelope as JSON; streams are trimmed approximately to `maxLen`;
 * - one consumer group per subscribing group on each stream it reads, created at id `0` with MKSTREAM, so
 *   events published before the group's first subscription are delivered too;
 * - `<streamPrefix>dead`: malformed entries (not JSON, or not an `EventEnvelope`) with the reason, fields
 *   `stream`, `id`, `group`, `reason`, `entry`.
 *
 * Delivery (per subscription, i.e. per consumer of the group):
 * - a read loop on a dedicated blocking connection (XREADGROUP … BLOCK) holds at most `concurrency`
 *   entries at once; an entry is acknowledged (XACK) only after its handler resolved;
 * - entries sharing a `key` are handled one at a time in stream order by a consumer (different keys run
 *   concurrently). Order across consumers of a group, across event types, or after a take-over is not
 *   guaranteed. Entries waiting behind their key count against `concurrency`, so a key whose handler
 *   keeps failing can fill a consumer's slots and stall it until the failure is fixed (as a stuck Kafka
 *   partition would);
 * - a handler that throws leaves its entry pending; the consumer retries it itself after an exponential
 *   backoff (`retryInitialMs` doubling up to `retryMaxMs`), holding up later entries of the same key;
 * - a periodic task (every `claimIntervalMs`) renews the entries the consumer holds (XCLAIM … JUSTID, so
 *   a slow handler or a long backoff is not taken over by another consumer) and takes over, with
 *   XAUTOCLAIM, entries idle for `claimIdleMs` or more: those of consumers that died (or lost Redis);
 * - a consumer first reads back its own pending entries (XREADGROUP from id 0): with a stable
 *   `consumerName`, a process restarted after a crash resumes what it had read but not acknowledged at
 *   once instead of after `claimIdleMs`;
 * - at-least-once: a crash between a handler's commit and its XACK, or a take-over, delivers an event
 *   again; consumers make effects exactly-once with their inbox (ARCHITECTURE §1).
 *
 * Redis outages: publishing fails fast (after `maxRetriesPerRequest` = 2 reconnect attempts) instead of
 * queueing forever, so the outbox relay keeps its rows and retries; read loops and the claim task catch
 * errors, wait and retry, recreate missing consumer groups (NOGROUP, e.g. after Redis lost its data), and
 * resume by themselves once Redis is back. `isReady()` reports the outage to `/readyz`.
 *
 * This file is the entry point (`@formloom/kit/bus/redis-streams`); the adapter lives in `redis-streams/`:
 * `settings.ts` (options and defaults), `connection.ts` (connections, outages), `bus.ts` (publish,
 * subscribe, readiness, close), `subscription.ts` (one consumer: read loop, per-key scheduling with
 * `../keyed-lanes.ts`, XACK), `consumer-group.ts` (group creation, XREADGROUP, leaving the group),
 * `claims.ts` (renew and take-over), `dead-letter.ts`, `lag.ts`, `replies.ts` (reply parsing).
 */
export { RedisStreamsBus } from './redis-streams/bus';
export type { RedisStreamsBusOptions } from './redis-streams/settings';
