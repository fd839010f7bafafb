/**
 * The `formSubmission` trigger on the canvas (spec 001 §2 trigger picker "form submitted"): a form icon,
 * 'Form submitted', and its setup status line (always complete — `@formloom/contracts/workflows/triggers/
 * form-submission`). Its panel (the trigger's View) names the form; read-only.
 */
import { Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field } from '@formloom/contracts/workflows/define';
import { formSubmissionTrigger } from '@formloom/contracts/workflows/triggers/form-submission';
import { IconForm } from '../../../ui/icons';
import { defineTriggerUi, type TriggerPanelProps } from './types';

function FormSubmissionPanel({ trigger, status }: TriggerPanelProps) {
  const form = field(trigger.template, 'flowPublicIdentifier');
  return (
    <Text fz="sm" data-testid="form-submission-panel">
      {status.description} ({typeof form === 'string' ? form : ''})
    </Text>
  );
}

/** The formSubmission trigger's card and panel. */
export const formSubmissionTriggerUi = defineTriggerUi(formSubmissionTrigger, {
  title: copy.workflowTriggers.names.formSubmission,
  description: copy.workflowTriggers.descriptions.formSubmission,
  icon: IconForm,
  color: 'blue',
  Panel: FormSubmissionPanel,
});
