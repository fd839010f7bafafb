/**
 * The trigger types Formloom implements: the one list that names them (docs/architecture.md "Adding a node
 * type"). The spec's other trigger types (`TriggerType`, spec 001 §3) are accepted in templates but have no
 * rules yet (setup status `null`) and no runs are queued for them.
 */
import type { TriggerType } from '../../entities/workflow';
import { registryOf, type TriggerDefinition } from '../define';
import { formSubmissionTrigger } from './form-submission';

/** Every implemented trigger type's definition, one line per type. */
export const TRIGGER_DEFINITIONS = [formSubmissionTrigger] as const;

/** A trigger type that has a definition (and a web card). */
export type ImplementedTriggerType = (typeof TRIGGER_DEFINITIONS)[number]['type'];

/** The implemented trigger types by type: `triggerRegistry.find('formSubmission')`; `undefined` for the others. */
export const triggerRegistry = registryOf<TriggerDefinition<TriggerType, unknown>>(TRIGGER_DEFINITIONS);
