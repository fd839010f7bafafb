/**
 * The Results' summary (`GET /admin/flows/:publicIdentifier/submissions/summary`, `contracts/src/api/flows/summary.ts`):
 * a summary per question of the form's current version (the live snapshot; the draft before the first publish), in
 * page order, over the responses the Results' filters keep. Plain functions; no Fastify.
 *
 * Which summary a question gets is its type's (`contracts/src/rules/summary.ts` `SUMMARY_SHAPES`). Each summary kind
 * is a {@link SummaryPlan} here: the aggregates it asks the database for (`db/summary-repository.ts`) and how it reads
 * their values. Everything is computed by the database over the `answers` jsonb:
 *
 * 1. one statement with every question's aggregates: how many answered, a count per option (per Matrix cell, per
 *    scale value), the average / minimum / maximum of numbers, the earliest / latest date;
 * 2. then, at once: one statement counting the free numbers' buckets (their bounds come from step 1's minimum and
 *    maximum), and one reading the latest answers of the text questions.
 *
 * A scale's average, minimum and maximum come from its counts per value (`scaleStats`), a Matrix row's answered
 * count from its counts per column: fewer aggregates per row (docs/benchmarks.md §9).
 *
 * Answers are matched to the current version's questions and options by id, so a renamed option counts under its
 * new label. An answer holding an option the question no longer has is counted apart as `removed` (shown as
 * 'Removed options'); answers to questions the form no longer has are left out.
 */
import type { QuestionSummary, QuestionSummaryDetail, SubmissionsSummaryQuery, SubmissionsSummaryResponse, SummaryNumberStats } from '@formloom/contracts/api/flows/summary';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { displayAnswer, takesAnswer } from '@formloom/contracts/answers/registry';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { questionName } from '@formloom/contracts/rules/submission-questions';
import { SUMMARY_LATEST_ANSWERS } from '@formloom/contracts/limits';
import {
  bucketLabel,
  netPromoterScore,
  numberBuckets,
  scaleStats,
  summaryNumberText,
  summaryShapeOf,
  type NumberBucket,
  type SummaryShape,
} from '@formloom/contracts/rules/summary';
import {
  aggregateSubmissions,
  answeredCount,
  latestTextAnswers,
  listCount,
  matrixCellCount,
  numberStats,
  rangeCount,
  textBounds,
  unknownCount,
  valueCount,
  type Aggregate,
  type AnswerColumn,
  type LatestAnswer,
} from '../db/summary-repository';
import type { SubmissionFilter } from '../db/submissions-repository';
import { authorizedFlow, currentTemplate, type Authorize, type FlowsDeps } from './flows';
import { submissionFilterOf } from './results';

/** What the second step read for the questions that need it (buckets of free numbers, latest text answers). */
interface SecondReads {
  /** Each free number question's buckets with their counts, by question id. */
  buckets: Map<string, Array<NumberBucket & { count: number }>>;
  /** Each text question's latest answers, newest first, by question id. */
  latest: Map<string, LatestAnswer[]>;
}

/**
 * How a summary kind is computed: the aggregates of step 1 (after the question's answered count, which every kind
 * has), what step 2 must read for the question, and the summary from those values.
 */
interface SummaryPlan<S extends SummaryShape = SummaryShape> {
  /** How the question's answer is read (`db/summary-repository.ts` `AnswerColumn`): as text or as JSON. */
  column(shape: S): AnswerColumn['type'];
  aggregates(column: AnswerColumn, shape: S): Aggregate[];
  /** The buckets to count in step 2 for a free number question, from its step-1 values. */
  buckets?(values: readonly unknown[]): NumberBucket[];
  /** Whether step 2 reads the question's latest text answers. */
  latest?: true;
  read(widget: Widget, shape: S, values: readonly unknown[], second: SecondReads): QuestionSummaryDetail;
}

/** `value` as a count (0 for NULL). */
const countOf = (value: unknown) => Number(value ?? 0);

/** The average, minimum and maximum (step-1 values of `numberStats`) with their texts; null without answers. */
function statsOf(widget: Widget, [average, min, max]: readonly unknown[]): SummaryNumberStats | null {
  if (average === null || min === null || max === null) return null;
  const [avg, low, high] = [Number(average), Number(min), Number(max)];
  return {
    average: avg,
    min: low,
    max: high,
    averageText: summaryNumberText(avg, widget),
    minText: summaryNumberText(low, widget),
    maxText: summaryNumberText(high, widget),
  };
}

/** A text of a stored answer (a date, a text) as people read it, or null for none. */
function answerText(value: unknown, widget: Widget): string | null {
  return value === null || value === undefined ? null : displayAnswer(value, widget);
}

