/**
 * The `formAbandoned` trigger at run time (`@formloom/contracts/workflows/triggers/form-abandoned`; the runs are
 * armed by `form.progressed` and disarmed by `form.submitted`, `domain/timed-triggers.ts`): before the run's first
 * step the flows service is asked whether the respondent finished the form meanwhile — the events of the two types
 * are not ordered against each other on every bus, so a `form.submitted` may be applied after the run came due. A
 * finished (or deleted) submission drops the run: it fires only for forms really left unfinished.
 */
import * as copy from '@formloom/contracts/copy';
import type { TriggerRuntime } from './runtime';

/** The formAbandoned runtime. */
export const formAbandonedRuntime: TriggerRuntime = {
  type: 'formAbandoned',
  async beforeFirstStep({ triggerData }, { flows }) {
    const status = await flows.submissionStatus(triggerData.flowPublicIdentifier, triggerData.submissionId);
    if (status === 'in_progress') return null;
    return status === 'finished' ? copy.workflowTriggers.formFinishedMeanwhile : copy.flows.submissionNotFound;
  },
};
