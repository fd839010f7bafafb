/**
 * Calculations and quiz scores of submissions (contracts `rules/submission-results.ts`): a form's calculations and
 * a quiz's points appear in the submissions list (Fillout's `calculations`, and `quiz: {score, maxScore}`), in the
 * `form.submitted` event and in the export (a column per calculation and 'Score' after the hidden fields); a page
 * rule on a hidden field sends a submission — and a saved progress — down the path the browser took; a new quiz
 * starts with its quiz on. Against the real service on PGlite.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { saveProgress } from '@formloom/contracts/api/flows/progress';
import { exportSubmissions, listSubmissions, submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { fetchFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { Submission } from '@formloom/contracts/entities/flow';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { endpointRequest } from '@formloom/kit/testing';
import { countRows, createFlow, outboxRows, setup, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

/** A one-choice question `id` whose options `a`, `b`, … are worth `points` (in that order). */
function scoredChoice(id: string, label: string, points: number[], required = false): Widget {
  const options = points.map((value, index) => ({ id: String.fromCharCode(97 + index), label: `${label} ${index + 1}`, points: value }));
  return { id, name: label, type: 'MultipleChoice', template: { label, required, options } } as Widget;
}

/** A page `id` with `widgets`, then `next` unless a rule holds. */
function page(id: string, widgets: Widget[], next: string, rules?: Array<{ condition: unknown; nextStep: string }>) {
  return { id, name: id, type: 'form', template: { widgets }, nextStep: rules ? { defaultNextStep: next, rules } : { defaultNextStep: next } };
}

const end = { id: 'end', name: 'End', type: 'ending', template: { title: 'Thanks', body: '' }, nextStep: null };

/**
 * The quiz: p1 asks q1 (a 2, b 0); with the hidden field `track` 'hard' it goes to p2 (q2, required: a 3, b 0),
 * else to p3 (q3, required: a 1, b 0). A calculation `bonus` is 100 divided by 3 once the score reaches 5.
 */
function quizTemplate(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: page('p1', [scoredChoice('q1', 'Capital', [2, 0])], 'p3', [{ condition: { equals: [{ var: 'urlParams.track' }, 'hard'] }, nextStep: 'p2' }]),
      p2: page('p2', [scoredChoice('q2', 'Hard one', [3, 0], true)], 'end'),
      p3: page('p3', [scoredChoice('q3', 'Easy one', [1, 0], true)], 'end'),
      end,
    },
    urlParams: [{ id: 'h1', name: 'track' }],
    calculations: [
      {
        id: 'bonus',
        name: 'Bonus',
        initialValue: 0,
        updates: [
          { when: { gte: [{ var: 'quiz.score' }, 5] }, operation: 'set', value: 100 },
          { when: { gte: [{ var: 'quiz.score' }, 5] }, operation: 'divide', value: 3 },
        ],
      },
    ],
  } as unknown as FlowTemplate;
}

/** A shop: size (a: small, b: large) and quantity; the price is 20, plus 15 when large, times the quantity. */
function shopTemplate(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: page('p1', [scoredChoice('size', 'Size', [0, 0]), { id: 'quantity', name: 'Quantity', type: 'NumberInput', template: { label: 'Quantity', required: false } } as Widget], 'end'),
      end,
    },
    calculations: [
      {
        id: 'price',
        name: 'Price',
        initialValue: 20,
        updates: [
          { when: { equals: [{ var: 'answers.size' }, 'b'] }, operation: 'add', value: 15 },
          { operation: 'multiply', value: { var: 'answers.quantity' } },
        ],
      },
    ],
  } as unknown as FlowTemplate;
}

async function published(body: Record<string, unknown>): Promise<string> {
  const flow = await createFlow(h, body);
  const response = await h.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier: flow.publicIdentifier }, headers: h.headers.writer }));
  expect(response.statusCode).toBe(200);
  return flow.publicIdentifier;
}

function submit(publicIdentifier: string, answers: Record<string, unknown>, urlParameters?: Record<string, string>) {
  return h.service.app.inject(endpointRequest(submitAnswers, { params: { publicIdentifier }, body: { answers, ...(urlParameters ? { urlParameters } : {}) } }));
}

async function listed(publicIdentifier: string): Promise<Submission[]> {
  const response = await h.service.app.inject(endpointRequest(listSubmissions, { params: { publicIdentifier }, query: { sort: 'asc' }, headers: h.headers.writer }));
  expect(response.statusCode).toBe(200);
  return response.json<{ responses: Submission[] }>().responses;
}

