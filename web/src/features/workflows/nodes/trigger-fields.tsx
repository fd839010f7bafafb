/**
 * The fields the trigger panels share (spec 001 §3 trigger templates): a wait — an amount and its unit (minutes,
 * hours, days) — and the scheduling page of the event triggers. Each edits the trigger's template through
 * `onChange` with a new object and shows the trigger's rule message (contracts `workflows/triggers/*`) where it
 * belongs; read-only, they only show.
 */
import { Group, Select, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field, type NodeSetupStatus } from '@formloom/contracts/workflows/define';
import { schedulingPages } from '@formloom/contracts/workflows/triggers/scheduling-pages';
import { TIME_UNITS, type TimeUnit } from '@formloom/contracts/workflows/time-units';
import type { FieldError } from '@formloom/contracts/errors';
import { NumberField } from '../../../ui/number-field';
import type { TriggerPanelProps } from './types';

/** The message of the first rule error at `path`, if any. */
export function errorAt(errors: readonly FieldError[], path: string): string | undefined {
  return errors.find((error) => error.path === path)?.message;
}

/** The unit names in the select. */
const UNIT_LABELS: Record<TimeUnit, string> = { minutes: 'Minutes', hours: 'Hours', days: 'Days' };

/** An amount (`amountKey`) and its unit (`units`) of the trigger's template, side by side. */
export function WaitFields({
  props,
  amountKey,
  label,
  errors,
}: {
  props: TriggerPanelProps;
  amountKey: 'sendAfterTime' | 'beforeTime';
  label: string;
  errors: readonly FieldError[];
}) {
  const { trigger, readOnly, onChange } = props;
  const template = trigger.template;
  const amount = field(template, amountKey);
  const units = field(template, 'units');
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <NumberField
        label={label}
        value={typeof amount === 'number' ? amount : undefined}
        onChange={(value) => onChange({ ...template, [amountKey]: value ?? 0 })}
        min={0}
        readOnly={readOnly}
        error={errorAt(errors, amountKey)}
        w={140}
        data-testid={`trigger-${amountKey}`}
      />
      <Select
        label="Units"
        data={TIME_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
        value={typeof units === 'string' ? units : null}
        onChange={(value) => value && onChange({ ...template, units: value })}
        readOnly={readOnly}
        allowDeselect={false}
        error={errorAt(errors, 'units')}
        w={140}
      />
    </Group>
  );
}

/** The scheduling page of an event trigger (`stepId`), among the form's scheduling pages. */
export function SchedulingPageField({ props, errors }: { props: TriggerPanelProps; errors: readonly FieldError[] }) {
  const { trigger, readOnly, onChange, context } = props;
  const pages = schedulingPages(context.formTemplate);
  const stepId = field(trigger.template, 'stepId');
  if (pages.length === 0) {
    return (
      <Text fz="sm" c="dimmed" data-testid="no-scheduling-pages">
        {copy.workflowTriggers.noSchedulingPages}
      </Text>
    );
  }
  return (
    <Select
      label="Scheduling page"
      placeholder={copy.workflowTriggers.chooseSchedulingPage}
      data={pages.map((page) => ({ value: page.stepId, label: page.name }))}
      value={typeof stepId === 'string' ? stepId : null}
      onChange={(value) => onChange({ ...trigger.template, stepId: value })}
      readOnly={readOnly}
      error={errorAt(errors, 'stepId')}
    />
  );
}

/** The status line under a trigger panel's fields. */
export function StatusLine({ status }: { status: NodeSetupStatus }) {
  return (
    <Text fz="sm" c={status.complete ? 'dimmed' : 'orange.9'} data-testid="trigger-status">
      {status.description}
    </Text>
  );
}
