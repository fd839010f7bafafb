/**
 * 'After this page', under a page's questions on the 'Edit' tab: the page's navigation rules in words ('If Plan
 * equals Pro, go to Pro details'), tried in order — the first that holds decides (`rules/page-path.ts`) — and
 * where the page goes otherwise. A rule opens in place to edit its condition (`ConditionEditor`) and its
 * destination (another page or an ending: skip ahead, or end the form early). Problems found on publish show on
 * their rule.
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { FormStep } from '@formloom/contracts/entities/flow-template';
import { MAX_PAGE_RULES } from '@formloom/contracts/limits';
import { describeCondition } from '@formloom/contracts/rules/condition-text';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { templateSubjects } from '@formloom/contracts/rules/condition-subjects';
import { IconArrowRight, IconBranch, IconChevronDown, IconChevronUp, IconPencil, IconPlus, IconTrash } from '../../../../ui/icons';
import {
  addPageRule,
  conditionQuestionList,
  movePageRule,
  removePageRule,
  setDefaultNextStep,
  stepTargets,
  updatePageRule,
} from '../../model/logic-ops';
import { useEditor } from '../editor-context';
import { ConditionEditor, firstComparison } from '../../../../ui/condition-editor/condition-editor';
import classes from './logic.module.css';

export function PageLogic({ page }: { page: FormStep }) {
  const { draft, edit, saveErrors } = useEditor();
  const stepId = page.id;
  const rules = page.nextStep.rules ?? [];
  const questions = useMemo(() => conditionQuestionList(draft, stepId), [draft, stepId]);
  const targets = useMemo(() => stepTargets(draft, stepId), [draft, stepId]);
  // A rule is described with every question of the form: one that reads a question moved after it still names it
  // (publishing then says it is asked later).
  const everyQuestion = useMemo(() => formWidgets(draft).map((item) => item.widget), [draft]);
  const subjects = useMemo(() => templateSubjects(draft), [draft]);
  const [open, setOpen] = useState<number | null>(null);
  const nameOf = (id: string) => targets.flatMap((group) => group.items).find((item) => item.value === id)?.label ?? 'a missing page';
  // A rule starts on the first question before, or on a hidden field, a calculation or the score.
  const firstCondition = firstComparison(questions, subjects);

  function addRule() {
    if (!firstCondition) return;
    // A rule that leads where the page leads anyway changes nothing: start with the first other destination.
    const other = targets.flatMap((group) => group.items).find((item) => item.value !== page.nextStep.defaultNextStep);
    const nextStep = other?.value ?? page.nextStep.defaultNextStep;
    edit((t) => addPageRule(t, stepId, { condition: { and: [firstCondition] }, nextStep }));
    setOpen(rules.length);
  }

  return (
    <Card p="md" data-testid="page-logic">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <IconBranch size={16} />
            <Text fw={700} fz="sm" component="h3" m={0}>
              After this page
            </Text>
            {rules.length > 0 && (
              <Badge size="xs" variant="light" color="grape">
                {rules.length} {rules.length === 1 ? 'rule' : 'rules'}
              </Badge>
            )}
          </Group>
          {rules.length > 1 && (
            <Text fz="xs" c="dimmed">
              Rules are checked in order; the first that holds decides.
            </Text>
          )}
        </Group>

        {rules.map((rule, index) => {
          const ruleLabel = `Rule ${index + 1}`;
          const errors = saveErrors.byRule[`${stepId}:${index}`] ?? [];
          const editing = open === index;
          return (
            <Paper
              // Rules have no ids: the index is the rule's place, which is what the user sees.
              key={index}
              withBorder
              p="sm"
              data-testid="page-rule"
              data-invalid={errors.length > 0 || undefined}
              className={classes.rule}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fz="sm" data-testid="page-rule-summary">
                    <Text span fw={700}>
                      If
                    </Text>{' '}
                    {describeCondition(rule.condition, everyQuestion, subjects) || 'no condition yet'}{' '}
                    <IconArrowRight size={14} className={classes.inlineIcon} />{' '}
                    <Text span fw={700}>
                      go to
                    </Text>{' '}
                    {nameOf(rule.nextStep)}
                  </Text>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={editing ? 'Close' : 'Edit rule'}>
                      <ActionIcon variant="subtle" color="gray" aria-label={`${editing ? 'Close' : 'Edit'} ${ruleLabel}`} aria-expanded={editing} onClick={() => setOpen(editing ? null : index)} data-testid="edit-rule">
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Check earlier">
                      <ActionIcon variant="subtle" color="gray" aria-label={`Move ${ruleLabel} up`} disabled={index === 0} onClick={() => edit((t) => movePageRule(t, stepId, index, index - 1))}>
                        <IconChevronUp />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Check later">
                      <ActionIcon variant="subtle" color="gray" aria-label={`Move ${ruleLabel} down`} disabled={index === rules.length - 1} onClick={() => edit((t) => movePageRule(t, stepId, index, index + 1))}>
                        <IconChevronDown />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete rule">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${ruleLabel}`}
                        onClick={() => {
                          edit((t) => removePageRule(t, stepId, index));
                          setOpen(null);
                        }}
                        data-testid="delete-rule"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                {editing && (
                  <Stack gap="xs" pt={4}>
                    <ConditionEditor
                      value={rule.condition}
                      onChange={(condition) => edit((t) => updatePageRule(t, stepId, index, { ...rule, condition }))}
                      questions={questions}
                      subjects={subjects}
                      label={ruleLabel}
                    />
                    <Group gap="xs" align="center">
                      <Text fz="sm" fw={600}>
                        Then go to
                      </Text>
                      <Select
                        size="xs"
                        w={{ base: '100%', xs: 220 }}
                        aria-label={`${ruleLabel}: go to`}
                        data={targets}
                        value={rule.nextStep}
                        allowDeselect={false}
                        onChange={(nextStep) => nextStep && edit((t) => updatePageRule(t, stepId, index, { ...rule, nextStep }))}
                        data-testid="rule-target"
                      />
                      <Button size="compact-sm" variant="light" ml="auto" onClick={() => setOpen(null)}>
                        Done
                      </Button>
                    </Group>
                  </Stack>
                )}
                {errors.length > 0 && (
                  <Stack gap={2} role="alert">
                    {errors.map((message) => (
                      <Text key={message} fz="xs" c="red.8">
                        {message}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}

        <Group gap="xs" align="center" wrap="wrap">
          <Text fz="sm" fw={600} component="label" htmlFor={`default-next-${stepId}`}>
            {rules.length > 0 ? 'Otherwise go to' : 'Go to'}
          </Text>
          <Select
            id={`default-next-${stepId}`}
            size="xs"
            w={{ base: '100%', xs: 220 }}
            data={targets}
            value={page.nextStep.defaultNextStep}
            allowDeselect={false}
            onChange={(nextStep) => nextStep && edit((t) => setDefaultNextStep(t, stepId, nextStep))}
            data-testid="default-next-step"
          />
          <Tooltip
            label={firstCondition ? `At most ${MAX_PAGE_RULES} rules per page` : 'Add a question to this page or an earlier one first'}
            disabled={Boolean(firstCondition) && rules.length < MAX_PAGE_RULES}
          >
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={addRule}
              disabled={!firstCondition || rules.length >= MAX_PAGE_RULES}
              ml={{ xs: 'auto' }}
              data-testid="add-rule"
            >
              Add rule
            </Button>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}