const choicesPlan: SummaryPlan<Extract<SummaryShape, { kind: 'choices' }>> = {
  column: ({ multiple }) => (multiple ? 'jsonb' : 'text'),
  aggregates: (column, { options, multiple }) => [
    ...options.map((option) => (multiple ? listCount(column, option.value) : valueCount(column, option.value))),
    unknownCount(
      column,
      options.map((option) => option.value),
    ),
  ],
  read: (_widget, { options, multiple }, values) => ({
    kind: 'choices',
    multiple,
    options: options.map((option, index) => ({ id: option.id, label: option.label, count: countOf(values[index]) })),
    removed: countOf(values[options.length]),
  }),
};

const matrixPlan: SummaryPlan<Extract<SummaryShape, { kind: 'matrix' }>> = {
  column: () => 'jsonb',
  aggregates: (answer, { rows, columns }) =>
    rows.flatMap((row) => columns.map((column) => matrixCellCount(answer, row.id, column.id))),
  read: (_widget, { rows, columns }, values) => ({
    kind: 'matrix',
    columns: columns.map(({ id, label }) => ({ id, label })),
    rows: rows.map((row, index) => {
      const counts = columns.map((_, column) => countOf(values[index * columns.length + column]));
      // Answers naming a column the question no longer has are not counted.
      return { id: row.id, label: row.label, answered: counts.reduce((sum, count) => sum + count, 0), counts };
    }),
  }),
};

const scalePlan: SummaryPlan<Extract<SummaryShape, { kind: 'scale' }>> = {
  // A scale's values are numbers as stored (normalized: `4`, `0.5`): compared as their text.
  column: () => 'text',
  aggregates: (column, { values }) => values.map((value) => valueCount(column, value)),
  read: (widget, { values: scale, nps }, values) => {
    const counts = scale.map((value, index) => ({ value, label: summaryNumberText(value, widget), count: countOf(values[index]) }));
    const stats = scaleStats(counts);
    return { kind: 'scale', values: counts, stats: stats && statsOf(widget, [stats.average, stats.min, stats.max]), nps: nps ? netPromoterScore(counts) : null };
  },
};

const numbersPlan: SummaryPlan<Extract<SummaryShape, { kind: 'numbers' }>> = {
  column: () => 'jsonb',
  aggregates: (column) => numberStats(column),
  buckets: ([, min, max, integers]) => (min === null || max === null ? [] : numberBuckets(Number(min), Number(max), { integers: integers === true })),
  read: (widget, _shape, values, second) => {
    const integers = values[3] === true;
    return {
      kind: 'numbers',
      stats: statsOf(widget, values),
      buckets: (second.buckets.get(widget.id) ?? []).map((bucket) => ({ ...bucket, label: bucketLabel(bucket, widget, integers) })),
    };
  },
};

const textsPlan: SummaryPlan<Extract<SummaryShape, { kind: 'texts' }>> = {
  column: () => 'text',
  aggregates: () => [],
  latest: true,
  read: (widget, _shape, _values, second) => ({
    kind: 'texts',
    latest: (second.latest.get(widget.id) ?? []).map((answer) => ({
      submissionId: answer.submissionId,
      submissionTime: answer.submissionTime.toISOString(),
      text: displayAnswer(answer.value, widget),
    })),
  }),
};

const datesPlan: SummaryPlan<Extract<SummaryShape, { kind: 'dates' }>> = {
  column: () => 'text',
  aggregates: (column) => textBounds(column),
  read: (widget, _shape, [earliest, latest]) => ({ kind: 'dates', earliest: answerText(earliest, widget), latest: answerText(latest, widget) }),
};

const answeredPlan: SummaryPlan = {
  column: () => 'jsonb',
  aggregates: () => [],
  read: () => ({ kind: 'answered' }),
};

/** The plan of every summary kind but `none` (a question that takes no answer has no summary). */
const PLANS: { readonly [K in Exclude<SummaryShape['kind'], 'none'>]: SummaryPlan<Extract<SummaryShape, { kind: K }>> } = {
  choices: choicesPlan,
  matrix: matrixPlan,
  scale: scalePlan,
  numbers: numbersPlan,
  texts: textsPlan,
  dates: datesPlan,
  answered: answeredPlan,
};

/** A question of the summary with its shape and plan, and where its aggregates sit in step 1's values. */
interface PlannedQuestion {
  widget: Widget;
  column: AnswerColumn;
  stepId: string;
  shape: SummaryShape;
  plan: SummaryPlan;
  /** The index of its answered count in step 1's values; its own aggregates follow. */
  at: number;
  count: number;
}

