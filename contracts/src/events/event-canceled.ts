/**
 * `event.canceled` v1: a booked event was canceled (`event.cancelReason` says why, when the canceller said). Scheduling service → workflows-engine (spec 001 §3 triggers);
 * data: {@link SchedulingEventData} (`scheduling.ts`). Key: the booking id.
 */
import { defineEvent } from './define';
import { SCHEDULING_EVENT_VERSION, SchedulingEventData } from './scheduling';

/** The data of the event (shared by the scheduling events, `scheduling.ts`). */
export { SchedulingEventData };

export const EVENT_CANCELED = 'event.canceled' as const;

/** `event.canceled` v1 (see the module doc). */
export const eventCanceled = defineEvent({ type: EVENT_CANCELED, version: SCHEDULING_EVENT_VERSION, data: SchedulingEventData });
