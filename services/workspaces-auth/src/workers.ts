/**
 * The background workers of workspaces-auth, each a kit `PollingLoop` (started by the service's `start()`,
 * stopped by `close()`), for the service definition's `workers`:
 * - the session sweeper deletes expired sessions (a session is refused once expired; without the sweeper the
 *   rows of users who never sign in again would stay forever);
 * - the signing-key worker reloads the keys every `SIGNING_KEY_REFRESH_MS` (keys another replica or the CLI
 *   added), deletes retired keys, and rotates the signing key when it is older than
 *   `AUTH_SIGNING_KEY_ROTATION_DAYS` (`domain/signing-keys.ts`);
 * - the system-mail worker sends the service's queued mail (`domain/system-mail.ts`; built with the
 *   dependencies, so the routes can kick it).
 * All are safe on every replica at once (row locks skipped, the key lock serializes rotations).
 */
import { PollingLoop, type LoopLogger } from '@formloom/kit/polling-loop';
import type { DbOrTx } from '@formloom/kit/db';
import type { Worker } from '@formloom/kit/service';
import { deleteExpiredSessionBatch } from './domain/sessions';
import type { SystemMailSender } from './domain/system-mail';
import { deleteRetiredKeys, rotateSigningKey, SIGNING_KEY_REFRESH_MS, type KeyTimes } from './domain/signing-keys';
import type { KeysContext, LoadedSigningKeys } from './keys';

/** How often the sweeper looks for expired sessions when the last pass found few (ms; 15 minutes). */
export const SESSION_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Sessions deleted per statement: a pass that filled a batch runs again at once. */
export const SESSION_SWEEP_BATCH_SIZE = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A logger with `info` too. */
interface WorkerLogger extends LoopLogger {
  info(context: object, message: string): void;
}

/** Options of {@link sessionSweeper} (tests shorten them). */
export interface SessionSweeperOptions {
  /** Wait between passes (ms; default {@link SESSION_SWEEP_INTERVAL_MS}). */
  pollMs?: number;
  /** Rows per statement (default {@link SESSION_SWEEP_BATCH_SIZE}). */
  batchSize?: number;
}

/**
 * The session sweeper: each pass deletes up to `batchSize` expired sessions (`deleteExpiredSessionBatch`, one
 * index probe when there are none) and runs again at once while batches come back full; otherwise it waits
 * `pollMs`. Logs how many it deleted when it deleted any.
 */
export function sessionSweeper(ctx: { db: DbOrTx; log: WorkerLogger }, options: SessionSweeperOptions = {}): PollingLoop {
  const batchSize = options.batchSize ?? SESSION_SWEEP_BATCH_SIZE;
  return new PollingLoop({
    name: 'session sweeper',
    pollMs: options.pollMs ?? SESSION_SWEEP_INTERVAL_MS,
    log: ctx.log,
    async pass() {
      const deleted = await deleteExpiredSessionBatch(ctx.db, batchSize);
      if (deleted > 0) ctx.log.info({ deleted }, 'deleted expired sessions');
      return deleted === batchSize;
    },
  });
}

/** True when no rotation is under way and the key signing at `now` has signed for `maxAgeMs` or longer. */
function rotationDue(keys: readonly KeyTimes[], now: number, maxAgeMs: number): boolean {
  const live = keys.filter((key) => key.retiresAt === null || key.retiresAt > now);
  if (live.some((key) => key.activatesAt > now)) return false;
  const signing = live.filter((key) => key.activatesAt <= now).sort((a, b) => b.activatesAt - a.activatesAt)[0];
  return signing !== undefined && now - signing.activatesAt >= maxAgeMs;
}

/**
 * The signing-key worker (see the module doc): every {@link SIGNING_KEY_REFRESH_MS}, deletes retired keys,
 * reloads the keys of this instance, and rotates when due (`AUTH_SIGNING_KEY_ROTATION_DAYS` > 0).
 */
export function signingKeyWorker(ctx: KeysContext & LoadedSigningKeys): PollingLoop {
  return new PollingLoop({
    name: 'signing-key worker',
    pollMs: SIGNING_KEY_REFRESH_MS,
    log: ctx.log,
    async pass() {
      const { keys, secrets } = ctx;
      const now = new Date();
      for (const kid of await deleteRetiredKeys(ctx.db, now)) ctx.log.info({ kid }, 'retired a token signing key');
      await keys.refresh();
      const days = ctx.config.AUTH_SIGNING_KEY_ROTATION_DAYS;
      if (days > 0 && rotationDue(keys.times(), now.getTime(), days * DAY_MS)) {
        const rotation = await rotateSigningKey(ctx.db, secrets.current, { now, ifOlderThanMs: days * DAY_MS });
        if (rotation) {
          ctx.log.info(
            { kid: rotation.kid, activatesAt: new Date(rotation.activatesAt).toISOString(), retired: rotation.retired.map((key) => key.kid) },
            `rotated the token signing key (older than ${days} days)`,
          );
          await keys.refresh();
        }
      }
      return false;
    },
  });
}

/**
 * Every worker of workspaces-auth, for the service definition: `workers: workspacesAuthWorkers`.
 */
export function workspacesAuthWorkers(ctx: KeysContext & LoadedSigningKeys & { systemMail: SystemMailSender }): Worker[] {
  return [sessionSweeper(ctx), signingKeyWorker(ctx), ctx.systemMail.worker];
}
