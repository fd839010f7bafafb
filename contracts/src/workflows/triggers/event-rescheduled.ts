/**
 * The `eventRescheduled` trigger (spec 001 §3, §4; `event-trigger.ts`): one run per event moved to another time on
 * the chosen scheduling page (the scheduling service's `event.rescheduled`, `events/scheduling.ts`).
 */
import * as copy from '../../copy';
import { defineTrigger } from '../define';
import { defaultEventTriggerTemplate, EventTriggerTemplate, eventTriggerErrors } from './event-trigger';

/** The eventRescheduled trigger. */
export const eventRescheduledTrigger = defineTrigger({
  type: 'eventRescheduled',
  schema: EventTriggerTemplate,
  defaultTemplate: defaultEventTriggerTemplate,
  rules: eventTriggerErrors,
  describe: () => copy.workflowTriggers.whenEventRescheduled,
});
