/**
 * The dead-letter topic of the Kafka bus, `<topicPrefix>dead-letter` (docs/architecture.md §4 "Bus":
 * "retries with backoff, then the dead-letter topic"): when an event is given up (after `maxAttempts`
 * failed attempts, or at once when malformed), the policy that decides it, and the message written there
 * (the original key, value and headers plus the `dlt-*` headers saying where it came from and why).
 */
import type { Message } from 'kafkajs';
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { retryDecision } from '../keyed-lanes';
import type { ConsumedMessage } from './messages';

/** A message written to the dead-letter topic, as reported to `KafkaBusOptions.onDeadLetter`. */
export interface DeadLetterInfo {
  /** The consumer group (the service) that gave up on it. */
  group: string;
  /** The event type: the envelope's, or the one its topic stands for when it could not be parsed. */
  type: string;
  /** Where it came from. */
  topic: string;
  partition: number;
  offset: string;
  /** Why: the last handler error, or what is malformed. */
  reason: string;
  /** Handler attempts made (0 for a malformed message). */
  attempts: number;
  /** The envelope's id, when it could be parsed. */
  eventId?: string;
}

/**
 * Header names on dead-letter messages (values are strings). The original message's headers (such as
 * `traceparent`) are kept alongside.
 */
export const DEAD_LETTER_HEADERS = {
  /** The topic the message was consumed from. */
  topic: 'dlt-original-topic',
  /** Its partition (decimal). */
  partition: 'dlt-original-partition',
  /** Its offset (decimal). */
  offset: 'dlt-original-offset',
  /** The consumer group (service name, without the prefix) that gave up. */
  group: 'dlt-group',
  /** Why it was dead-lettered. */
  reason: 'dlt-reason',
  /** Handler attempts made (0 = malformed, never handled). */
  attempts: 'dlt-attempts',
  /** When it was dead-lettered (ISO 8601). */
  failedAt: 'dlt-failed-at',
} as const;

/** Longest `dlt-reason` header, in characters. */
const MAX_REASON_LENGTH = 1_000;

/** A dead letter to write: the message, why, after how many handler attempts, and its envelope when it parsed. */
export interface DeadLetterRequest {
  message: ConsumedMessage;
  reason: string;
  /** Handler attempts made (0 for a malformed message). */
  attempts: number;
  event?: EventEnvelope;
}

/** What to do after a handler failed: retry after `delayMs`, or give up and dead-letter the event. */
export type FailureDecision = { action: 'retry'; delayMs: number } | { action: 'dead-letter' };

/**
 * The dead-letter policy (the one `KeyedLanes` applies for the Kafka dispatcher, see `retryDecision`):
 * after the `failures`-th failed attempt (1-based), retry after `retryInitialMs * 2^(failures - 1)` ms
 * capped at `retryMaxMs`, unless `failures` reached `maxAttempts`, in which case dead-letter.
 * docs/architecture.md §4 "Bus" ("retries with backoff, then the dead-letter topic").
 */
export function failureDecision(
  failures: number,
  policy: { maxAttempts: number; retryInitialMs: number; retryMaxMs: number },
): FailureDecision {
  const decision = retryDecision(failures, policy);
  return decision.action === 'retry' ? decision : { action: 'dead-letter' };
}

/**
 * The dead-letter message for `message`: the same key, value and headers, plus the
 * {@link DEAD_LETTER_HEADERS} (earlier `dlt-*` headers, from a replayed dead letter, are replaced).
 */
export function deadLetterMessage(
  message: ConsumedMessage,
  details: { group: string; reason: string; attempts: number; failedAt: Date },
): Message {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      [DEAD_LETTER_HEADERS.topic]: message.topic,
      [DEAD_LETTER_HEADERS.partition]: String(message.partition),
      [DEAD_LETTER_HEADERS.offset]: message.offset,
      [DEAD_LETTER_HEADERS.group]: details.group,
      [DEAD_LETTER_HEADERS.reason]: details.reason.slice(0, MAX_REASON_LENGTH),
      [DEAD_LETTER_HEADERS.attempts]: String(details.attempts),
      [DEAD_LETTER_HEADERS.failedAt]: details.failedAt.toISOString(),
    },
  };
}

