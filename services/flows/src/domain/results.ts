/**
 * What the Results read with every page, count, export and summary (`contracts/src/api/flows/submissions.ts`): the
 * columns of the form's current version (`flows.ts` `currentTemplate`), the filters of a query — with the answer
 * filter the current version's questions allow — as the repository's {@link SubmissionFilter}, and the opaque
 * cursors of keyset pages. Plain functions; no Fastify.
 */
import * as copy from '@formloom/contracts/copy';
import type { ResultsColumn } from '@formloom/contracts/api/flows/submissions';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { Condition } from '@formloom/contracts/rules/conditions';
import { filterSubjects, resultsFilterProblems } from '@formloom/contracts/rules/results-filter';
import { calculationsOf } from '@formloom/contracts/rules/calculations';
import { quizOf } from '@formloom/contracts/rules/quiz';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { takesAnswer } from '@formloom/contracts/answers/registry';
import { urlParamsOf } from '@formloom/contracts/rules/url-params';
import { invalid } from '@formloom/kit/errors';
import { answerFilterSql } from '../db/answer-filter';
import type { SubmissionCursor } from '../db/export-repository';
import type { SubmissionFilter } from '../db/submissions-repository';
import type { SubmissionStatus } from '../db/schema';

/**
 * The Results' columns of `template`, in order: its answerable questions (page order; headed by the name, the label
 * when the name is blank, with the question), its hidden fields, its calculations and, when its quiz is on, the
 * score (id ''). The export writes the same columns (`export.ts` `exportColumns`).
 */
export function resultsColumns(template: FlowTemplate): ResultsColumn[] {
  const questions = formWidgets(template)
    .filter(({ widget }) => takesAnswer(widget))
    .map(({ widget }): ResultsColumn => ({ id: widget.id, name: widget.name.trim() ? widget.name : widget.template.label, kind: 'question', widget }));
  const taken = new Set(questions.map((column) => column.id));
  return [
    ...questions,
    ...urlParamsOf(template)
      .filter(({ id }) => !taken.has(id))
      .map(({ id, name }): ResultsColumn => ({ id, name, kind: 'urlParameter' })),
    ...calculationsOf(template).map(({ id, name }): ResultsColumn => ({ id, name, kind: 'calculation' })),
    ...(quizOf(template) ? [{ id: '', name: copy.quiz.score, kind: 'score' as const }] : []),
  ];
}

/** The filters a Results query may carry (`SubmissionsQuery`, `ExportSubmissionsQuery`). */
export interface ResultsQueryFilters {
  status: SubmissionStatus;
  from?: string;
  to?: string;
  search?: string;
  filter?: Condition;
}

/**
 * The repository's filter for `query` against the form's current version `template`: status, time range, search,
 * and the answer filter as SQL (`db/answer-filter.ts`).
 * @throws 400 `copy.results.filterMalformed` with one `{path: 'querystring.filter…', message}` per problem of the
 *   answer filter (`resultsFilterProblems`: a question the form no longer has, an operator or a value that does
 *   not fit it).
 */
export function submissionFilterOf(query: ResultsQueryFilters, template: FlowTemplate): SubmissionFilter {
  const filter: SubmissionFilter = {
    status: query.status,
    ...(query.from ? { after: new Date(query.from) } : {}),
    ...(query.to ? { before: new Date(query.to) } : {}),
    ...(query.search ? { search: query.search } : {}),
  };
  if (!query.filter) return filter;
  const problems = resultsFilterProblems(query.filter, template);
  if (problems.length > 0) {
    throw invalid(
      copy.results.filterMalformed,
      problems.map(({ path, message }) => ({ path: ['querystring.filter', ...path].join('.'), message })),
    );
  }
  const subjects = new Map(filterSubjects(template).map((subject) => [subject.path, { key: subject.id, kind: subject.kind }]));
  return { ...filter, answers: answerFilterSql(query.filter, subjects) };
}

/** A keyset cursor as the API gives it: base64url of `[time, id]` (`SubmissionsCursor`). */
export function encodeCursor(cursor: SubmissionCursor): string {
  return Buffer.from(JSON.stringify([cursor.time, cursor.id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL's text of a `timestamptz` (ISO DateStyle): `2026-11-26 12:18:47.123456+00`. */
const TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)$/;

/**
 * The cursor `text` names ({@link encodeCursor}).
 * @throws 400 `copy.results.cursorInvalid` at `querystring.after` when it does not decode to a time and an id.
 */
export function decodeCursor(text: string): SubmissionCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (Array.isArray(decoded) && decoded.length === 2) {
    const [time, id] = decoded as unknown[];
    if (typeof time === 'string' && TIMESTAMPTZ.test(time) && typeof id === 'string' && UUID.test(id)) return { time, id };
  }
  throw invalid(copy.results.cursorInvalid, [{ path: 'querystring.after', message: copy.results.cursorInvalid }]);
}
