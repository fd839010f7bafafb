/**
 * The `formAbandoned` trigger on the canvas (spec 001 §2 trigger picker "form abandoned"; §3, §4: the time after
 * the respondent's last activity, default 30 minutes; 'N units after form abandoned'). Its panel edits the time and
 * its unit (`@formloom/contracts/workflows/triggers/form-abandoned`).
 */
import { Stack, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { formAbandonedTrigger } from '@formloom/contracts/workflows/triggers/form-abandoned';
import { IconClock } from '../../../ui/icons';
import { StatusLine, WaitFields } from './trigger-fields';
import { defineTriggerUi, type TriggerPanelProps } from './types';

function FormAbandonedPanel(props: TriggerPanelProps) {
  const errors = formAbandonedTrigger.rules(props.trigger.template);
  return (
    <Stack gap="sm" data-testid="form-abandoned-panel">
      <Text fz="sm">Send when a respondent started the form and has not finished it this long after their last answer.</Text>
      <WaitFields props={props} amountKey="sendAfterTime" label="Time after the last activity" errors={errors} />
      <StatusLine status={props.status} />
    </Stack>
  );
}

/** The formAbandoned trigger's card and panel. */
export const formAbandonedTriggerUi = defineTriggerUi(formAbandonedTrigger, {
  title: copy.workflowTriggers.names.formAbandoned,
  description: copy.workflowTriggers.descriptions.formAbandoned,
  icon: IconClock,
  color: 'orange',
  Panel: FormAbandonedPanel,
  doneBlocked: (template) => (formAbandonedTrigger.rules(template).length > 0 ? {} : false),
});
