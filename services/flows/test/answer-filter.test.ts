/**
 * The Results' answer filter runs as SQL (`src/db/answer-filter.ts`) and must keep exactly the responses that
 * `evaluateCondition(filter, {answers})` — the one evaluator of the form's logic — keeps. A property test writes
 * random stored answers of every answer kind into PGlite and checks random filters both ways; example tests check
 * the filter through the API (list, count, export, bad filters).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { exportSubmissions, listSubmissions } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { LogicValue } from '@formloom/contracts/logic';
import { evaluateCondition, OPERATORS_BY_KIND, type AnswerKind, type Condition, type ConditionOperator } from '@formloom/contracts/rules/conditions';
import { filterSubjects, resultsFilterProblems } from '@formloom/contracts/rules/results-filter';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { answerFilterSql } from '../src/db/answer-filter';
import { submissions } from '../src/db/schema';
import { createFlow, publishedExample, setup, submit, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

/** A form with one question of each answer kind (and a hidden field), as the property test stores answers for. */
const TEMPLATE: FlowTemplate = {
  firstStep: 's1',
  urlParams: [{ id: 'utm', name: 'utm_source' }],
  steps: {
    s1: {
      id: 's1',
      name: 'Page 1',
      type: 'form',
      template: {
        widgets: [
          { id: 'text', name: 'Text', type: 'ShortAnswer', template: { label: 'Text', required: false } },
          { id: 'number', name: 'Number', type: 'NumberInput', template: { label: 'Number', required: false } },
          { id: 'date', name: 'Date', type: 'DatePicker', template: { label: 'Date', required: false } },
          { id: 'time', name: 'Time', type: 'TimePicker', template: { label: 'Time', required: false } },
          { id: 'dateTime', name: 'When', type: 'DateTimePicker', template: { label: 'When', required: false } },
          {
            id: 'choice',
            name: 'Choice',
            type: 'MultipleChoice',
            template: { label: 'Choice', required: false, options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }] },
          },
          {
            id: 'choices',
            name: 'Choices',
            type: 'Checkboxes',
            template: { label: 'Choices', required: false, options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }] },
          },
          { id: 'boolean', name: 'Agree', type: 'Checkbox', template: { label: 'Agree', required: false } },
          { id: 'structured', name: 'Address', type: 'Address', template: { label: 'Address', required: false } },
        ],
      },
      nextStep: { defaultNextStep: 'end' },
    },
    end: { id: 'end', name: 'Thanks', type: 'ending', template: { title: 'Thanks', body: '' }, nextStep: null },
  },
};

const SUBJECTS = filterSubjects(TEMPLATE);
const STORED_SUBJECTS = new Map(SUBJECTS.map((subject) => [subject.path, { key: subject.id, kind: subject.kind }]));

/** Stored (normalized) answers of each kind, small pools so that comparisons often hold; `undefined` = unanswered. */
const STORED: Record<Exclude<AnswerKind, 'none'>, fc.Arbitrary<unknown>> = {
  text: fc.constantFrom(undefined, '', 'Pro', 'pro', 'Proper', 'a b', 'Ünïcode', '100% sure_'),
  number: fc.constantFrom(undefined, 0, 1, 2.5, -3, 10, 0.1, 1e21),
  date: fc.constantFrom(undefined, '2026-01-01', '2026-03-05', '2025-12-31'),
  time: fc.constantFrom(undefined, '00:00', '09:30', '23:59'),
  dateTime: fc.constantFrom(undefined, '2026-03-05T09:30', '2026-03-05T10:00', '2025-12-31T23:59'),
  choice: fc.constantFrom(undefined, 'a', 'b', 'c'),
  choices: fc.constantFrom(undefined, [], ['a'], ['b'], ['a', 'b'], ['b', 'a', 'c']),
  boolean: fc.constantFrom(undefined, true, false),
  structured: fc.constantFrom(undefined, { street: '1 Main St', city: 'Springfield' }, {}),
};

