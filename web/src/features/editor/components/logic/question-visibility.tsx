/**
 * A question's display condition (`visibleIf`, `rules/page-path.ts` `visibleWidgets`) on its card: 'Show only
 * when …' in words, opened in place to edit with `ConditionEditor`, or removed. It can use the questions asked
 * before this one (earlier pages, and above it on its page); problems found on publish show on the question.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { describeCondition } from '@formloom/contracts/rules/condition-text';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { templateSubjects } from '@formloom/contracts/rules/condition-subjects';
import { IconBranch, IconPencil, IconTrash } from '../../../../ui/icons';
import { asGroup } from '../../../../ui/condition-editor/condition-model';
import { conditionQuestionList, setVisibleIf } from '../../model/logic-ops';
import { useEditor } from '../editor-context';
import { ConditionEditor, firstComparison } from '../../../../ui/condition-editor/condition-editor';
import classes from './logic.module.css';

export function QuestionVisibility({ stepId, widget }: { stepId: string; widget: Widget }) {
  const { draft, edit } = useEditor();
  const questions = useMemo(() => conditionQuestionList(draft, stepId, widget.id), [draft, stepId, widget.id]);
  const condition = widget.template.visibleIf;
  const [open, setOpen] = useState(false);
  const subjects = useMemo(() => templateSubjects(draft), [draft]);
  // The first question before this one, or a hidden field, a calculation or the score.
  const first = firstComparison(questions, subjects);
  const label = `Show question ${widget.template.label || widget.name}`;

  if (condition === undefined) {
    return (
      <Group>
      <Tooltip label="Only questions asked before this one can decide whether it shows" disabled={Boolean(first)}>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<IconBranch size={14} />}
          disabled={!first}
          onClick={() => {
            if (!first) return;
            edit((t) => setVisibleIf(t, stepId, widget.id, { and: [first] }));
            setOpen(true);
          }}
          data-testid="add-display-condition"
        >
          Show only when…
        </Button>
      </Tooltip>
      </Group>
    );
  }

  // Described with every question of the form, so a condition on a question moved after this one still names it.
  const summary = describeCondition(condition, formWidgets(draft).map((item) => item.widget), subjects) || 'no condition yet';
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-grape-0)" data-testid="display-condition">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fz="sm" data-testid="display-condition-summary">
            <IconBranch size={14} className={classes.inlineIcon} />
            <Text span fw={700}>
              Shown only when
            </Text>{' '}
            {summary}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconPencil size={12} />} aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Done' : 'Edit'}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={12} />}
              onClick={() => {
                edit((t) => setVisibleIf(t, stepId, widget.id, undefined));
                setOpen(false);
              }}
              data-testid="remove-display-condition"
            >
              Always show
            </Button>
          </Group>
        </Group>
        {open && (
          <ConditionEditor
            value={condition}
            onChange={(next) => edit((t) => setVisibleIf(t, stepId, widget.id, asGroup(next).items.length === 0 ? undefined : next))}
            questions={questions}
            subjects={subjects}
            label={label}
          />
        )}
      </Stack>
    </Paper>
  );
}
