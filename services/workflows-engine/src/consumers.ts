/**
 * The engine's event consumers (ARCHITECTURE §1): `form.submitted` v1 → one run per listening workflow, inserted
 * already claimed by this instance's worker when it has room, queued otherwise (see `domain/runs.ts`
 * `queueSubmissionRuns`), one webhook delivery per live subscription of the form (`domain/webhooks.ts`
 * `queueWebhookDeliveries`), and the respondent's formAbandoned runs that have not started are dropped;
 * `form.progressed` v1 → the formAbandoned runs of the respondent are armed or moved; `event.booked`,
 * `event.rescheduled`, `event.canceled` v1 → the beforeEventStarts runs of the booking are armed, moved or dropped
 * and the eventRescheduled / eventCanceled runs queued (`domain/timed-triggers.ts`); `flow.deleted` v1 → the form's
 * workflows are deleted, with their runs and steps (the mail log stays); `flow.moved` v1 → the form's workflows and
 * webhook subscriptions take its new workspace (which decides access). The kit parses each delivery with the event's definition and runs
 * `handle` in one transaction with the inbox row, so a redelivered event (same id) queues nothing again.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { flowDeleted } from '@formloom/contracts/events/flow-deleted';
import { flowMoved } from '@formloom/contracts/events/flow-moved';
import { formSubmitted, type FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { Tx } from '@formloom/kit/db';
import { defineConsumer, type OnCommit } from '@formloom/kit/service';
import { currentTraceparent } from '@formloom/kit/telemetry';
import { queueSubmissionRuns, type ClaimedRunRow, type RunLease, type SubmissionTrigger } from './domain/runs';
import { formProgressed, type FormProgressedData } from '@formloom/contracts/events/form-progressed';
import { eventBooked } from '@formloom/contracts/events/event-booked';
import { eventCanceled } from '@formloom/contracts/events/event-canceled';
import { eventRescheduled } from '@formloom/contracts/events/event-rescheduled';
import type { SchedulingEventData } from '@formloom/contracts/events/scheduling';
import { armAbandonedRuns, armBeforeEventRuns, disarmAbandonedRuns, disarmBeforeEventRuns, queueEventRuns, type TriggerEvent } from './domain/timed-triggers';
import { deleteFlowSubscriptions, moveFlowSubscriptions, queueWebhookDeliveries } from './domain/webhooks';
import { deleteFlowWorkflows, moveFlowWorkflows } from './domain/workflows';

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
    // A respondent who finished is no longer abandoning the form.
    await disarmAbandonedRuns(
      tx,
      triggers.map(({ event, data }) => ({ organizationId: event.tenant.organizationId, flowPublicIdentifier: data.flowPublicIdentifier, submissionId: data.submissionId })),
    );
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

/**
 * The `flow.moved` consumer (spec 000 §4 "Dragging"; spec 001 §6: the form's workspace decides who may see and
 * change its workflows): sets the workspace of every workflow and every webhook subscription of the moved form in
 * the event's organization to `data.workspaceId`, in the inbox row's transaction. Runs, steps and deliveries carry
 * no workspace (their workflow's or subscription's decides). A redelivery (same event id) is skipped by the inbox;
 * applying the same move again would find every row already there and write nothing.
 */
export function flowMovedConsumer() {
  return defineConsumer({
    event: flowMoved,
    async handle(event, tx) {
      const { flowPublicIdentifier, workspaceId } = event.data;
      await moveFlowWorkflows(tx, flowPublicIdentifier, event.tenant.organizationId, workspaceId);
      await moveFlowSubscriptions(tx, flowPublicIdentifier, event.tenant.organizationId, workspaceId);
    },
  });
}

/** A delivered event of `TData` with the trace its runs continue (the consumer span's, else the event's). */
function triggerEventOf<TData>(event: EventEnvelope<TData>, traceparent?: string): TriggerEvent<TData> {
  return { event, data: event.data, traceparent: traceparent ?? currentTraceparent() ?? event.traceparent };
}

/**
 * The `form.progressed` consumer: arms or moves the formAbandoned runs of each respondent who saved progress
 * (`domain/timed-triggers.ts` `armAbandonedRuns`). They wait with a due time; the worker's poll finds them.
 */
export function formProgressedConsumer() {
  const arm = (events: readonly TriggerEvent<FormProgressedData>[], tx: Tx) => armAbandonedRuns(tx, events);
  return defineConsumer({
    event: formProgressed,
    async handle(event, tx) {
      await arm([triggerEventOf(event)], tx);
    },
    async handleBatch(events, tx) {
      await arm(events.map(({ event, traceparent }) => triggerEventOf(event, traceparent)), tx);
    },
  });
}

/** Options of the scheduling consumers: the run worker's `kick` (runs queued to start at once). */
export interface SchedulingConsumerOptions {
  onQueued(runIds: readonly string[]): void;
}

/** The `event.booked` consumer: arms the beforeEventStarts runs of the booking. */
export function eventBookedConsumer() {
  return defineConsumer({
    event: eventBooked,
    async handle(event, tx) {
      await armBeforeEventRuns(tx, [triggerEventOf<SchedulingEventData>(event)]);
    },
  });
}

/**
 * The `event.rescheduled` consumer: the booking's beforeEventStarts runs that have not started are replaced by runs
 * at the new time, and the eventRescheduled runs are queued.
 */
export function eventRescheduledConsumer(options: SchedulingConsumerOptions) {
  return defineConsumer({
    event: eventRescheduled,
    async handle(event, tx, _emit, onCommit) {
      const item = [triggerEventOf<SchedulingEventData>(event)];
      await disarmBeforeEventRuns(tx, item);
      await armBeforeEventRuns(tx, item);
      const runIds = await queueEventRuns(tx, 'eventRescheduled', item);
      if (runIds.length > 0) onCommit(() => options.onQueued(runIds));
    },
  });
}

/**
 * The `event.canceled` consumer: the booking's beforeEventStarts runs that have not started are dropped, and the
 * eventCanceled runs are queued.
 */
export function eventCanceledConsumer(options: SchedulingConsumerOptions) {
  return defineConsumer({
    event: eventCanceled,
    async handle(event, tx, _emit, onCommit) {
      const item = [triggerEventOf<SchedulingEventData>(event)];
      await disarmBeforeEventRuns(tx, item);
      const runIds = await queueEventRuns(tx, 'eventCanceled', item);
      if (runIds.length > 0) onCommit(() => options.onQueued(runIds));
    },
  });
}
