/**
 * One question on the 'Edit' tab: drag handle (dnd-kit: within the page, or onto a page of the pages panel,
 * `editor-dnd.tsx`), type ('Hidden' beside it for a hidden question), label, description
 * (`description/question-description.tsx`), required switch, move up/down, 'Move to page…' (`move-question.tsx`),
 * duplicate and delete, plus the type's own settings panel from the settings registry (`web/src/widgets/registry.ts`:
 * placeholder, options of choice types, min/max of NumberInput…), its default answer and hide switch
 * (`question-default.tsx`) and its display condition ('Show only when…', `logic/question-visibility.tsx`). Errors
 * from the last save are shown under the card. A click on the card's background focuses the card, which makes it the
 * focused question of the keyboard shortcuts.
 */
import { memo, useId, useRef } from 'react';
import { ActionIcon, Badge, Card, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { takesAnswer } from '@formloom/contracts/answers/registry';
import * as copy from '@formloom/contracts/copy';
import { isHiddenQuestion } from '@formloom/contracts/rules/defaults';
import { widgetEditorCopy } from '@formloom/contracts/widgets/registry';
import type { ItemList } from '@formloom/contracts/widgets/shared/options';
import { IconChevronDown, IconChevronUp, IconCopy, IconGrip, IconTrash } from '../../../ui/icons';
import { defaultInputOf, settingsOf } from '../../../widgets/registry';
import { patchWidgetTemplate } from '../../../widgets/shared/field-props';
import { setWidgetHidden, setWidgetLabel } from '../model/template-ops';
import { QuestionDescription } from './description/question-description';
import type { DragData } from './editor-dnd';
import { MoveToPageMenu, questionName } from './move-question';
import { InsertAnswerMenu, PipingHint } from './logic/insert-answer-menu';
import { QuestionDefault } from './question-default';
import { QuestionVisibility } from './logic/question-visibility';
import classes from './question-card.module.css';

export interface QuestionCardProps {
  /** The page holding the question (for its display condition). */
  stepId: string;
  widget: Widget;
  index: number;
  count: number;
  errors?: string[];
  onChange: (widget: Widget) => void;
  onMove: (from: number, to: number) => void;
  onDelete: () => void;
  /** Inserts a copy of the question right after it. */
  onDuplicate: () => void;
  /** Adds an item to the question's options (or a Matrix's `rows` / `columns`). */
  onAddOption: (list?: ItemList) => void;
  /** The form is a quiz: the question's choices show their points. */
  quiz?: boolean;
}

export const QuestionCard = memo(function QuestionCard({
  stepId,
  widget,
  index,
  count,
  errors,
  onChange,
  onMove,
  onDelete,
  onDuplicate,
  onAddOption,
  quiz = false,
}: QuestionCardProps) {
  const name = questionName(widget);
  const data: DragData = { type: 'question', widgetId: widget.id, stepId, name };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: widget.id, data });
  const meta = widgetEditorCopy(widget.type);
  const Settings = settingsOf(widget);
  const number = index + 1;
  // A Statement takes no answer: it has a heading, never a Required switch.
  const asks = takesAnswer(widget);
  const hasErrors = (errors?.length ?? 0) > 0;
  // A hidden question is never shown (its answer is its default), so it cannot be required (`rules/defaults.ts`).
  const hidden = isHiddenQuestion(widget);
  const hiddenHintId = useId();
  const labelRef = useRef<HTMLInputElement>(null);

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
      tabIndex={-1}
      className={classes.card}
      data-dragging={isDragging || undefined}
      data-invalid={hasErrors || undefined}
      __vars={{
        '--drag-transform': CSS.Transform.toString(transform) ?? 'none',
        '--drag-transition': transition ?? 'none',
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={copy.editor.dragQuestion(name)}
              className={classes.handle}
              data-testid="question-drag-handle"
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
            {hidden && (
              <Badge variant="light" color="dark" size="sm" flex="none" data-testid="question-hidden-badge">
                {copy.questions.hiddenBadge}
              </Badge>
            )}
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
            <MoveToPageMenu widget={widget} stepId={stepId} />
            <Tooltip label="Duplicate question">
              <ActionIcon variant="subtle" color="gray" aria-label="Duplicate question" onClick={onDuplicate}>
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete question">
              <ActionIcon variant="subtle" color="red" aria-label="Delete question" onClick={onDelete}>
                <IconTrash />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <Stack gap={4}>
          <TextInput
            ref={labelRef}
            aria-label={asks ? 'Question label' : 'Heading'}
            placeholder={asks ? 'Type your question' : 'Type a heading'}
            value={widget.template.label}
            onChange={(event) => onChange(setWidgetLabel(widget, event.currentTarget.value))}
            size="md"
            styles={{ input: { fontWeight: 600 } }}
            rightSectionWidth={44}
            rightSection={
              <InsertAnswerMenu
                at={{ stepId, widgetId: widget.id }}
                target={labelRef}
                value={widget.template.label}
                onChange={(label) => onChange(setWidgetLabel(widget, label))}
                label="Insert an earlier answer into the label"
              />
            }
            data-testid="question-label"
          />
          <PipingHint text={widget.template.label} />
        </Stack>

        <QuestionDescription stepId={stepId} widget={widget} onChange={onChange} />

        {Settings && <Settings widget={widget} onChange={onChange} onAddOption={onAddOption} quiz={quiz} />}

        {asks && <QuestionDefault widget={widget} onChange={onChange} />}

        <QuestionVisibility stepId={stepId} widget={widget} />

        <Group justify={asks ? 'space-between' : 'flex-end'}>
          {asks && (
            <Group gap="md">
              <Switch
                label="Required"
                checked={widget.template.required}
                disabled={hidden}
                aria-describedby={hidden ? hiddenHintId : undefined}
                onChange={(event) => onChange(patchWidgetTemplate(widget, { required: event.currentTarget.checked }))}
                data-testid="question-required"
              />
              {/* Only a type that takes a default can be hidden: a hidden question's answer is its default. */}
              {defaultInputOf(widget) && (
                <Switch
                  label={copy.questions.hide}
                  checked={hidden}
                  aria-describedby={hidden ? hiddenHintId : undefined}
                  onChange={(event) => onChange(setWidgetHidden(widget, event.currentTarget.checked))}
                  data-testid="question-hidden"
                />
              )}
            </Group>
          )}
          <Text fz="xs" c="dimmed">
            {meta.hint}
          </Text>
        </Group>

        {hidden && (
          <Text id={hiddenHintId} fz="xs" c="dimmed" mt={-6}>
            {copy.questions.hiddenHint}
          </Text>
        )}

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