/** Literals a filter on each kind compares with (as `isFilterLiteral` allows). */
const LITERALS: Record<Exclude<AnswerKind, 'none'>, fc.Arbitrary<LogicValue>> = {
  text: fc.constantFrom('', 'Pro', 'pro', ' pro ', 'PER', 'a', '%', '_', 'ünï'),
  number: fc.constantFrom(0, 1, 2.5, -3, 10, 0.1, 1e21, 7),
  date: fc.constantFrom('2026-01-01', '2026-03-05', '2025-12-31', '2027-01-01'),
  time: fc.constantFrom('00:00', '09:30', '12:00', '23:59'),
  dateTime: fc.constantFrom('2026-03-05T09:30', '2026-03-05T09:31', '2025-12-31T23:59'),
  choice: fc.constantFrom('a', 'b', 'c'),
  choices: fc.constantFrom('a', 'b', 'c'),
  boolean: fc.boolean(),
  structured: fc.constant('x'),
};

/** A comparison on a random subject with an operator that fits it and a value of its kind. */
const leaf: fc.Arbitrary<Condition> = fc.constantFrom(...SUBJECTS).chain((subject) => {
  const kind = subject.kind as Exclude<AnswerKind, 'none'>;
  return fc.constantFrom(...(OPERATORS_BY_KIND[kind] as ConditionOperator[])).chain((operator): fc.Arbitrary<Condition> => {
    const left = { var: subject.path };
    if (operator === 'isEmpty' || operator === 'isNotEmpty') return fc.constant({ [operator]: [left] } as Condition);
    const list = operator === 'in' || operator === 'notIn' || (kind === 'choices' && operator !== 'contains' && operator !== 'notContains');
    const value = list ? fc.uniqueArray(LITERALS[kind], { minLength: 1, maxLength: 3 }) : kind === 'choices' ? fc.oneof(LITERALS[kind], fc.uniqueArray(LITERALS[kind], { minLength: 1, maxLength: 3 })) : LITERALS[kind];
    return value.map((right) => ({ [operator]: [left, right] }) as Condition);
  });
});

/** Filters: a comparison, or `and`/`or` groups of them two levels deep (what the Results' editor makes). */
const filter: fc.Arbitrary<Condition> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('group')),
  group: fc.record({ op: fc.constantFrom('and', 'or'), items: fc.array(tie('leafOnly'), { minLength: 1, maxLength: 3 }) }).map(({ op, items }) => ({ [op]: items }) as Condition),
  leafOnly: leaf,
})).node as fc.Arbitrary<Condition>;

