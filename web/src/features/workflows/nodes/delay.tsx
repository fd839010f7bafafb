/**
 * The `delay` node on the canvas (spec 001 §3 `{delay, units}`): a clock, 'Delay', and its status line ('Wait 30
 * minutes', or 'Setup needed: …' — `@formloom/contracts/workflows/nodes/delay`). Its panel: how long (a number above
 * 0, fractions allowed) and the unit (minutes, hours, days; a day is 24 hours); disabled for a viewer. Done is
 * disabled while the delay or its unit is empty (spec 001 §5).
 */
import { Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { delayNode, delayNodeErrors, DelayUnits, isDelayEmpty } from '@formloom/contracts/workflows/nodes/delay';
import { IconClock } from '../../../ui/icons';
import { NumberField } from '../../../ui/number-field';
import { defineNodeUi, type NodePanelProps } from './types';
import classes from './flow-control.module.css';

const texts = copy.workflowSteps.delay;

function DelayPanel({ node, readOnly, onChange }: NodePanelProps) {
  const template = isRecord(node.template) ? node.template : {};
  const delay = field(template, 'delay');
  const units = field(template, 'units');
  const errors = delayNodeErrors(template);
  const errorAt = (path: string) => errors.find((error) => error.path === path)?.message;
  return (
    <Stack gap="xs" data-testid="delay-panel">
      <Fieldset variant="unstyled" disabled={readOnly}>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <NumberField
            className={classes.delayAmount}
            label={texts.delayLabel}
            value={typeof delay === 'number' ? delay : undefined}
            onChange={(value) => onChange({ ...template, delay: value ?? null })}
            allowEmpty
            allowNegative={false}
            min={0}
            error={errorAt('delay')}
            data-testid="delay-amount"
          />
          <Select
            className={classes.delayUnits}
            label={texts.unitsLabel}
            data={DelayUnits.options.map((unit) => ({ value: unit, label: texts.units[unit] }))}
            value={typeof units === 'string' && DelayUnits.safeParse(units).success ? units : null}
            onChange={(unit) => unit && onChange({ ...template, units: unit })}
            allowDeselect={false}
            error={errorAt('units')}
            comboboxProps={{ withinPortal: true }}
            data-testid="delay-units"
          />
        </Group>
      </Fieldset>
      <Text fz="xs" c="dimmed">
        {texts.note}
      </Text>
    </Stack>
  );
}

/** The delay node's card and panel. */
export const delayNodeUi = defineNodeUi(delayNode, {
  title: texts.title,
  icon: IconClock,
  color: 'yellow',
  Panel: DelayPanel,
  description: texts.popover,
  doneBlocked: (template) => (isDelayEmpty(template) ? {} : false),
});
