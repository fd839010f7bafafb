/**
 * The engine's event consumers (ARCHITECTURE §1): `form.submitted` v1 → one run per listening workflow, inserted
 * already claimed by this instance's worker when it has room, queued otherwise (see `domain/runs.ts`
 * `queueSubmissionRuns`), and one webhook delivery per live subscription of the form (`domain/webhooks.ts`
 * `queueWebhookDeliveries`); `flow.deleted` v1 → the form's workflows are deleted, with
 * their runs and steps (the mail log stays). The kit parses each delivery with the event's definition and runs
 * `handle` in one transaction with the inbox row, so a redelivered event (same id) queues nothing again.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { flowDeleted } from '@formloom/contracts/events/flow-deleted';
import { formSubmitted, type FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { Tx } from '@formloom/kit/db';
import { defineConsumer, type OnCommit } from '@formloom/kit/service';
import { currentTraceparent } from '@formloom/kit/telemetry';
import { queueSubmissionRuns, type ClaimedRunRow, type RunLease, type SubmissionTrigger } from './domain/runs';
import { deleteFlowSubscriptions, queueWebhookDeliveries } from './domain/webhooks';
import { deleteFlowWorkflows } from './domain/workflows';

/** Options of {@link formSubmittedConsumer} (the run worker's `lease`, `adopt` and `kick`). */
export interface FormSubmittedConsumerOptions {
  /** A lease to insert the runs under, claimed, when the worker can execute them at once; `undefined` queues them. */
  lease(): RunLease | undefined;
  /** Called once the transaction has committed, with the runs inserted claimed under `lease` (to execute). */
  onClaimed(runs: readonly ClaimedRunRow[], lease: RunLease): void;
  /** Called once the transaction that queued runs (without a lease) has committed (the worker can claim them). */
  onQueued(runIds: readonly string[]): void;
  /** Called once the transaction that queued webhook deliveries has committed (the webhook worker can send them). */
  onWebhooksQueued(): void;
}

/**
 * The `form.submitted` consumer. The events the kit applies together are turned into runs by one statement
 * (`handleBatch`).
 */
export function formSubmittedConsumer(options: FormSubmittedConsumerOptions) {
  const trigger = (event: EventEnvelope<FormSubmittedData>, traceparent: string | undefined): SubmissionTrigger => ({
    event,
    data: event.data,
    traceparent,
  });
  const queue = async (triggers: SubmissionTrigger[], tx: Tx, onCommit: OnCommit): Promise<void> => {
    // The form's webhooks: one delivery per live subscription, in this transaction (with the inbox row).
    if ((await queueWebhookDeliveries(tx, triggers)) > 0) onCommit(() => options.onWebhooksQueued());
    const lease = options.lease();
    const { runIds, claimed } = await queueSubmissionRuns(tx, triggers, lease);
    if (runIds.length === 0) return;
    onCommit(() => (lease ? options.onClaimed(claimed, lease) : options.onQueued(runIds)));
  };
  return defineConsumer({
    event: formSubmitted,
    async handle(event, tx, _emit, onCommit) {
      // The kit runs `handle` in the event's consumer span: the runs continue the trace from there.
      await queue([trigger(event, currentTraceparent() ?? event.traceparent)], tx, onCommit);
    },
    async handleBatch(events, tx, _emit, onCommit) {
      await queue(
        events.map(({ event, traceparent }) => trigger(event, traceparent ?? event.traceparent)),
        tx,
        onCommit,
      );
    },
  });
}

/**
 * The `flow.deleted` consumer: deletes every workflow of the deleted form in the event's organization (runs and
 * steps go with them by cascade) and its webhook subscriptions (their pending deliveries are not sent). A
 * redelivery finds nothing left to delete.
 */
export function flowDeletedConsumer() {
  return defineConsumer({
    event: flowDeleted,
    async handle(event, tx) {
      await deleteFlowWorkflows(tx, event.data.flowPublicIdentifier, event.tenant.organizationId);
      await deleteFlowSubscriptions(tx, event.data.flowPublicIdentifier, event.tenant.organizationId);
    },
  });
}
