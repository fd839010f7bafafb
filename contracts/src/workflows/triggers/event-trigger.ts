/**
 * What the `eventCanceled` and `eventRescheduled` triggers share (spec 001 §3 `{flowPublicIdentifier, stepId}`;
 * §4 "eventCanceled and eventRescheduled need a scheduling page", "the canceled and rescheduled triggers do the
 * same preselection"): the template schema, its default and its rule.
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { field, type TriggerContext } from '../define';
import { onlySchedulingStepId } from './scheduling-pages';

/** spec 001 §3: the eventCanceled / eventRescheduled template (`stepId` null until a scheduling page is chosen). */
export const EventTriggerTemplate = z.object({ flowPublicIdentifier: z.string().min(1), stepId: z.string().min(1).nullable() });
/** An eventCanceled / eventRescheduled trigger template. */
export type EventTriggerTemplate = z.infer<typeof EventTriggerTemplate>;

/** A new template: the form, and its only scheduling page when it has exactly one. */
export function defaultEventTriggerTemplate({ flowPublicIdentifier, schedulingStepIds }: TriggerContext): EventTriggerTemplate {
  return { flowPublicIdentifier, stepId: onlySchedulingStepId(schedulingStepIds) };
}

/** 'Choose a scheduling page' while no page is chosen. */
export function eventTriggerErrors(template: unknown): FieldError[] {
  const stepId = field(template, 'stepId');
  return typeof stepId === 'string' && stepId !== '' ? [] : [{ path: 'stepId', message: copy.workflowTriggers.chooseSchedulingPage }];
}