/** The export's rows (header first) as texts, from the CSV or the Excel file. */
async function exported(publicIdentifier: string, format: 'csv' | 'xlsx' = 'csv'): Promise<string[][]> {
  const file = await h.service.app.inject(endpointRequest(exportSubmissions, { params: { publicIdentifier }, query: { format, sort: 'asc' }, headers: h.headers.writer }));
  expect(file.statusCode).toBe(200);
  if (format === 'csv') return parse(file.rawPayload.subarray(3)) as string[][];
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text)));
  return rows;
}

async function eventOf(submissionId: string) {
  return (await outboxRows(h, 'form.submitted')).find((row) => row.key === submissionId)!.envelope.data;
}

describe('a new quiz', () => {
  it('starts with its quiz on; a form does not, and a quiz whose template says otherwise keeps it', async () => {
    const fetchDraft = async (publicIdentifier: string) =>
      (await h.service.app.inject(endpointRequest(fetchFlow, { params: { publicIdentifier }, headers: h.headers.writer }))).json<{ flowSnapshot: { template: FlowTemplate } }>()
        .flowSnapshot.template;
    const quiz = await createFlow(h, { type: 'quiz' });
    expect(quiz.type).toBe('quiz');
    expect((await fetchDraft(quiz.publicIdentifier)).quizzes).toEqual({ enabled: true });
    const withTemplate = await createFlow(h, { type: 'quiz', flowTemplate: { ...quizTemplate(), quizzes: undefined } });
    expect((await fetchDraft(withTemplate.publicIdentifier)).quizzes).toEqual({ enabled: true });
    const off = await createFlow(h, { type: 'quiz', flowTemplate: { ...quizTemplate(), quizzes: { enabled: false } } });
    expect((await fetchDraft(off.publicIdentifier)).quizzes).toEqual({ enabled: false });
    const form = await createFlow(h, { type: 'form' });
    expect((await fetchDraft(form.publicIdentifier)).quizzes).toBeUndefined();
  });
});

describe('a quiz submitted through the API', () => {
  it('lists quiz {score, maxScore} and the calculations, carries them in the event, and exports Score after the hidden fields', async () => {
    const id = await published({ type: 'quiz', flowTemplate: quizTemplate() });
    const hard = await submit(id, { q1: 'a', q2: 'a' }, { track: 'hard' });
    expect(hard.statusCode).toBe(201);
    const easy = await submit(id, { q1: 'b', q3: 'a' });
    expect(easy.statusCode).toBe(201);

    const [first, second] = await listed(id);
    expect(first).toMatchObject({
      urlParameters: [{ id: 'h1', name: 'track', value: 'hard' }],
      calculations: [{ id: 'bonus', name: 'Bonus', type: 'number', value: 33.3333333333 }],
      quiz: { score: 5, maxScore: 5 },
    });
    expect(second).toMatchObject({ calculations: [{ id: 'bonus', name: 'Bonus', type: 'number', value: 0 }], quiz: { score: 1, maxScore: 3 } });

    const event = await eventOf(hard.json().submission.submissionId);
    expect(event.calculations).toEqual([{ id: 'bonus', name: 'Bonus', type: 'number', value: 33.3333333333 }]);
    expect(event.quiz).toEqual({ score: 5, maxScore: 5 });

    // Page order: p3 is p1's default next page, so it comes before p2.
    for (const format of ['csv', 'xlsx'] as const) {
      const [header, ...rows] = await exported(id, format);
      expect(header!.slice(2)).toEqual(['Capital', 'Easy one', 'Hard one', 'track', 'Bonus', copy.quiz.score]);
      expect(rows.map((row) => row.slice(2))).toEqual([
        ['Capital 1', '', 'Hard one 1', 'hard', '33.33', '5 / 5'],
        ['Capital 2', 'Easy one 1', '', '', '0', '1 / 3'],
      ]);
    }
  });

  it('a form whose quiz is off has no quiz in the list or the event, and no Score column', async () => {
    // Points on the options, but the quiz off (publishing refuses a condition on the score then: no calculation).
    const id = await published({ flowTemplate: { ...quizTemplate(), calculations: [], quizzes: { enabled: false } } });
    const response = await submit(id, { q1: 'a', q3: 'a' });
    expect(response.statusCode).toBe(201);
    const [submission] = await listed(id);
    expect(submission).not.toHaveProperty('quiz');
    expect(submission!.calculations).toEqual([]);
    expect(await eventOf(response.json().submission.submissionId)).not.toHaveProperty('quiz');
    const [header] = await exported(id);
    expect(header!.at(-1)).toBe('track');
  });
});

