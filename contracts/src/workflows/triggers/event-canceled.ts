/**
 * The `eventCanceled` trigger (spec 001 §3, §4; `event-trigger.ts`): one run per event canceled on the chosen
 * scheduling page (the scheduling service's `event.canceled`, `events/scheduling.ts`).
 */
import * as copy from '../../copy';
import { defineTrigger } from '../define';
import { defaultEventTriggerTemplate, EventTriggerTemplate, eventTriggerErrors } from './event-trigger';

/** The eventCanceled trigger. */
export const eventCanceledTrigger = defineTrigger({
  type: 'eventCanceled',
  schema: EventTriggerTemplate,
  defaultTemplate: defaultEventTriggerTemplate,
  rules: eventTriggerErrors,
  describe: () => copy.workflowTriggers.whenEventCanceled,
});