/** The questions of `template` that take an answer, in page order, with their plans (`none` left out). */
function planQuestions(template: Parameters<typeof formWidgets>[0]): { questions: PlannedQuestion[]; columns: AnswerColumn[]; aggregates: Aggregate[] } {
  const aggregates: Aggregate[] = [];
  const questions: PlannedQuestion[] = [];
  for (const { widget, stepId } of formWidgets(template)) {
    const shape = summaryShapeOf(widget);
    if (!takesAnswer(widget) || shape.kind === 'none') continue;
    const plan = PLANS[shape.kind] as SummaryPlan;
    const column: AnswerColumn = { id: widget.id, type: plan.column(shape) };
    const own = plan.aggregates(column, shape);
    questions.push({ widget, column, stepId, shape, plan, at: aggregates.length, count: own.length });
    aggregates.push(answeredCount(column), ...own);
  }
  return { questions, columns: questions.map((question) => question.column), aggregates };
}

/** The columns and aggregates of step 1 for `template`'s questions (what the benchmark explains, `load-tests/summary/`). */
export function summaryAggregates(template: Parameters<typeof formWidgets>[0]): { columns: AnswerColumn[]; aggregates: Aggregate[] } {
  const { columns, aggregates } = planQuestions(template);
  return { columns, aggregates };
}

/** Step 2: the buckets of the free number questions and the latest answers of the text questions, at once. */
async function readSecond(deps: FlowsDeps, flowId: number, filter: SubmissionFilter, questions: PlannedQuestion[], values: readonly unknown[]): Promise<SecondReads> {
  const bucketed = questions.flatMap((question) => (question.plan.buckets?.(ownValues(question, values)) ?? []).map((bucket) => ({ question, bucket })));
  const texts = questions.filter((question) => question.plan.latest && countOf(values[question.at]) > 0).map((question) => question.widget.id);
  const [counted, latest] = await Promise.all([
    bucketed.length > 0
      ? aggregateSubmissions(
          deps.db,
          flowId,
          filter,
          [...new Set(bucketed.map(({ question }) => question))].map((question) => question.column),
          bucketed.map(({ question, bucket }) => rangeCount(question.column, bucket)),
        )
      : undefined,
    latestTextAnswers(deps.db, flowId, filter, texts, SUMMARY_LATEST_ANSWERS),
  ]);
  const second: SecondReads = { buckets: new Map(), latest: new Map() };
  bucketed.forEach(({ question, bucket }, index) => {
    const list = second.buckets.get(question.widget.id) ?? [];
    list.push({ ...bucket, count: countOf(counted?.values[index]) });
    second.buckets.set(question.widget.id, list);
  });
  for (const answer of latest) second.latest.set(answer.questionId, [...(second.latest.get(answer.questionId) ?? []), answer]);
  return second;
}

/** A question's own step-1 values (after its answered count). */
function ownValues(question: PlannedQuestion, values: readonly unknown[]): unknown[] {
  return values.slice(question.at + 1, question.at + 1 + question.count);
}

/**
 * The summary of flow `publicIdentifier`'s responses (view access) that the query's filters keep — `status`
 * (finished submissions by default), the submission time in `[from, to)`, `search` (as the list's, `search-text.ts`):
 * `totalResponses`, and for each question that takes an answer of the form's current version, in page order, its
 * name (its label when the name is blank), its page, how many answered it and its summary (see the module doc).
 * @throws 404 `copy.flows.flowNotFound`; whatever `authorize` throws (404 for a workspace not the caller's).
 */
export async function summarizeSubmissions(
  deps: FlowsDeps,
  publicIdentifier: string,
  query: SubmissionsSummaryQuery,
  authorize: Authorize,
): Promise<SubmissionsSummaryResponse> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  const template = await currentTemplate(deps.db, record);
  const filter = submissionFilterOf(query, template);
  const { questions, columns, aggregates } = planQuestions(template);
  const first = await aggregateSubmissions(deps.db, record.id, filter, columns, aggregates);
  const second = first.total > 0 ? await readSecond(deps, record.id, filter, questions, first.values) : { buckets: new Map(), latest: new Map() };
  return {
    totalResponses: first.total,
    questions: questions.map((question): QuestionSummary => ({
      id: question.widget.id,
      name: questionName(question.widget),
      type: question.widget.type,
      pageId: question.stepId,
      answered: countOf(first.values[question.at]),
      summary: question.plan.read(question.widget, question.shape, ownValues(question, first.values), second),
    })),
  };
}
