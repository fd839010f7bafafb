/**
 * What the engine does for a trigger type at run time beyond queuing its runs (the consumers queue them:
 * `consumers.ts`, `domain/timed-triggers.ts`): one module per trigger type that needs anything (`triggers/<type>.ts`),
 * listed in `triggers/registry.ts`. Today: a check before a run's first step.
 */
import type { TriggerType, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { FlowsApi } from '../flows-client';

/** What a trigger runtime may use. */
export interface TriggerServices {
  flows: FlowsApi;
}

/** A run as the check sees it: its template and its trigger's data (`form.submitted`'s shape or a superset). */
export interface RunToStart {
  template: WorkflowTemplate;
  triggerData: FormSubmittedData;
}

/** A trigger type's run-time behaviour. */
export interface TriggerRuntime {
  readonly type: TriggerType;
  /**
   * Asked once before a run's first step: a reason to drop the run (it should not run after all), or `null` to
   * run it. @throws on an unavailable dependency: the worker claims the run again after its lease.
   */
  beforeFirstStep?(run: RunToStart, services: TriggerServices): Promise<string | null>;
}
