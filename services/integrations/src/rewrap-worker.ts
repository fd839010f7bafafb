/**
 * The re-wrap worker: after a key rotation (a new secret first in `CREDENTIALS_ENCRYPTION_KEYS`), re-wraps each
 * connection's data key with the current key, REWRAP_BATCH rows per pass (claimed with `FOR UPDATE SKIP LOCKED`, so
 * replicas share the work and a save in progress is never overwritten), until no row is wrapped with an older key;
 * then the old secret can be removed (docs/runbooks/integrations.md "Rotating the credentials key"). A row whose key
 * is gone altogether is left as it is, with a warning: it does not open until that key is configured again.
 */
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@formloom/kit/db';
import { PollingLoop, type LoopLogger } from '@formloom/kit/polling-loop';
import type { Worker } from '@formloom/kit/service';
import { serviceConnections } from './db/schema';
import { CredentialsUnreadableError, type CredentialVault } from './domain/vault';

/** ours: rows re-wrapped per pass (one transaction). */
export const REWRAP_BATCH = 100;

/** Options of {@link RewrapWorker}. */
export interface RewrapWorkerOptions {
  db: Db;
  vault: CredentialVault;
  /** Wait between passes when there is nothing to re-wrap (ms). */
  pollMs: number;
  log: LoopLogger;
}

/**
 * One pass: re-wraps up to REWRAP_BATCH rows wrapped with another key than the current one (skipping `unreadable`,
 * rows whose key is not configured). Answers how many were re-wrapped and the ids that could not be.
 */
export async function rewrapPass(db: Db, vault: CredentialVault, unreadable: ReadonlySet<string> = new Set()): Promise<{ rewrapped: number; failed: string[] }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: serviceConnections.id, keyId: serviceConnections.keyId, wrappedKey: serviceConnections.wrappedKey, credentials: serviceConnections.credentials })
      .from(serviceConnections)
      .where(and(ne(serviceConnections.keyId, vault.currentKeyId), unreadable.size > 0 ? notInArray(serviceConnections.id, [...unreadable]) : undefined))
      .limit(REWRAP_BATCH)
      .for('update', { skipLocked: true });
    const failed: string[] = [];
    let rewrapped = 0;
    for (const row of rows) {
      try {
        const next = vault.rewrap(row, row.id);
        await tx.update(serviceConnections).set({ keyId: next.keyId, wrappedKey: next.wrappedKey }).where(eq(serviceConnections.id, row.id));
        rewrapped += 1;
      } catch (error) {
        if (!(error instanceof CredentialsUnreadableError)) throw error;
        failed.push(row.id);
      }
    }
    return { rewrapped, failed };
  });
}

/** The background worker around {@link rewrapPass}. */
export class RewrapWorker implements Worker {
  private readonly loop: PollingLoop;
  /** Rows whose key is not configured: warned about once per process, then skipped. */
  private readonly unreadable = new Set<string>();

  constructor(options: RewrapWorkerOptions) {
    this.loop = new PollingLoop({
      name: 'credentials re-wrap',
      pollMs: options.pollMs,
      log: options.log,
      pass: async () => {
        const { rewrapped, failed } = await rewrapPass(options.db, options.vault, this.unreadable);
        for (const id of failed) {
          this.unreadable.add(id);
          options.log.warn({ serviceId: id }, 'a connection is wrapped with a key CREDENTIALS_ENCRYPTION_KEYS no longer holds: it cannot be used until that key is configured again, or it is connected again');
        }
        return rewrapped + failed.length >= REWRAP_BATCH;
      },
    });
  }

  /** Starts the loop (a pass at once). */
  start(): void {
    this.loop.start();
    this.loop.kick();
  }

  /** Stops the loop (waits for a pass in progress). */
  async stop(): Promise<void> {
    await this.loop.stop();
  }
}

/** How many rows are wrapped with another key than `keyId` (the runbook's check before removing an old secret). */
export async function countStaleRows(db: Db, keyId: string): Promise<number> {
  const [row] = await db.select({ stale: sql<number>`count(*)::int` }).from(serviceConnections).where(ne(serviceConnections.keyId, keyId));
  return row?.stale ?? 0;
}
