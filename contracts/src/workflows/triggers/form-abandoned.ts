/**
 * The `formAbandoned` trigger (spec 001 §3 `{flowPublicIdentifier, sendAfterTime, units}`; §4 "formAbandoned
 * complete with a flow and sendAfterTime above 0, described as 'N units after form abandoned'", "starts at 30
 * minutes"; §5). A respondent who saved progress on the form (a partial submission, spec 000 — the flows service's
 * `form.progressed` event) and did not finish it within `sendAfterTime` of their last activity starts ONE run, with
 * their answers so far; finishing the form before then starts none (docs/architecture.md "Time-based triggers").
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { DEFAULT_FORM_ABANDONED_MINUTES } from '../../limits';
import { formatDuration, isTimeUnit } from '../time-units';
import { defineTrigger, field } from '../define';
import { WaitAmount, WaitUnits, waitErrors } from './wait-rules';

/** spec 001 §3: the formAbandoned trigger template. */
export const FormAbandonedTriggerTemplate = z.object({
  flowPublicIdentifier: z.string().min(1),
  sendAfterTime: WaitAmount,
  units: WaitUnits,
});
/** A formAbandoned trigger template. */
export type FormAbandonedTriggerTemplate = z.infer<typeof FormAbandonedTriggerTemplate>;

/** The formAbandoned trigger (see the module doc). */
export const formAbandonedTrigger = defineTrigger({
  type: 'formAbandoned',
  schema: FormAbandonedTriggerTemplate,
  defaultTemplate: ({ flowPublicIdentifier }): FormAbandonedTriggerTemplate => ({
    flowPublicIdentifier,
    sendAfterTime: DEFAULT_FORM_ABANDONED_MINUTES,
    units: 'minutes',
  }),
  rules: (template) => {
    const flow = field(template, 'flowPublicIdentifier');
    if (typeof flow !== 'string' || flow === '') return [{ path: 'flowPublicIdentifier', message: copy.workflows.flowRequired }];
    return waitErrors(template, 'sendAfterTime', 'units');
  },
  describe: (template) => {
    const amount = field(template, 'sendAfterTime');
    const units = field(template, 'units');
    return typeof amount === 'number' && isTimeUnit(units) ? copy.workflowTriggers.abandonedAfter(formatDuration(amount, units)) : '';
  },
});
