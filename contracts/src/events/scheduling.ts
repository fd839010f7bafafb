/**
 * The scheduling service's events (ARCHITECTURE §1: `event.booked`, `event.canceled`, `event.rescheduled`; spec
 * 001 §3 triggers beforeEventStarts, eventCanceled, eventRescheduled): an invitee booked an event on a form's
 * scheduling page, canceled it, or moved it. The data carries the booking form's submission in `form.submitted`'s
 * shape (so a workflow's emails read the answers the same way) and the event under `event`. The scheduling service
 * publishes them once it exists; the workflows-engine consumes them now. Key: the booking id (one booking's events
 * stay in order).
 *
 * This module holds their shared data; each event is defined in its own module, named after its type
 * (`event-booked.ts`, `event-canceled.ts`, `event-rescheduled.ts`), as every event is.
 */
import { z } from 'zod';
import { FormSubmittedData } from './form-submitted';

/** A person of a booking: the invitee or a host. */
export const SchedulingPerson = z.object({
  name: z.string(),
  email: z.string(),
  /** A host's Formloom user id; absent for invitees. */
  userId: z.number().int().positive().optional(),
});

/** The booked event. Times are ISO 8601 with offset; `timeZone` is the invitee's IANA zone. */
export const ScheduledEvent = z.object({
  bookingId: z.string().min(1),
  title: z.string(),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  timeZone: z.string(),
  invitee: SchedulingPerson,
  hosts: z.array(SchedulingPerson),
  location: z.string().optional(),
  /** `event.canceled`: why, when the canceller said. */
  cancelReason: z.string().optional(),
  /** `event.rescheduled`: the times before the move. */
  previousStartTime: z.iso.datetime({ offset: true }).optional(),
  previousEndTime: z.iso.datetime({ offset: true }).optional(),
});
/** A booked event. */
export type ScheduledEvent = z.infer<typeof ScheduledEvent>;

/**
 * The data of the three scheduling events v1: the booking form's submission ({@link FormSubmittedData}), the
 * scheduling page's step id and the event.
 */
export const SchedulingEventData = FormSubmittedData.extend({
  stepId: z.string().min(1),
  event: ScheduledEvent,
});
/** The data of a scheduling event. */
export type SchedulingEventData = z.infer<typeof SchedulingEventData>;

/** The version of the three scheduling events' data ({@link SchedulingEventData}). */
export const SCHEDULING_EVENT_VERSION = 1;
