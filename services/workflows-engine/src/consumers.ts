/**
 * The engine's event consumers (ARCHITECTURE §1): `form.submitted` v1 → one queued run per listening
 * workflow (see `domain/runs.ts` `queueSubmissionRuns`). The kit runs `handle` in one transaction with the
 * inbox row, so a redelivered event (same id) queues nothing again.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { FORM_SUBMITTED, FORM_SUBMITTED_VERSION, FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { Tx } from '@formloom/kit/db';
import type { ConsumedEvent, Consumer, OnCommit } from '@formloom/kit/service';
import { currentTraceparent } from '@formloom/kit/telemetry';
import { queueSubmissionRuns, type SubmissionTrigger } from './domain/runs';

/** Options of {@link formSubmittedConsumer}. */
export interface FormSubmittedConsumerOptions {
  /** Called once the transaction that queued runs has committed (the worker can claim them). */
  onQueued(runIds: readonly string[]): void;
  log: { warn(context: object, message?: string): void };
}

/**
 * The `form.submitted` consumer. The events the kit applies together are turned into runs by one statement
 * (`handleBatch`). An event of another version or whose data does not parse is logged and acknowledged
 * (redelivering it would never succeed).
 */
export function formSubmittedConsumer(options: FormSubmittedConsumerOptions): Consumer {
  const triggerOf = (event: EventEnvelope, traceparent: string | undefined): SubmissionTrigger | undefined => {
    if (event.version !== FORM_SUBMITTED_VERSION) {
      options.log.warn({ eventId: event.id, version: event.version }, 'form.submitted: unknown version, skipped');
      return undefined;
    }
    const data = FormSubmittedData.safeParse(event.data);
    if (!data.success) {
      options.log.warn({ eventId: event.id, issues: data.error.issues }, 'form.submitted: data does not parse, skipped');
      return undefined;
    }
    return { event, data: data.data, traceparent };
  };
  const queue = async (triggers: SubmissionTrigger[], tx: Tx, onCommit: OnCommit): Promise<void> => {
    const runIds = await queueSubmissionRuns(tx, triggers);
    if (runIds.length > 0) onCommit(() => options.onQueued(runIds));
  };
  return {
    types: [FORM_SUBMITTED],
    async handle(event: EventEnvelope, tx: Tx, _emit, onCommit: OnCommit) {
      // The kit runs `handle` in the event's consumer span: the runs continue the trace from there.
      const trigger = triggerOf(event, currentTraceparent() ?? event.traceparent);
      if (trigger) await queue([trigger], tx, onCommit);
    },
    async handleBatch(events: readonly ConsumedEvent[], tx: Tx, _emit, onCommit: OnCommit) {
      const triggers = events.flatMap(({ event, traceparent }) => triggerOf(event, traceparent ?? event.traceparent) ?? []);
      await queue(triggers, tx, onCommit);
    },
  };
}
