/**
 * The engine's event consumers (ARCHITECTURE §1): `form.submitted` v1 → one queued run per listening
 * workflow (see `domain/runs.ts` `queueSubmissionRuns`). The kit runs `handle` in one transaction with the
 * inbox row, so a redelivered event (same id) queues nothing again.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { FORM_SUBMITTED, FORM_SUBMITTED_VERSION, FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { Tx } from '@formloom/kit/db';
import type { Consumer, OnCommit } from '@formloom/kit/service';
import { currentTraceparent } from '@formloom/kit/telemetry';
import { queueSubmissionRuns } from './domain/runs';

/** Options of {@link formSubmittedConsumer}. */
export interface FormSubmittedConsumerOptions {
  /** Called once the transaction that queued runs has committed (the worker can claim them). */
  onQueued(runIds: readonly string[]): void;
  log: { warn(context: object, message?: string): void };
}

/**
 * The `form.submitted` consumer. An event of another version or whose data does not parse is logged and
 * acknowledged (redelivering it would never succeed).
 */
export function formSubmittedConsumer(options: FormSubmittedConsumerOptions): Consumer {
  return {
    types: [FORM_SUBMITTED],
    async handle(event: EventEnvelope, tx: Tx, _emit, onCommit: OnCommit) {
      if (event.version !== FORM_SUBMITTED_VERSION) {
        options.log.warn({ eventId: event.id, version: event.version }, 'form.submitted: unknown version, skipped');
        return;
      }
      const data = FormSubmittedData.safeParse(event.data);
      if (!data.success) {
        options.log.warn({ eventId: event.id, issues: data.error.issues }, 'form.submitted: data does not parse, skipped');
        return;
      }
      // The kit runs `handle` in the event's consumer span: the runs continue the trace from there.
      const runIds = await queueSubmissionRuns(tx, event, data.data, currentTraceparent() ?? event.traceparent);
      if (runIds.length > 0) onCommit(() => options.onQueued(runIds));
    },
  };
}
