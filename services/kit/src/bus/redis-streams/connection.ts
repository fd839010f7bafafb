/**
 * The Redis connections of the Redis Streams bus and how they survive outages (docs/architecture.md §4
 * "Bus"; the module comment of `../redis-streams.ts`): reconnect forever at most every 2 s, log an outage
 * once and its end, replace a socket whose command timed out (half-open TCP), close politely.
 */
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { settlesWithin } from '../support';
import type { RedisStreamsSettings } from './settings';

/** How long a non-blocking command may wait for its reply, in ms. */
export const COMMAND_TIMEOUT_MS = 10_000;

/** Redis retries reconnecting forever, at most every 2 s. */
const retryStrategy = (attempt: number): number => Math.min(100 * attempt, 2_000);

/**
 * Opens an ioredis connection to `settings.url` with the bus's reconnect policy, named after the consumer;
 * logs outages once (warn, with `role`) and recoveries (info). `options` are ioredis options on top.
 */
export function connect(settings: RedisStreamsSettings, role: string, options: RedisOptions): Redis {
  const connection = new Redis(settings.url, {
    retryStrategy,
    connectionName: `formloom-bus:${settings.consumerName}`.replace(/[^\w:.-]/g, '_'),
    ...options,
  });
  let down = false;
  connection.on('error', (error: Error) => {
    if (down) return;
    down = true;
    settings.logger.warn({ err: error, role }, 'Redis connection lost; reconnecting');
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    settings.logger.info({ role }, 'Redis connection restored');
  });
  return connection;
}

/** Resolves once `connection` is ready, or after `ms` ms, whichever comes first. Never rejects. */
export function whenReady(connection: Redis, ms: number): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      connection.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    connection.once('ready', done);
  });
}

/** QUIT (waiting at most 1 s), then drops the socket. Never rejects. */
export async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'ready') await settlesWithin(connection.quit(), 1_000);
  connection.disconnect();
}

/**
 * Replaces the socket of `connection` (reconnects) when `error` is ioredis's "Command timed out": an
 * unanswered command most likely means a half-open TCP connection that would otherwise hang forever.
 */
export function resetIfTimedOut(connection: Redis, error: unknown): void {
  if (error instanceof Error && error.message === 'Command timed out' && connection.status === 'ready') {
    connection.disconnect(true);
  }
}

/** True when `error` is Redis's NOGROUP (the stream or the consumer group does not exist). */
export function isNoGroup(error: unknown): boolean {
  return error instanceof Error && error.message.includes('NOGROUP');
}
