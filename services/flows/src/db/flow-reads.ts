/**
 * The flows service's cached reads of the public submit path (the hottest path of the service), one instance per
 * service instance — built with its dependencies (`app.ts`), never module-level state:
 *
 * - the flow of a submission by public identifier, as a prepared statement (built once; on PostgreSQL parsed and
 *   planned once per connection, a named statement), reused for {@link FLOW_LOOKUP_TTL_MS} (a busy form costs
 *   one lookup per second, not one per submission). The price: a publish made by ANOTHER replica reaches this
 *   one's submissions up to that long later (this replica's own publishes call {@link FlowReads.forget}); the
 *   caller re-reads with `fresh` when the cached live form refuses the answers. Unknown flows are not cached. At
 *   most {@link FLOW_LOOKUP_CACHE_SIZE} flows, oldest first out;
 * - live snapshot templates by snapshot id: a published snapshot never changes (publishing again makes a new
 *   one), so its template can be kept. At most {@link SNAPSHOT_CACHE_SIZE}, least recently used first out.
 *   Callers must not modify a returned template.
 */
import { eq, sql } from 'drizzle-orm';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { Db } from '@formloom/kit/db';
import { findSnapshotTemplate, recordColumns, type FlowRecord } from './flows-repository';
import { flows, flowSnapshots } from './schema';

/** How long a flow looked up for a submission is reused (ms). */
export const FLOW_LOOKUP_TTL_MS = 1000;
/** Most flows kept by the submission lookup cache. */
export const FLOW_LOOKUP_CACHE_SIZE = 10_000;
/** Most snapshot templates kept. */
export const SNAPSHOT_CACHE_SIZE = 1000;

/** The cached reads of one service instance (see the module doc). */
export interface FlowReads {
  /**
   * The flow `publicIdentifier` for a submission (cached unless `fresh`).
   * @returns the record (undefined when unknown) and whether it came from the cache
   */
  flowForSubmission(publicIdentifier: string, options?: { fresh?: boolean; now?: number }): Promise<{ record: FlowRecord | undefined; cached: boolean }>;
  /** Drops flow `publicIdentifier` from the submission lookup cache (after a publish on this instance). */
  forget(publicIdentifier: string): void;
  /** The template of live snapshot `snapshotId` (cached), or undefined. */
  snapshotTemplate(snapshotId: number): Promise<FlowTemplate | undefined>;
}

/** Builds the cached reads over `db` (one per service instance). */
export function createFlowReads(db: Db): FlowReads {
  const lookup = db
    .select(recordColumns)
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .where(eq(flows.publicIdentifier, sql.placeholder('publicIdentifier')))
    .prepare('flows_find_by_public_identifier');
  const flowCache = new Map<string, { record: FlowRecord; readAt: number }>();
  const snapshots = new Map<number, FlowTemplate>();
  return {
    async flowForSubmission(publicIdentifier, options = {}) {
      const now = options.now ?? Date.now();
      const hit = flowCache.get(publicIdentifier);
      if (hit && !options.fresh && now - hit.readAt < FLOW_LOOKUP_TTL_MS) return { record: hit.record, cached: true };
      const [record] = await lookup.execute({ publicIdentifier });
      flowCache.delete(publicIdentifier);
      if (record) {
        flowCache.set(publicIdentifier, { record, readAt: now });
        if (flowCache.size > FLOW_LOOKUP_CACHE_SIZE) flowCache.delete(flowCache.keys().next().value as string);
      }
      return { record, cached: false };
    },
    forget(publicIdentifier) {
      flowCache.delete(publicIdentifier);
    },
    async snapshotTemplate(snapshotId) {
      const cached = snapshots.get(snapshotId);
      if (cached) {
        // Map order is insertion order: move it to the end (most recently used).
        snapshots.delete(snapshotId);
        snapshots.set(snapshotId, cached);
        return cached;
      }
      const template = await findSnapshotTemplate(db, snapshotId);
      if (template) {
        snapshots.set(snapshotId, template);
        if (snapshots.size > SNAPSHOT_CACHE_SIZE) {
          const oldest = snapshots.keys().next().value;
          if (oldest !== undefined) snapshots.delete(oldest);
        }
      }
      return template;
    },
  };
}
