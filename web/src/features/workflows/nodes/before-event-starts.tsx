/**
 * The `beforeEventStarts` trigger on the canvas (spec 001 §2 "before event starts"; §3, §4: a time before each booked
 * event, then the scheduling page). Its panel edits the time, its unit and the page
 * (`@formloom/contracts/workflows/triggers/before-event-starts`).
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { beforeEventStartsTrigger } from '@formloom/contracts/workflows/triggers/before-event-starts';
import { IconCalendar } from '../../../ui/icons';
import { SchedulingPageField, StatusLine, WaitFields } from './trigger-fields';
import { defineTriggerUi, type TriggerPanelProps } from './types';

function BeforeEventStartsPanel(props: TriggerPanelProps) {
  const errors = beforeEventStartsTrigger.rules(props.trigger.template);
  return (
    <Stack gap="sm" data-testid="before-event-starts-panel">
      <WaitFields props={props} amountKey="beforeTime" label="Time before the event" errors={errors} />
      <SchedulingPageField props={props} errors={errors} />
      <StatusLine status={props.status} />
    </Stack>
  );
}

/** The beforeEventStarts trigger's card and panel. */
export const beforeEventStartsTriggerUi = defineTriggerUi(beforeEventStartsTrigger, {
  title: copy.workflowTriggers.names.beforeEventStarts,
  description: copy.workflowTriggers.descriptions.beforeEventStarts,
  icon: IconCalendar,
  color: 'teal',
  Panel: BeforeEventStartsPanel,
  doneBlocked: (template) => (beforeEventStartsTrigger.rules(template).length > 0 ? {} : false),
});
