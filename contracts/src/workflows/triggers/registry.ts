/**
 * The trigger types Formloom implements: the one list that names them (docs/architecture.md "Adding a node
 * type"), in the order of the spec's trigger picker (spec 001 §2) with the app builder's last.
 */
import type { TriggerType } from '../../entities/workflow';
import { registryOf, type TriggerDefinition } from '../define';
import { beforeEventStartsTrigger } from './before-event-starts';
import { eventCanceledTrigger } from './event-canceled';
import { eventRescheduledTrigger } from './event-rescheduled';
import { formAbandonedTrigger } from './form-abandoned';
import { formSubmissionTrigger } from './form-submission';
import { ziteExecutionTrigger } from './zite-execution';

/** Every implemented trigger type's definition, one line per type. */
export const TRIGGER_DEFINITIONS = [
  formSubmissionTrigger,
  formAbandonedTrigger,
  beforeEventStartsTrigger,
  eventCanceledTrigger,
  eventRescheduledTrigger,
  ziteExecutionTrigger,
] as const;

/** A trigger type that has a definition (and a web card). */
export type ImplementedTriggerType = (typeof TRIGGER_DEFINITIONS)[number]['type'];

/** The implemented trigger types by type: `triggerRegistry.find('formSubmission')`; `undefined` for the others. */
export const triggerRegistry = registryOf<TriggerDefinition<TriggerType, unknown>>(TRIGGER_DEFINITIONS);
