/**
 * The editor's settings of an OpinionScale question: where the scale starts (0 or 1) and ends (5 to 10), and the
 * labels under its two ends ('Not likely', 'Extremely likely'; empty for none).
 */
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { NPS_LABELS, OPINION_SCALE_DEFAULTS } from '@formloom/contracts/answers/opinion-scale';
import { OPINION_SCALE_END_MAX, OPINION_SCALE_END_MIN, SCALE_LABEL_MAX_LENGTH } from '@formloom/contracts/limits';
import { patchWidgetTemplate } from './shared/field-props';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type ScaleWidget = WidgetOf<'OpinionScale'>;

/** The choices of 'Ends at': 5 … 10. */
const END_CHOICES = Array.from({ length: OPINION_SCALE_END_MAX - OPINION_SCALE_END_MIN + 1 }, (_, i) => String(OPINION_SCALE_END_MIN + i));

/** 'Starts at', 'Ends at', 'Left label' and 'Right label'. */
export function OpinionScaleSettings({ widget, onChange }: WidgetSettingsProps<ScaleWidget>) {
  const { start = OPINION_SCALE_DEFAULTS.start, end = OPINION_SCALE_DEFAULTS.end, leftLabel, rightLabel } = widget.template;
  const patch = (settings: Partial<ScaleWidget['template']>) => onChange(patchWidgetTemplate(widget, settings));
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <NativeSelect
          label="Starts at"
          size="xs"
          w={100}
          data={['0', '1']}
          value={String(start)}
          onChange={(event) => patch({ start: event.currentTarget.value === '1' ? 1 : 0 })}
        />
        <NativeSelect label="Ends at" size="xs" w={100} data={END_CHOICES} value={String(end)} onChange={(event) => patch({ end: Number(event.currentTarget.value) })} />
      </Group>
      <Group grow gap="sm">
        <TextInput
          label="Left label"
          size="xs"
          placeholder={`e.g. ${NPS_LABELS.leftLabel}`}
          maxLength={SCALE_LABEL_MAX_LENGTH}
          value={leftLabel ?? ''}
          onChange={(event) => patch({ leftLabel: event.currentTarget.value || undefined })}
        />
        <TextInput
          label="Right label"
          size="xs"
          placeholder={`e.g. ${NPS_LABELS.rightLabel}`}
          maxLength={SCALE_LABEL_MAX_LENGTH}
          value={rightLabel ?? ''}
          onChange={(event) => patch({ rightLabel: event.currentTarget.value || undefined })}
        />
      </Group>
    </Stack>
  );
}
