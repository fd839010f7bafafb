/**
 * Custom columns of the Results (spec 001 §3, §5, §7; `POST`/`PATCH`/`DELETE /admin/flows/customColumn/:flowId` and
 * `PUT /admin/flows/:publicIdentifier/submissions/:submissionId/customColumns/:columnId`): a form's owners add their
 * own columns (kept in the flow's settings), set each response's value as the column's type allows, see the values
 * in the submissions list, the search and the export, and lose them with the column or the response. Access is
 * checked like every flow call's. Against the real service on PGlite.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { getPublicTemplate } from '@formloom/contracts/api/flows/public-forms';
import * as copy from '@formloom/contracts/copy';
import { CUSTOM_COLUMNS_MAX } from '@formloom/contracts/limits';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { createFlow, publishedExample, setup, submit, type FlowJson, type Harness, type UserKey } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

interface Column {
  id: string;
  name: string;
  type: string;
  options?: Array<{ id: string; label: string }>;
}
interface Cell {
  id: string;
  name: string;
  type: string;
  value: unknown;
  displayValue: string;
}
interface ListJson {
  responses: Array<{ submissionId: string; questions: Array<{ id: string; value: unknown }>; customColumns?: Cell[] }>;
  totalResponses: number;
}

function inject(method: 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'GET', url: string, payload?: unknown, user: UserKey = 'writer') {
  return h.service.app.inject({ method, url, headers: h.headers[user], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** `POST /admin/flows/customColumn/:flowId` as `user`. */
function addColumn(flowId: number | string, body: unknown, user: UserKey = 'writer') {
  return inject('POST', `/admin/flows/customColumn/${flowId}`, body, user);
}

/** Adds a column (fails the test unless 201) and returns it as the flow's settings keep it. */
async function column(flowId: number, body: Record<string, unknown>): Promise<Column> {
  const response = await addColumn(flowId, body);
  expect(response.statusCode).toBe(201);
  const { flow, customFieldId } = response.json<{ flow: FlowJson; customFieldId: string }>();
  const found = (flow.settings.customColumns as Column[]).find(({ id }) => id === customFieldId);
  expect(found).toBeDefined();
  return found!;
}

/** `PUT …/submissions/:submissionId/customColumns/:columnId` with `{value}` as `user`. */
function setValue(publicIdentifier: string, submissionId: string, columnId: string, value: unknown, user: UserKey = 'writer') {
  return inject('PUT', `/admin/flows/${publicIdentifier}/submissions/${submissionId}/customColumns/${columnId}`, { value }, user);
}

/** The list of `publicIdentifier`'s submissions (oldest first) as the writer sees it. */
async function list(publicIdentifier: string, query: Record<string, string> = {}): Promise<ListJson> {
  const response = await inject('GET', `/admin/flows/${publicIdentifier}/submissions?${new URLSearchParams({ sort: 'asc', ...query })}`);
  expect(response.statusCode).toBe(200);
  return response.json<ListJson>();
}

/** A published example form (Name, Email, Plan) with one submission per name; its flow and submission ids. */
async function formWith(...names: string[]): Promise<{ flow: FlowJson; id: string; submissions: string[] }> {
  const id = await publishedExample(h);
  const submissions: string[] = [];
  for (const name of names) {
    const response = await submit(h, id, { w1: name, w2: `${name.toLowerCase()}@example.com`, w3: 'o1' });
    expect(response.statusCode).toBe(201);
    submissions.push(response.json<{ submission: { submissionId: string } }>().submission.submissionId);
  }
  const flow = (await inject('GET', `/admin/flows/fetch/${id}`)).json<{ flow: FlowJson }>().flow;
  return { flow, id, submissions };
}

