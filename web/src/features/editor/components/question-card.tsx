/**
 * One question on the 'Edit' tab: drag handle (dnd-kit), type, label, required switch, move up/down and
 * delete, plus the type's own settings (placeholder, options of choice types, min/max of NumberInput).
 * Errors from the last save are shown under the card.
 */
import { memo } from 'react';
import { ActionIcon, Badge, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { IconChevronDown, IconChevronUp, IconGrip, IconTrash } from '../../../ui/icons';
import { patchWidgetTemplate, setWidgetLabel } from '../model/template-ops';
import { WIDGET_TYPE_META } from '../model/widget-types';
import { OptionsEditor } from './options-editor';

export interface QuestionCardProps {
  widget: Widget;
  index: number;
  count: number;
  errors?: string[];
  onChange: (widget: Widget) => void;
  onMove: (from: number, to: number) => void;
  onDelete: () => void;
  onAddOption: () => void;
}

export const QuestionCard = memo(function QuestionCard({ widget, index, count, errors, onChange, onMove, onDelete, onAddOption }: QuestionCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: widget.id });
  const meta = WIDGET_TYPE_META[widget.type];
  const number = index + 1;
  const hasErrors = (errors?.length ?? 0) > 0;

  return (
    <Card
      ref={setNodeRef}
      p="md"
      shadow={isDragging ? 'lg' : 'xs'}
      data-testid="question-card"
      data-widget-id={widget.id}
      data-widget-type={widget.type}
      aria-label={`Question ${number}: ${widget.template.label || meta.name}`}
      role="group"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        borderColor: hasErrors ? 'var(--mantine-color-red-5)' : undefined,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label="Drag to reorder"
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGrip />
            </ActionIcon>
            <Text fz="xs" fw={700} c="dimmed">
              {number}
            </Text>
            <Badge variant="light" color="brand" size="sm" data-testid="question-type">
              {meta.name}
            </Badge>
          </Group>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Move up">
              <ActionIcon variant="subtle" color="gray" aria-label="Move question up" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
                <IconChevronUp />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon variant="subtle" color="gray" aria-label="Move question down" disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
                <IconChevronDown />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete question">
              <ActionIcon variant="subtle" color="red" aria-label="Delete question" onClick={onDelete}>
                <IconTrash />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <TextInput
          aria-label="Question label"
          placeholder="Type your question"
          value={widget.template.label}
          onChange={(event) => onChange(setWidgetLabel(widget, event.currentTarget.value))}
          size="md"
          styles={{ input: { fontWeight: 600 } }}
          data-testid="question-label"
        />

        {meta.hasPlaceholder && (
          <TextInput
            aria-label="Placeholder"
            placeholder="Placeholder text (optional)"
            size="xs"
            value={widget.template.placeholder ?? ''}
            onChange={(event) => {
              const placeholder = event.currentTarget.value;
              onChange(patchWidgetTemplate(widget, { placeholder: placeholder || undefined }));
            }}
          />
        )}

        {widget.type === 'NumberInput' && (
          <Group grow gap="sm">
            <NumberInput
              label="Minimum"
              aria-label="Minimum"
              size="xs"
              placeholder="No minimum"
              value={widget.template.min ?? ''}
              onChange={(value) => onChange(patchWidgetTemplate(widget, { min: typeof value === 'number' ? value : undefined }))}
            />
            <NumberInput
              label="Maximum"
              aria-label="Maximum"
              size="xs"
              placeholder="No maximum"
              value={widget.template.max ?? ''}
              onChange={(value) => onChange(patchWidgetTemplate(widget, { max: typeof value === 'number' ? value : undefined }))}
            />
          </Group>
        )}

        {(widget.type === 'MultipleChoice' || widget.type === 'Dropdown' || widget.type === 'Checkboxes') && (
          <OptionsEditor
            options={widget.template.options}
            onChange={(options) => onChange(patchWidgetTemplate(widget, { options }))}
            onAdd={onAddOption}
          />
        )}

        <Group justify="space-between">
          <Switch
            label="Required"
            checked={widget.template.required}
            onChange={(event) => onChange(patchWidgetTemplate(widget, { required: event.currentTarget.checked }))}
            data-testid="question-required"
          />
          <Text fz="xs" c="dimmed">
            {meta.hint}
          </Text>
        </Group>

        {hasErrors && (
          <Stack gap={2} role="alert" data-testid="question-errors">
            {errors?.map((message) => (
              <Text key={message} fz="xs" c="red">
                {message}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
});
