/**
 * `event.booked` v1: an invitee booked an event on a scheduling page. Scheduling service → workflows-engine (spec 001 §3 triggers);
 * data: {@link SchedulingEventData} (`scheduling.ts`). Key: the booking id.
 */
import { defineEvent } from './define';
import { SCHEDULING_EVENT_VERSION, SchedulingEventData } from './scheduling';

/** The data of the event (shared by the scheduling events, `scheduling.ts`). */
export { SchedulingEventData };

export const EVENT_BOOKED = 'event.booked' as const;

/** `event.booked` v1 (see the module doc). */
export const eventBooked = defineEvent({ type: EVENT_BOOKED, version: SCHEDULING_EVENT_VERSION, data: SchedulingEventData });
