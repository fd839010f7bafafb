/**
 * The event envelope every event travels in (ARCHITECTURE §1):
 * `{ id (UUIDv7), type, version, occurredAt, key, tenant: { organizationId, workspaceId }, data, traceparent }`.
 * `key` is the partition key (usually the flow or workflow id). Events are facts named
 * `<entity>.<past-tense verb>`.
 */
import { z } from 'zod';

/** The tenant an event belongs to. */
export const Tenant = z.object({
  organizationId: z.number().int().positive(),
  workspaceId: z.number().int().positive().nullable(),
});
/** The tenant of an event. */
export type Tenant = z.infer<typeof Tenant>;

/** The envelope with an opaque `data` payload; each event type parses `data` with its own schema. */
export const EventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z]+(\.[a-z]+)*\.[a-z]+$/),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  key: z.string(),
  tenant: Tenant,
  data: z.unknown(),
  traceparent: z.string().optional(),
});
/** An event envelope. */
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: TData };
