/**
 * The `eventCanceled` and `eventRescheduled` triggers on the canvas (spec 001 §2 "event canceled", "event
 * rescheduled"; §3, §4: a scheduling page). Their panel chooses the page (`@formloom/contracts/workflows/triggers/
 * event-trigger`).
 */
import { Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { eventCanceledTrigger } from '@formloom/contracts/workflows/triggers/event-canceled';
import { eventRescheduledTrigger } from '@formloom/contracts/workflows/triggers/event-rescheduled';
import { eventTriggerErrors } from '@formloom/contracts/workflows/triggers/event-trigger';
import { IconCalendar } from '../../../ui/icons';
import { SchedulingPageField, StatusLine } from './trigger-fields';
import { defineTriggerUi, type TriggerPanelProps } from './types';

function EventTriggerPanel(props: TriggerPanelProps) {
  return (
    <Stack gap="sm" data-testid="event-trigger-panel">
      <SchedulingPageField props={props} errors={eventTriggerErrors(props.trigger.template)} />
      <StatusLine status={props.status} />
    </Stack>
  );
}

const doneBlocked = (template: unknown) => (eventTriggerErrors(template).length > 0 ? {} : false);

/** The eventCanceled trigger's card and panel. */
export const eventCanceledTriggerUi = defineTriggerUi(eventCanceledTrigger, {
  title: copy.workflowTriggers.names.eventCanceled,
  description: copy.workflowTriggers.descriptions.eventCanceled,
  icon: IconCalendar,
  color: 'red',
  Panel: EventTriggerPanel,
  doneBlocked,
});

/** The eventRescheduled trigger's card and panel. */
export const eventRescheduledTriggerUi = defineTriggerUi(eventRescheduledTrigger, {
  title: copy.workflowTriggers.names.eventRescheduled,
  description: copy.workflowTriggers.descriptions.eventRescheduled,
  icon: IconCalendar,
  color: 'violet',
  Panel: EventTriggerPanel,
  doneBlocked,
});
