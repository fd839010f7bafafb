/**
 * 'Insert answer' beside a text the respondent reads (a question's label and description, an ending's title and
 * message): a menu of the questions whose answers it may show (`conditionQuestions`: asked before the question; any
 * question for an ending — never a Statement, which takes no answer), grouped by page, then the form's hidden fields,
 * its calculations and, in a quiz, its score and maximum score. Choosing one inserts its placeholder
 * (`rules/piping.ts`: `{{answers.<id>}}`, `{{urlParams.<name>}}`, `{{calculations.<id>}}`, `{{quiz.score}}`,
 * `{{quiz.maxScore}}`) at the caret of `target` (or hands it to `onInsert`). Under the text, {@link PipingHint} shows
 * what it pipes in words: 'Shows: Thanks [Your name]!', 'Total: [Price]'.
 */
import { Fragment, useMemo, type RefObject } from 'react';
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import {
  describePiping,
  hasPipedAnswers,
  pipedAnswer,
  pipedCalculation,
  pipedUrlParam,
  PIPED_QUIZ_MAX_SCORE,
  PIPED_QUIZ_SCORE,
  questionsById,
} from '@formloom/contracts/rules/piping';
import { quizOf } from '@formloom/contracts/rules/quiz';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { takesAnswer } from '@formloom/contracts/answers/registry';
import { questionLabel } from '@formloom/contracts/rules/condition-text';
import { calculationNames } from '../../model/calculation-ops';
import { conditionQuestionList } from '../../model/logic-ops';
import { formPages } from '../../model/template-ops';
import { useEditor } from '../editor-context';
import classes from './logic.module.css';

/** `value` with `token` inserted at the caret of `input` (or at the end), and the caret after it. */
export function insertAtCaret(input: HTMLInputElement | HTMLTextAreaElement | null, value: string, token: string): { value: string; caret: number } {
  const start = input?.selectionStart ?? value.length;
  const end = input?.selectionEnd ?? start;
  return { value: value.slice(0, start) + token + value.slice(end), caret: start + token.length };
}

/**
 * Where a chosen placeholder goes: into a text field at its caret (`target`, its `value` and `onChange`), or to
 * `onInsert` (a rich text editor inserts it at its own caret).
 */
export type InsertTarget =
  | { target: RefObject<HTMLInputElement | HTMLTextAreaElement | null>; value: string; onChange: (value: string) => void }
  | { onInsert: (token: string) => void };

export type InsertAnswerMenuProps = InsertTarget & {
  /** The question whose text it is (answers of the questions before it); omitted for an ending (any question). */
  at?: { stepId: string; widgetId: string };
  /** Names the button: 'Insert an answer into the label'. */
  label: string;
};

export function InsertAnswerMenu(props: InsertAnswerMenuProps) {
  const { at, label } = props;
  const { draft } = useEditor();
  const choices = useMemo(() => {
    if (at) return conditionQuestionList(draft, at.stepId, at.widgetId);
    const names = new Map(formPages(draft).map((page, index) => [page.id, page.name || `Page ${index + 1}`]));
    return formWidgets(draft)
      .filter(({ widget }) => takesAnswer(widget))
      .map(({ stepId, widget }) => ({ widget, pageName: names.get(stepId) ?? '' }));
  }, [draft, at]);
  const pages = [...new Set(choices.map((choice) => choice.pageName))];

  const hidden = draft.urlParams ?? [];
  const calculations = draft.calculations ?? [];
  const quiz = quizOf(draft) !== null;
  const empty = choices.length === 0 && hidden.length === 0 && calculations.length === 0 && !quiz;

  function insert(widgetId: string) {
    insertToken(pipedAnswer(widgetId));
  }

  function insertToken(token: string) {
    if ('onInsert' in props) return props.onInsert(token);
    const input = props.target.current;
    const next = insertAtCaret(input, props.value, token);
    props.onChange(next.value);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Tooltip label={empty ? 'No question is asked before this one' : 'Insert an answer'}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} disabled={empty} data-testid="insert-answer">
            <Text fw={700} fz="sm" aria-hidden>
              @
            </Text>
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={320} className={classes.scroll}>
        {pages.map((page) => (
          <Fragment key={page}>
            <Menu.Label>{page}</Menu.Label>
            {choices
              .filter((choice) => choice.pageName === page)
              .map(({ widget }) => (
                <Menu.Item key={widget.id} onClick={() => insert(widget.id)}>
                  {questionLabel(widget)}
                </Menu.Item>
              ))}
          </Fragment>
        ))}
        {hidden.length > 0 && <Menu.Label>Hidden fields</Menu.Label>}
        {hidden.map((param) => (
          <Menu.Item key={param.id} onClick={() => insertToken(pipedUrlParam(param.name))}>
            {param.name}
          </Menu.Item>
        ))}
        {calculations.length > 0 && <Menu.Label>Calculations</Menu.Label>}
        {calculations.map((calculation) => (
          <Menu.Item key={calculation.id} onClick={() => insertToken(pipedCalculation(calculation.id))}>
            {calculation.name}
          </Menu.Item>
        ))}
        {quiz && <Menu.Label>Quiz</Menu.Label>}
        {quiz && <Menu.Item onClick={() => insertToken(PIPED_QUIZ_SCORE)}>{copy.quiz.score}</Menu.Item>}
        {quiz && <Menu.Item onClick={() => insertToken(PIPED_QUIZ_MAX_SCORE)}>{copy.quiz.maxScore}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}

/** 'Shows: Thanks [Your name]!' under a text that pipes answers, hidden fields, calculations or the score; nothing otherwise. */
export function PipingHint({ text }: { text: string }) {
  const { draft } = useEditor();
  const questions = useMemo(() => questionsById(draft), [draft]);
  const names = useMemo(() => calculationNames(draft), [draft]);
  if (!hasPipedAnswers(text)) return null;
  return (
    <Text fz="xs" c="dimmed" data-testid="piping-hint">
      Shows: {describePiping(text, questions, names)}
    </Text>
  );
}
