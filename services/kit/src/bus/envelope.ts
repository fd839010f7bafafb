/**
 * Reading an event back from a broker (docs/architecture.md §4 "Bus"; the envelope of §8): the Redis
 * Streams and Kafka adapters carry each envelope as JSON and check it against the contracts'
 * `EventEnvelope` schema before any handler sees it; what fails goes to their dead letters with the reason.
 */
import { EventEnvelope } from '@formloom/contracts/events/envelope';

/** An envelope read from JSON, or why there is none. */
export type ParsedEnvelope = { ok: true; event: EventEnvelope } | { ok: false; reason: string };

/**
 * Parses `json` as an `EventEnvelope`. Reasons: `invalid JSON: <parser message>`, or `invalid envelope:
 * <path>: <issue>; …` (the zod issues, `(root)` for the whole value).
 */
export function parseEnvelopeJson(json: string): ParsedEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, reason: `invalid JSON: ${describeError(error)}` };
  }
  const parsed = EventEnvelope.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, reason: `invalid envelope: ${issues.join('; ')}` };
  }
  return { ok: true, event: { ...parsed.data, data: parsed.data.data } };
}

/** The message of an error, or the value as text (for logs and dead-letter reasons). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