/** Random stored answers: each subject answered (or not) with a value of its kind. */
const answers = fc.record(
  Object.fromEntries(SUBJECTS.map((subject) => [subject.id, STORED[subject.kind as Exclude<AnswerKind, 'none'>]])),
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, unknown>>;

describe('the SQL of an answer filter', () => {
  let flowId: number;
  let snapshotId: number;
  let rows: Array<{ id: string; answers: Record<string, unknown> }>;

  beforeAll(async () => {
    const flow = await createFlow(h, { flowTemplate: TEMPLATE });
    const publicIdentifier = flow.publicIdentifier;
    const published = await h.service.app.inject({ method: 'POST', url: `/admin/flows/${publicIdentifier}/publish`, headers: h.headers.writer });
    expect(published.statusCode).toBe(200);
    const [row] = rowsOf<{ id: number; live_snapshot_id: number }>(await h.service.ctx.db.execute(sql`SELECT id, live_snapshot_id FROM flows WHERE public_identifier = ${publicIdentifier}`));
    flowId = row!.id;
    snapshotId = row!.live_snapshot_id;
    // 300 random responses, stored as the service stores them (the answers jsonb, without undefined keys).
    rows = fc.sample(answers, { numRuns: 300, seed: 20261126 }).map((value, index) => ({
      id: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
      answers: JSON.parse(JSON.stringify(value)) as Record<string, unknown>,
    }));
    for (const row of rows) {
      await h.service.ctx.db.execute(sql`
        INSERT INTO submissions (id, flow_id, snapshot_id, answers, submission_time, last_updated_at)
        VALUES (${row.id}::uuid, ${flowId}, ${snapshotId}, ${JSON.stringify(row.answers)}::jsonb, now(), now())`);
    }
  });

  it('every generated filter is a valid Results filter of the form', () => {
    fc.assert(fc.property(filter, (condition) => resultsFilterProblems(condition, TEMPLATE).length === 0), { numRuns: 200 });
  });

  it('keeps exactly the responses evaluateCondition keeps', async () => {
    await fc.assert(
      fc.asyncProperty(filter, async (condition) => {
        const result = await h.service.ctx.db
          .select({ id: submissions.id })
          .from(submissions)
          .where(sql`${submissions.flowId} = ${flowId} AND ${answerFilterSql(condition, STORED_SUBJECTS)}`);
        const bySql = result.map((row) => row.id).sort();
        // The form's logic sees a hidden field as `urlParams.<name>`; the stored answers hold it under its id.
        const byEvaluator = rows
          .filter((row) => evaluateCondition(condition, { answers: row.answers, urlParams: { utm_source: row.answers.utm as string } }))
          .map((row) => row.id)
          .sort();
        expect({ condition, ids: bySql }).toEqual({ condition, ids: byEvaluator });
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('the answer filter through the API', () => {
  let id: string;
  beforeAll(async () => {
    id = await publishedExample(h);
    for (const [name, plan] of [['Ada', 'o2'], ['Grace', 'o1'], ['Alan', 'o2'], ['Edsger', undefined]] as const) {
      expect((await submit(h, id, { w1: name, w2: `${name.toLowerCase()}@example.com`, ...(plan ? { w3: plan } : {}) })).statusCode).toBe(201);
    }
  });

  function list(query: Record<string, unknown>) {
    return h.service.app.inject(endpointRequest(listSubmissions, { params: { publicIdentifier: id }, query, headers: h.headers.writer }));
  }
  const names = (body: { responses: Array<{ questions: Array<{ id: string; value: unknown }> }> }) =>
    body.responses.map((response) => response.questions.find((question) => question.id === 'w1')?.value);

  it('lists and counts the responses whose answers match, with the other filters', async () => {
    const filter = JSON.stringify({ and: [{ equals: [{ var: 'answers.w3' }, 'o2'] }] });
    const response = await list({ filter, sort: 'asc' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ totalResponses: 2, pageCount: 1 });
    expect(names(response.json())).toEqual(['Ada', 'Alan']);

    const withSearch = await list({ filter, search: 'alan' });
    expect(withSearch.json()).toMatchObject({ totalResponses: 1 });

    const unanswered = await list({ filter: JSON.stringify({ isEmpty: [{ var: 'answers.w3' }] }) });
    expect(names(unanswered.json())).toEqual(['Edsger']);
  });

  it('exports only the matching responses', async () => {
    const filter = JSON.stringify({ or: [{ contains: [{ var: 'answers.w1' }, 'gra'] }, { equals: [{ var: 'answers.w1' }, 'Edsger'] }] });
    const response = await h.service.app.inject(
      endpointRequest(exportSubmissions, { params: { publicIdentifier: id }, query: { format: 'csv', sort: 'asc', filter }, headers: h.headers.writer }),
    );
    expect(response.statusCode).toBe(200);
    const table = parse(response.body.replace(/^\uFEFF/, '')) as string[][];
    expect(table.slice(1).map((row) => row[2])).toEqual(['Grace', 'Edsger']);
  });

  it.each([
    ['not JSON', '{equals', [{ path: 'querystring.filter', message: copy.results.filterMalformed }]],
    ['not a condition', JSON.stringify({ sameAs: [1, 2] }), null],
    ['an unknown question', JSON.stringify({ equals: [{ var: 'answers.nope' }, 'x'] }), [{ path: 'querystring.filter', message: copy.results.filterUnknownQuestion }]],
    ['an operator that does not fit', JSON.stringify({ and: [{ lt: [{ var: 'answers.w3' }, 'o2'] }] }), [{ path: 'querystring.filter.and.0', message: copy.results.filterOperator('Plan') }]],
    ['a value of another kind', JSON.stringify({ equals: [{ var: 'answers.w1' }, 5] }), [{ path: 'querystring.filter', message: copy.results.filterValue('Name') }]],
    ['a reference as the value', JSON.stringify({ equals: [{ var: 'answers.w1' }, { var: 'answers.w2' }] }), [{ path: 'querystring.filter', message: copy.results.filterValue('Name') }]],
  ])('refuses %s with a 400 that says what is wrong', async (_what, filter, details) => {
    const response = await list({ filter });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; details: Array<{ path: string; message: string }> } }>();
    expect(body.error.code).toBe('validation_error');
    if (details) expect(body.error.details).toEqual(details);
    else expect(body.error.details[0]?.path).toMatch(/^querystring\.filter/);
  });
});
