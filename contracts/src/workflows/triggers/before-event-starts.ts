/**
 * The `beforeEventStarts` trigger (spec 001 §3 `{flowPublicIdentifier, stepId, beforeTime, units}`; §4 "needs
 * beforeTime above 0 and units, then a scheduling page"; "starts at 30 minutes on a form, otherwise 0, and
 * preselects the scheduling page when exactly one exists"). Each event booked on the scheduling page starts one run
 * `beforeTime` before the event starts (moved when the event is rescheduled, dropped when it is canceled; an event
 * booked later than that point starts its run at once). The scheduling service publishes the events
 * (`events/scheduling.ts`).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { DEFAULT_BEFORE_EVENT_MINUTES } from '../../limits';
import { formatDuration, isTimeUnit } from '../time-units';
import { defineTrigger, field } from '../define';
import { onlySchedulingStepId } from './scheduling-pages';
import { WaitAmount, WaitUnits, waitErrors } from './wait-rules';

/** spec 001 §3: the beforeEventStarts trigger template (`stepId` null until a scheduling page is chosen). */
export const BeforeEventStartsTriggerTemplate = z.object({
  flowPublicIdentifier: z.string().min(1),
  stepId: z.string().min(1).nullable(),
  beforeTime: WaitAmount,
  units: WaitUnits,
});
/** A beforeEventStarts trigger template. */
export type BeforeEventStartsTriggerTemplate = z.infer<typeof BeforeEventStartsTriggerTemplate>;

/** The beforeEventStarts trigger (see the module doc). */
export const beforeEventStartsTrigger = defineTrigger({
  type: 'beforeEventStarts',
  schema: BeforeEventStartsTriggerTemplate,
  defaultTemplate: ({ flowPublicIdentifier, flowType = 'form', schedulingStepIds }): BeforeEventStartsTriggerTemplate => ({
    flowPublicIdentifier,
    stepId: onlySchedulingStepId(schedulingStepIds),
    beforeTime: flowType === 'form' ? DEFAULT_BEFORE_EVENT_MINUTES : 0,
    units: 'minutes',
  }),
  rules: (template) => {
    const wait = waitErrors(template, 'beforeTime', 'units');
    if (wait.length > 0) return wait;
    const stepId = field(template, 'stepId');
    return typeof stepId === 'string' && stepId !== '' ? [] : [{ path: 'stepId', message: copy.workflowTriggers.chooseSchedulingPage }];
  },
  describe: (template) => {
    const amount = field(template, 'beforeTime');
    const units = field(template, 'units');
    return typeof amount === 'number' && isTimeUnit(units) ? copy.workflowTriggers.beforeEvent(formatDuration(amount, units)) : '';
  },
});
