/**
 * How events sit in Kafka (docs/architecture.md §4 "Bus"): topic and consumer group names, and the
 * envelope ↔ message mapping (key = the envelope's `key`, value = the envelope as JSON, header
 * `traceparent`). Pure functions: no client here.
 */
import type { IHeaders } from 'kafkajs';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { parseEnvelopeJson } from '../envelope';

/** The topic of event `type`: `<prefix><type>` (e.g. `formloom.form.submitted`). docs/architecture.md §4 "Bus". */
export function kafkaTopicOf(prefix: string, type: string): string {
  return `${prefix}${type}`;
}

/** The dead-letter topic: `<prefix>dead-letter` (event types never contain `-`, so it cannot clash). */
export function kafkaDeadLetterTopicOf(prefix: string): string {
  return `${prefix}dead-letter`;
}

/** The Kafka consumer group id of `group` (a service name): `<prefix><group>`. */
export function kafkaGroupIdOf(prefix: string, group: string): string {
  return `${prefix}${group}`;
}

/**
 * The message that carries `event`: key = `event.key`, value = the envelope as JSON, header
 * `traceparent` when the envelope has one (ARCHITECTURE §4 "Observability": traces across the bus).
 */
export function toKafkaMessage(event: EventEnvelope): { key: string; value: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (event.traceparent !== undefined) headers.traceparent = event.traceparent;
  return { key: event.key, value: JSON.stringify(event), headers };
}

/** What {@link parseKafkaMessage} makes of a message. */
export type ParsedKafkaMessage = { ok: true; event: EventEnvelope } | { ok: false; reason: string };

/**
 * Reads the envelope out of a consumed message's value (the inverse of {@link toKafkaMessage}), or says
 * why it cannot: no value, not JSON, not an `EventEnvelope`, or (when `expectedType` is given) an event
 * of another type than its topic's.
 */
export function parseKafkaMessage(
  message: { value: Buffer | string | null },
  expectedType?: string,
): ParsedKafkaMessage {
  if (message.value === null) return { ok: false, reason: 'no value (tombstone)' };
  const parsed = parseEnvelopeJson(typeof message.value === 'string' ? message.value : message.value.toString('utf8'));
  if (parsed.ok && expectedType !== undefined && parsed.event.type !== expectedType) {
    return { ok: false, reason: `event type "${parsed.event.type}" does not belong on the topic of "${expectedType}"` };
  }
  return parsed;
}

/** A consumed message as the bus handles it. */
export interface ConsumedMessage {
  topic: string;
  partition: number;
  /** The message's offset (decimal string, as kafkajs gives it). */
  offset: string;
  key: Buffer | string | null;
  value: Buffer | string | null;
  headers?: IHeaders;
}

/** The event type topic `topic` carries under `prefix` (the inverse of {@link kafkaTopicOf}); undefined for a foreign topic. */
export function kafkaTypeOfTopic(prefix: string, topic: string): string | undefined {
  return topic.startsWith(prefix) ? topic.slice(prefix.length) : undefined;
}