describe('a calculation', () => {
  it('appears with its number in the list, the event and the export (a column named after it)', async () => {
    const id = await published({ flowTemplate: shopTemplate() });
    const large = await submit(id, { size: 'b', quantity: 3 });
    expect(large.statusCode).toBe(201);
    expect((await submit(id, { size: 'a' })).statusCode).toBe(201);

    const responses = await listed(id);
    expect(responses.map((response) => response.calculations)).toEqual([
      [{ id: 'price', name: 'Price', type: 'number', value: 105 }],
      [{ id: 'price', name: 'Price', type: 'number', value: 20 }],
    ]);
    expect(responses.every((response) => !('quiz' in response))).toBe(true);
    expect((await eventOf(large.json().submission.submissionId)).calculations).toEqual([{ id: 'price', name: 'Price', type: 'number', value: 105 }]);

    const [header, ...rows] = await exported(id);
    expect(header).toEqual(['Submission ID', 'Submitted at', 'Size', 'Quantity', 'Price']);
    expect(rows.map((row) => row.slice(2))).toEqual([
      ['Size 2', '3', '105'],
      ['Size 1', '', '20'],
    ]);
  });
});

describe('a page rule on a hidden field', () => {
  it('sends the submission down the branch the link chose, as in the browser: the other branch is neither asked nor kept', async () => {
    const id = await published({ type: 'quiz', flowTemplate: quizTemplate() });
    const before = await countRows(h, 'submissions');

    // 'hard' goes to p2: its required q2 is asked, p3's q3 is not (and is dropped when sent).
    const refused = await submit(id, { q1: 'a', q3: 'a' }, { track: 'hard' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ path: 'answers.q2', message: copy.answers.required }]);
    expect(await countRows(h, 'submissions')).toBe(before);
    const kept = await submit(id, { q1: 'a', q2: 'b', q3: 'a' }, { track: 'hard' });
    expect(kept.statusCode).toBe(201);
    expect((await eventOf(kept.json().submission.submissionId)).answers).toEqual({ q1: 'a', q2: 'b', h1: 'hard' });

    // Without it (or with another value), the default branch p3 is the one asked.
    const other = await submit(id, { q1: 'a', q2: 'a' }, { track: 'easy' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.details).toEqual([{ path: 'answers.q3', message: copy.answers.required }]);
  });

  it('decides a saved progress’s path too', async () => {
    const id = await published({ type: 'quiz', flowTemplate: quizTemplate() });
    const save = (body: Record<string, unknown>) => h.service.app.inject(endpointRequest(saveProgress, { params: { publicIdentifier: id }, body: body as never }));
    const done = await save({ answers: { q1: 'a', q2: 'a' }, stepId: 'end', urlParameters: { track: 'hard' } });
    expect(done.statusCode).toBe(200);
    const { progressId, progressToken } = done.json().progress as { progressId: string; progressToken: string };
    const wrongPath = await save({ answers: { q1: 'a', q2: 'a' }, stepId: 'end' });
    expect(wrongPath.statusCode).toBe(400);
    expect(wrongPath.json().error.details).toEqual([{ path: 'answers.q3', message: copy.answers.required }]);
    const overlong = await save({ answers: {}, stepId: 'p1', urlParameters: { track: 'x'.repeat(5000) } });
    expect(overlong.statusCode).toBe(400);

    const finished = await submit(id, { q1: 'a', q2: 'a' }, { track: 'hard' });
    expect(finished.statusCode).toBe(201);
    const viaProgress = await h.service.app.inject(
      endpointRequest(submitAnswers, { params: { publicIdentifier: id }, body: { answers: { q1: 'b', q2: 'a' }, urlParameters: { track: 'hard' }, progressId, progressToken } }),
    );
    expect(viaProgress.statusCode).toBe(201);
    expect(viaProgress.json().submission.submissionId).toBe(progressId);
    expect((await eventOf(progressId)).quiz).toEqual({ score: 3, maxScore: 5 });
  });
});
