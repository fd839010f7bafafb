/**
 * `event.rescheduled` v1: a booked event moved (`event.previousStartTime` → `event.startTime`). Scheduling service → workflows-engine (spec 001 §3 triggers);
 * data: {@link SchedulingEventData} (`scheduling.ts`). Key: the booking id.
 */
import { defineEvent } from './define';
import { SCHEDULING_EVENT_VERSION, SchedulingEventData } from './scheduling';

/** The data of the event (shared by the scheduling events, `scheduling.ts`). */
export { SchedulingEventData };

export const EVENT_RESCHEDULED = 'event.rescheduled' as const;

/** `event.rescheduled` v1 (see the module doc). */
export const eventRescheduled = defineEvent({ type: EVENT_RESCHEDULED, version: SCHEDULING_EVENT_VERSION, data: SchedulingEventData });