/** Rows of `submission_custom_values` (all forms'). */
async function storedValues(): Promise<number> {
  const result = await h.service.ctx.db.execute(sql`SELECT count(*)::int AS n FROM submission_custom_values`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

describe('creating a column', () => {
  it('keeps it in the flow settings, after the others, and answers its id', async () => {
    const flow = await createFlow(h);
    const notes = await addColumn(flow.id, { name: '  Notes ', type: 'LongAnswer', options: [{ label: 'ignored' }] });
    expect(notes.statusCode).toBe(201);
    const body = notes.json<{ flow: FlowJson; customFieldId: string }>();
    expect(body.flow.publicIdentifier).toBe(flow.publicIdentifier);
    expect(body.flow.settings.customColumns).toEqual([{ id: body.customFieldId, name: 'Notes', type: 'LongAnswer' }]);

    const stage = await column(flow.id, { name: 'Stage', type: 'Dropdown', options: [{ label: ' Hot ' }, { label: 'Cold' }] });
    expect(stage.options?.map(({ label }) => label)).toEqual(['Hot', 'Cold']);
    expect(new Set(stage.options?.map(({ id }) => id)).size).toBe(2);
    const fetched = (await inject('GET', `/admin/flows/fetch/${flow.publicIdentifier}`)).json<{ flow: FlowJson }>().flow;
    expect((fetched.settings.customColumns as Column[]).map(({ name }) => name)).toEqual(['Notes', 'Stage']);
  });

  it("refuses a blank name and an option type without options with the spec's texts", async () => {
    const flow = await createFlow(h);
    const blank = await addColumn(flow.id, { name: '   ', type: 'ShortAnswer' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details).toEqual([{ path: 'body.name', message: copy.customColumns.provideName }]);

    const noOptions = await addColumn(flow.id, { name: 'Tags', type: 'MultiSelect', options: [] });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().error.details).toEqual([{ path: 'body.options', message: copy.customColumns.optionsRequired }]);

    const repeated = await addColumn(flow.id, { name: 'Tags', type: 'MultiSelect', options: [{ label: 'A' }, { label: ' a' }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.details).toEqual([{ path: 'body.options.1.label', message: copy.customColumns.optionDuplicate('a') }]);

    expect((await addColumn(flow.id, { name: 'Score', type: 'Formula' })).statusCode).toBe(400);
    expect((await addColumn('abc', { name: 'Score', type: 'NumberInput' })).statusCode).toBe(400);
    const fetched = (await inject('GET', `/admin/flows/fetch/${flow.publicIdentifier}`)).json<{ flow: FlowJson }>().flow;
    expect(fetched.settings.customColumns).toBeUndefined();
  });

  it('keeps every column of concurrent additions, and at most the limit', async () => {
    const flow = await createFlow(h);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => addColumn(flow.id, { name: `Column ${index}`, type: 'ShortAnswer' })));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    for (let index = 6; index < CUSTOM_COLUMNS_MAX; index++) await column(flow.id, { name: `Column ${index}`, type: 'Checkbox' });
    const fetched = (await inject('GET', `/admin/flows/fetch/${flow.publicIdentifier}`)).json<{ flow: FlowJson }>().flow;
    expect(fetched.settings.customColumns).toHaveLength(CUSTOM_COLUMNS_MAX);
    const over = await addColumn(flow.id, { name: 'One more', type: 'ShortAnswer' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(copy.customColumns.tooMany(CUSTOM_COLUMNS_MAX));
  });
});

describe('access', () => {
  it("answers 404 outside the caller's workspaces and 403 to a read-only member, changing nothing", async () => {
    const { flow, id, submissions } = await formWith('Ada');
    const notes = await column(flow.id, { name: 'Notes', type: 'ShortAnswer' });

    for (const [user, status] of [['outsider', 404], ['reader', 403]] as const) {
      const add = await addColumn(flow.id, { name: 'Theirs', type: 'ShortAnswer' }, user);
      expect(add.statusCode).toBe(status);
      if (status === 404) expect(add.json().error.message).toBe(copy.flows.flowNotFound);
      expect((await inject('PATCH', `/admin/flows/customColumn/${flow.id}`, { columnId: notes.id, name: 'X' }, user)).statusCode).toBe(status);
      expect((await inject('DELETE', `/admin/flows/customColumn/${flow.id}`, { columnId: notes.id }, user)).statusCode).toBe(status);
      expect((await setValue(id, submissions[0]!, notes.id, 'mine', user)).statusCode).toBe(status);
    }
    expect((await addColumn(999_999, { name: 'Nowhere', type: 'ShortAnswer' })).json().error.message).toBe(copy.flows.flowNotFound);

    // The reader sees the columns and values, but changed none of them.
    const read = await h.service.app.inject({ method: 'GET', url: `/admin/flows/${id}/submissions`, headers: h.headers.reader });
    expect(read.json<ListJson>().responses[0]!.customColumns).toEqual([{ id: notes.id, name: 'Notes', type: 'ShortAnswer', value: null, displayValue: '' }]);
  });

  it('answers 404 for an unknown column, an unknown response, or another form’s response', async () => {
    const first = await formWith('Ada');
    const second = await formWith('Grace');
    const notes = await column(first.flow.id, { name: 'Notes', type: 'ShortAnswer' });
    const unknownColumn = await setValue(first.id, first.submissions[0]!, 'nope', 'x');
    expect(unknownColumn.statusCode).toBe(404);
    expect(unknownColumn.json().error.message).toBe(copy.customColumns.notFound);
    const otherForms = await setValue(first.id, second.submissions[0]!, notes.id, 'x');
    expect(otherForms.statusCode).toBe(404);
    expect(otherForms.json().error.message).toBe(copy.flows.submissionNotFound);
    expect((await inject('DELETE', `/admin/flows/customColumn/${first.flow.id}`, { columnId: 'nope' })).statusCode).toBe(404);
    expect((await inject('PATCH', `/admin/flows/customColumn/${first.flow.id}`, { columnId: 'nope', name: 'X' })).statusCode).toBe(404);
  });
});

describe('values', () => {
  it('takes what the question type of the column takes, normalized, and reads as that type reads', async () => {
    const { flow, id, submissions } = await formWith('Ada');
    const [submissionId] = submissions as [string];
    const text = await column(flow.id, { name: 'Notes', type: 'ShortAnswer' });
    const long = await column(flow.id, { name: 'Summary', type: 'LongAnswer' });
    const score = await column(flow.id, { name: 'Score', type: 'NumberInput' });
    const done = await column(flow.id, { name: 'Done', type: 'Checkbox' });
    const stage = await column(flow.id, { name: 'Stage', type: 'Dropdown', options: [{ label: 'Hot' }, { label: 'Cold' }] });
    const tags = await column(flow.id, { name: 'Tags', type: 'MultiSelect', options: [{ label: 'VIP' }, { label: 'Press' }, { label: 'Staff' }] });
    const [hot] = stage.options!;
    const [vip, press] = tags.options!;

    const refused: Array<[Column, unknown, string]> = [
      [text, 42, copy.answers.invalidText],
      [text, 'x'.repeat(1001), copy.answers.textTooLong(1000)],
      [score, 'twelve', copy.answers.invalidNumber],
      [done, 'yes', copy.answers.invalidBoolean],
      [stage, 'Hot', copy.answers.invalidOption],
      [tags, [vip!.id, vip!.id], copy.answers.duplicateOption],
    ];
    for (const [target, value, message] of refused) {
      const response = await setValue(id, submissionId, target.id, value);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'validation_error', message, details: [{ path: 'body.value', message }] });
    }
    expect(await storedValues()).toBe(0);

    const accepted: Array<[Column, unknown, unknown, string]> = [
      [text, 'Call back', 'Call back', 'Call back'],
      [long, 'Line 1\nLine 2', 'Line 1\nLine 2', 'Line 1\nLine 2'],
      [score, ' 12.5 ', 12.5, '12.5'],
      [done, false, false, 'No'],
      [stage, hot!.id, hot!.id, 'Hot'],
      [tags, [press!.id, vip!.id], [press!.id, vip!.id], 'Press, VIP'],
    ];
    for (const [target, value, stored, displayValue] of accepted) {
      const response = await setValue(id, submissionId, target.id, value);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ customColumn: { id: target.id, name: target.name, type: target.type, value: stored, displayValue } });
    }
    const [listed] = (await list(id)).responses;
    expect(listed!.customColumns!.map(({ name, value, displayValue }) => [name, value, displayValue])).toEqual([
      ['Notes', 'Call back', 'Call back'],
      ['Summary', 'Line 1\nLine 2', 'Line 1\nLine 2'],
      ['Score', 12.5, '12.5'],
      ['Done', false, 'No'],
      ['Stage', hot!.id, 'Hot'],
      ['Tags', [press!.id, vip!.id], 'Press, VIP'],
    ]);
    // The respondent's answers are untouched.
    expect(listed!.questions.map(({ value }) => value)).toEqual(['Ada', 'ada@example.com', 'o1']);

    // An empty value clears the cell; so does null.
    expect((await setValue(id, submissionId, text.id, '  ')).json().customColumn).toMatchObject({ value: null, displayValue: '' });
    expect((await setValue(id, submissionId, tags.id, null)).json().customColumn).toMatchObject({ value: null, displayValue: '' });
    expect((await setValue(id, submissionId, stage.id, undefined)).statusCode).toBe(400);
    const after = (await list(id)).responses[0]!.customColumns!;
    expect(after.map(({ value }) => value)).toEqual([null, 'Line 1\nLine 2', 12.5, false, hot!.id, null]);
  });

  it('lists no custom columns for a form without any', async () => {
    const { id } = await formWith('Ada');
    expect((await list(id)).responses[0]).not.toHaveProperty('customColumns');
  });

  it('are found by the search as people read them, and exported after the other columns', async () => {
    const { flow, id, submissions } = await formWith('Ada', 'Grace');
    const stage = await column(flow.id, { name: 'Stage', type: 'Dropdown', options: [{ label: 'Qualified lead' }, { label: 'Cold' }] });
    const notes = await column(flow.id, { name: 'Notes, internal', type: 'ShortAnswer' });
    await setValue(id, submissions[1]!, stage.id, stage.options![0]!.id);
    await setValue(id, submissions[0]!, notes.id, '=1+2 call');

    const found = await list(id, { search: 'QUALIFIED' });
    expect(found.totalResponses).toBe(1);
    expect(found.responses.map(({ questions }) => questions[0]!.value)).toEqual(['Grace']);
    // The stored option id is not what people read.
    expect((await list(id, { search: stage.options![0]!.id })).totalResponses).toBe(0);

    const csv = await inject('GET', `/admin/flows/${id}/submissions/export?sort=asc`);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.rawPayload.subarray(3)) as string[][];
    expect(rows[0]!.slice(-2)).toEqual(['Stage', 'Notes, internal']);
    expect(rows.slice(1).map((row) => [row[2], ...row.slice(-2)])).toEqual([
      ['Ada', '', "'=1+2 call"],
      ['Grace', 'Qualified lead', ''],
    ]);
    const filtered = parse((await inject('GET', `/admin/flows/${id}/submissions/export?search=call`)).rawPayload.subarray(3)) as string[][];
    expect(filtered.map((row) => row[2])).toEqual(['Name', 'Ada']);
  });

  it("go with the column's deletion and with the response's, and the column's rename keeps them", async () => {
    const { flow, id, submissions } = await formWith('Ada', 'Grace');
    const notes = await column(flow.id, { name: 'Notes', type: 'ShortAnswer' });
    const score = await column(flow.id, { name: 'Score', type: 'NumberInput' });
    for (const submissionId of submissions) {
      await setValue(id, submissionId, notes.id, 'note');
      await setValue(id, submissionId, score.id, 7);
    }
    const before = await storedValues();

    const renamed = await inject('PATCH', `/admin/flows/customColumn/${flow.id}`, { columnId: notes.id, name: ' Comments ' });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json<{ flow: FlowJson }>().flow.settings.customColumns as Column[]).map(({ name }) => name)).toEqual(['Comments', 'Score']);
    expect((await inject('PATCH', `/admin/flows/customColumn/${flow.id}`, { columnId: notes.id, name: ' ' })).json().error.details).toEqual([
      { path: 'body.name', message: copy.customColumns.provideName },
    ]);
    expect((await list(id)).responses[0]!.customColumns!.map(({ name, displayValue }) => [name, displayValue])).toEqual([
      ['Comments', 'note'],
      ['Score', '7'],
    ]);

    const deleted = await inject('DELETE', `/admin/flows/customColumn/${flow.id}`, { columnId: notes.id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<{ flow: FlowJson }>().flow.settings.customColumns).toEqual([score]);
    expect(await storedValues()).toBe(before - 2);
    expect((await list(id)).responses[0]!.customColumns!.map(({ id: columnId }) => columnId)).toEqual([score.id]);
    // A column added later never sees the old values: ids are new.
    const again = await column(flow.id, { name: 'Notes', type: 'ShortAnswer' });
    expect(again.id).not.toBe(notes.id);
    expect((await list(id)).responses[0]!.customColumns!.map(({ value }) => value)).toEqual([7, null]);

    expect((await inject('DELETE', `/admin/flows/${id}/submissions/${submissions[0]}`)).statusCode).toBe(200);
    expect(await storedValues()).toBe(before - 3);
    expect((await inject('DELETE', `/admin/flows/${id}`)).statusCode).toBe(200);
    expect(await storedValues()).toBe(before - 4);
  });
});

it("never shows the owners' columns to respondents", async () => {
  const { flow, id } = await formWith();
  await column(flow.id, { name: 'Lead quality', type: 'Dropdown', options: [{ label: 'Bad' }] });
  const response = await h.service.app.inject(endpointRequest(getPublicTemplate, { params: { publicIdentifier: id } }));
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain('Lead quality');
});
