/**
 * A question's description on its card (`template.description`, rich text under the label; `rules/rich-text.ts`):
 * 'Add a description' until it has one, then the rich text editor (`rich-text-input.tsx`, loaded on demand — a
 * placeholder of its height shows meanwhile) with 'Insert an answer' in its toolbar (the answers, hidden fields and
 * calculations its label may pipe), and under it what it pipes in words. Emptying it removes the description.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { richTextPlainText } from '@formloom/contracts/rules/rich-text-convert';
import { IconPlus } from '../../../../ui/icons';
import { setWidgetDescription } from '../../model/template-ops';
import { InsertAnswerMenu, PipingHint } from '../logic/insert-answer-menu';

const RichTextInput = lazy(() => import('./rich-text-input'));

/** Props of {@link QuestionDescription}. */
export interface QuestionDescriptionProps {
  /** The page holding the question (the answers its description may pipe are those asked before it). */
  stepId: string;
  widget: Widget;
  onChange: (widget: Widget) => void;
}

/** The description of `widget`: its button, or its editor. */
export function QuestionDescription({ stepId, widget, onChange }: QuestionDescriptionProps) {
  const [opened, setOpened] = useState(false);
  const { description } = widget.template;
  if (!description && !opened) {
    return (
      <Button variant="subtle" size="compact-sm" color="gray" leftSection={<IconPlus size={14} />} onClick={() => setOpened(true)} data-testid="add-description" w="fit-content">
        {copy.questions.addDescription}
      </Button>
    );
  }
  return (
    <Stack gap={4}>
      <Suspense fallback={<Skeleton height={104} radius="sm" />}>
        <RichTextInput
          value={description}
          onChange={(next) => onChange(setWidgetDescription(widget, next))}
          label={copy.questions.description}
          placeholder={copy.questions.descriptionPlaceholder}
          focusOnOpen={opened}
          insertControl={(insert) => <InsertAnswerMenu at={{ stepId, widgetId: widget.id }} onInsert={insert} label={copy.questions.insertIntoDescription} />}
        />
      </Suspense>
      <PipingHint text={description ? richTextPlainText(description) : ''} />
    </Stack>
  );
}
