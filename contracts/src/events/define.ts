/**
 * One event type, one object (docs/architecture.md §8 "Events"): its name (`<entity>.<past-tense verb>`), its
 * version and the zod schema of its `data`. Producers emit with {@link EventDefinition.input}; consumers declare
 * the definition they handle, and the kit parses each delivered envelope with {@link parseEvent} before the
 * consumer sees it.
 */
import type { z } from 'zod';
import type { EventEnvelope } from './envelope';

/** An event type: name, version and data schema. */
export interface EventDefinition<TData> {
  /** The event's name, e.g. `form.submitted`. */
  readonly type: string;
  /** The version of `data`'s shape; a consumer handles one version. */
  readonly version: number;
  /** The schema of `data`. */
  readonly data: z.ZodType<TData>;
}

/** Defines an event type. */
export function defineEvent<TData>(definition: EventDefinition<TData>): EventDefinition<TData> {
  return Object.freeze({ ...definition });
}

/** The outcome of {@link parseEvent}: the envelope with parsed data, or why it cannot be handled. */
export type ParsedEvent<TData> =
  | { ok: true; event: EventEnvelope<TData> }
  | { ok: false; reason: 'type' | 'version' | 'data'; issues?: readonly z.core.$ZodIssue[] };

/**
 * Parses a delivered envelope for `definition`: its type and version must be the definition's, its `data` must
 * parse (unknown keys dropped, defaults applied). Never throws.
 */
export function parseEvent<TData>(definition: EventDefinition<TData>, envelope: EventEnvelope): ParsedEvent<TData> {
  if (envelope.type !== definition.type) return { ok: false, reason: 'type' };
  if (envelope.version !== definition.version) return { ok: false, reason: 'version' };
  const data = definition.data.safeParse(envelope.data);
  if (!data.success) return { ok: false, reason: 'data', issues: data.error.issues };
  return { ok: true, event: { ...envelope, data: data.data } };
}
