/**
 * The results export (`GET /admin/flows/:publicIdentifier/submissions/export`, docs/product-rules.md §3
 * "Export"): the CSV and the Excel file hold, for every submission, what the submissions list (and so the Results
 * table) shows — one column per question of the form's current version, keyed by question — in the list's
 * order; the CSV opens right in a spreadsheet (BOM, CRLF) and never runs a formula; the time range, the access
 * rules and the file name. Against the real service on PGlite, the files read back with csv-parse and exceljs.
 * Last, the writers alone: they read only as fast as the download is taken, stop when it is dropped, and fail
 * the file when a read fails.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { exportSubmissions, listSubmissions } from '@formloom/contracts/api/flows/submissions';
import { publishFlow, renameFlow, saveFlowTemplate } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { everyWidgetTemplate } from '@formloom/contracts/widgets/samples';
import { endpointRequest } from '@formloom/kit/testing';
import { csvWriter, writeExport, xlsxWriter } from '../src/domain/export';
import { createFlow, everyWidgetAnswersUploaded, everyWidgetTexts, exampleTemplate, publishedExample, setup, submit, type Harness, type UserKey } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(async () => {
  await h.service.close();
});

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ListedResponse {
  submissionId: string;
  submissionTime: string;
  questions: Array<{ id: string; name: string; displayValue: string }>;
}

type ExportQuery = { format?: 'csv' | 'xlsx'; sort?: 'asc' | 'desc'; from?: string; to?: string };

function download(harness: Harness, publicIdentifier: string, query: ExportQuery = {}, user: UserKey = 'writer') {
  return harness.service.app.inject(endpointRequest(exportSubmissions, { params: { publicIdentifier }, query, headers: harness.headers[user] }));
}

/** The CSV answer read back as rows (after checking the byte order mark that Excel needs). */
async function csvRows(harness: Harness, publicIdentifier: string, query: ExportQuery = {}): Promise<string[][]> {
  const response = await download(harness, publicIdentifier, query);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(CSV_TYPE);
  expect(response.rawPayload.subarray(0, 3)).toEqual(BOM);
  return parse(response.rawPayload.subarray(3), { relax_quotes: false }) as string[][];
}

/** The Excel answer read back with exceljs: its one sheet. */
async function xlsxSheet(harness: Harness, publicIdentifier: string, query: ExportQuery = {}): Promise<ExcelJS.Worksheet> {
  const response = await download(harness, publicIdentifier, { ...query, format: 'xlsx' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_TYPE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Responses']);
  return workbook.worksheets[0]!;
}

/** Every row of `sheet` as texts ('' for an empty cell), `width` cells each. */
function sheetRows(sheet: ExcelJS.Worksheet, width: number): string[][] {
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).text));
  });
  return rows;
}

/** Every submission of the form as the submissions list gives it (one page of up to 150). */
async function listed(harness: Harness, publicIdentifier: string, sort: 'asc' | 'desc'): Promise<ListedResponse[]> {
  const response = await harness.service.app.inject(
    endpointRequest(listSubmissions, { params: { publicIdentifier }, query: { limit: 150, sort }, headers: harness.headers.writer }),
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ responses: ListedResponse[] }>().responses;
}

/** What the CSV holds for a text: an apostrophe before a leading =, +, -, @, tab or CR (OWASP). */
function guarded(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The rows the export should hold for `responses` and question `columns` (widget ids), as the list shows them. */
function expectedRows(responses: ListedResponse[], columns: string[], cell: (text: string) => string = (text) => text): string[][] {
  return responses.map((response) => {
    const text = new Map(response.questions.map((question) => [question.id, question.displayValue]));
    return [response.submissionId, response.submissionTime, ...columns.map((id) => cell(text.get(id) ?? ''))];
  });
}

/** Creates a flow with `template` (and `name`), publishes it, returns its public identifier. */
async function published(harness: Harness, template: FlowTemplate, name?: string): Promise<string> {
  const flow = await createFlow(harness, { flowTemplate: template, ...(name ? { name } : {}) });
  await publish(harness, flow.publicIdentifier);
  return flow.publicIdentifier;
}

async function publish(harness: Harness, publicIdentifier: string, template?: FlowTemplate): Promise<void> {
  const headers = harness.headers.writer;
  if (template) {
    const saved = await harness.service.app.inject(endpointRequest(saveFlowTemplate, { params: { publicIdentifier }, body: { template }, headers }));
    expect(saved.statusCode).toBe(200);
  }
  expect((await harness.service.app.inject(endpointRequest(publishFlow, { params: { publicIdentifier }, headers }))).statusCode).toBe(200);
}

async function submitAll(harness: Harness, publicIdentifier: string, answers: Array<Record<string, unknown>>): Promise<void> {
  for (const answer of answers) {
    expect((await submit(harness, publicIdentifier, answer)).statusCode).toBe(201);
    // Distinct submission times (milliseconds), so that the time range tests know which is which.
    await sleep(3);
  }
}

const EXAMPLE_HEADER = ['Submission ID', 'Submitted at', 'Name', 'Email', 'Plan'];
const EXAMPLE_COLUMNS = ['w1', 'w2', 'w3'];

describe('the CSV export', () => {
  let id: string;
  beforeAll(async () => {
    id = await publishedExample(h);
    await submitAll(h, id, [
      { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o2' },
      { w1: 'Zoë Ørsted, "the second"', w2: 'zoe@example.com' },
      { w1: 'Line one\nline two', w2: 'multi@example.com', w3: 'o1' },
      { w1: 'Grace', w2: 'grace@example.com', w3: 'o1' },
    ]);
  });

  it('holds every submission, newest first, with the texts the submissions list shows', async () => {
    const rows = await csvRows(h, id);
    expect(rows[0]).toEqual(EXAMPLE_HEADER);
    const list = await listed(h, id, 'desc');
    expect(list).toHaveLength(4);
    expect(rows.slice(1)).toEqual(expectedRows(list, EXAMPLE_COLUMNS));
    // Unanswered is empty; a choice reads as its label; times are ISO 8601 in UTC.
    expect(rows.find((row) => row[2] === 'Zoë Ørsted, "the second"')?.[4]).toBe('');
    expect(rows[1]?.[4]).toBe('Free');
    expect(rows[1]?.[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('sorts oldest first with sort=asc, in the order of the list', async () => {
    const rows = await csvRows(h, id, { sort: 'asc' });
    expect(rows.slice(1)).toEqual(expectedRows(await listed(h, id, 'asc'), EXAMPLE_COLUMNS));
    expect(rows.slice(1).map((row) => row[2])).toEqual(['Ada Lovelace', 'Zoë Ørsted, "the second"', 'Line one\nline two', 'Grace']);
  });

  it('is UTF-8 with a byte order mark and CRLF line ends, quoting the fields that need it', async () => {
    const response = await download(h, id, { sort: 'asc' });
    const text = response.rawPayload.subarray(3).toString('utf8');
    expect(text.startsWith('Submission ID,Submitted at,Name,Email,Plan\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(',"Zoë Ørsted, ""the second""",zoe@example.com,\r\n');
    // The only bare line feed is the one inside the quoted answer.
    expect(text.replace(/\r\n/g, '').split('\n')).toHaveLength(2);
    expect(text).toContain('"Line one\nline two"');
  });

  it('is a download named after the form and the day', async () => {
    const response = await download(h, id);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="my-form-responses-${day}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('names a file after a form name that is not ASCII with filename* (RFC 6266), and an ASCII fallback', async () => {
    const flow = await createFlow(h, { flowTemplate: exampleTemplate() });
    const renamed = await h.service.app.inject(
      endpointRequest(renameFlow, { params: { publicIdentifier: flow.publicIdentifier }, body: { name: 'Enquête été 2026 / Ümfrage' }, headers: h.headers.writer }),
    );
    expect(renamed.statusCode).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    const response = await download(h, flow.publicIdentifier, { format: 'xlsx' });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="enquete-ete-2026-umfrage-responses-${day}.xlsx"; ` +
        `filename*=UTF-8''enqu%C3%AAte-%C3%A9t%C3%A9-2026-%C3%BCmfrage-responses-${day}.xlsx`,
    );
  });

  it('exports every question type as the text the list shows', async () => {
    const every = await published(h, everyWidgetTemplate());
    // File questions name files uploaded first; their cells carry the files' links.
    const answers = await everyWidgetAnswersUploaded(h, every);
    await submitAll(h, every, [answers]);
    const rows = await csvRows(h, every);
    const display = everyWidgetTexts(every, answers);
    const columns = Object.keys(display);
    expect(rows.slice(1)).toEqual(expectedRows(await listed(h, every, 'desc'), columns, guarded));
    expect(rows[1]?.slice(2)).toEqual(columns.map((column) => guarded(display[column]!)));
  });
});

describe('a Statement (text the respondent reads)', () => {
  it('is no column and keeps no answer, even when one is sent for it', async () => {
    const template = exampleTemplate();
    const page = template.steps.s1;
    if (page?.type !== 'form') throw new Error('the example form starts with a page');
    page.template.widgets.splice(1, 0, { id: 'note', name: 'Note', type: 'Statement', template: { label: 'Please read', required: false, body: 'Hi' } });
    const id = await published(h, template);
    await submitAll(h, id, [{ w1: 'Ada', w2: 'ada@example.com', note: 'I read it' }]);
    const rows = await csvRows(h, id);
    expect(rows[0]).toEqual(EXAMPLE_HEADER);
    expect(rows[1]?.slice(2)).toEqual(['Ada', 'ada@example.com', '']);
    const [response] = await listed(h, id, 'desc');
    expect(response?.questions.map((question) => question.id)).toEqual(EXAMPLE_COLUMNS);
  });
});

describe('columns follow the form’s current version', () => {
  it('keeps a renamed question’s column under its new name, drops a removed one, and leaves a new one empty for older rows', async () => {
    const id = await publishedExample(h);
    await submitAll(h, id, [{ w1: 'Before', w2: 'before@example.com', w3: 'o2' }]);
    const next = exampleTemplate();
    const page = next.steps.s1;
    if (page?.type !== 'form') throw new Error('the example form starts with a page');
    const [name, email] = page.template.widgets;
    name!.name = 'Full name';
    page.template.widgets = [
      { id: 'w4', name: '', type: 'StarRating', template: { label: 'How was it?', required: false } },
      name!,
      email!,
    ];
    await publish(h, id, next);
    await submitAll(h, id, [{ w1: 'After', w2: 'after@example.com', w4: 4 }]);

    const rows = await csvRows(h, id, { sort: 'asc' });
    // The new question leads (page order) under its label (its name is blank); Plan is gone.
    expect(rows[0]).toEqual(['Submission ID', 'Submitted at', 'How was it?', 'Full name', 'Email']);
    expect(rows.slice(1).map((row) => row.slice(2))).toEqual([
      ['', 'Before', 'before@example.com'],
      ['4', 'After', 'after@example.com'],
    ]);
    expect(rows.slice(1)).toEqual(expectedRows(await listed(h, id, 'asc'), ['w4', 'w1', 'w2']));
  });

  it('takes the draft’s questions before the first publish (a header and no rows)', async () => {
    const flow = await createFlow(h, { flowTemplate: exampleTemplate() });
    expect(await csvRows(h, flow.publicIdentifier)).toEqual([EXAMPLE_HEADER]);
  });
});

describe('formula injection', () => {
  const dangerous = ['=HYPERLINK("https://evil.example","Click")', '+1 555 0100', '-2+3', '@SUM(A1:A2)', '\tTabbed', '\rReturn'];

  it('puts an apostrophe before every CSV cell that starts like a formula, and leaves others alone', async () => {
    const id = await publishedExample(h);
    await submitAll(h, id, [...dangerous, 'Plain = fine'].map((w1) => ({ w1, w2: 'x@example.com' })));
    const rows = await csvRows(h, id, { sort: 'asc' });
    expect(rows.slice(1).map((row) => row[2])).toEqual([...dangerous.map((text) => `'${text}`), 'Plain = fine']);
    // Quoted too, so a spreadsheet reads the whole cell as text.
    const text = (await download(h, id, { sort: 'asc' })).rawPayload.toString('utf8');
    expect(text).toContain(`,"'@SUM(A1:A2)",`);
  });

  it('guards a question name in the header row the same way', async () => {
    const template = exampleTemplate();
    const page = template.steps.s1;
    if (page?.type !== 'form') throw new Error('the example form starts with a page');
    page.template.widgets[0]!.name = '=cmd|"/c calc"!A0';
    const id = await published(h, template);
    expect((await csvRows(h, id))[0]?.[2]).toBe(`'=cmd|"/c calc"!A0`);
  });

  it('writes every Excel cell as text, never a formula', async () => {
    const id = await publishedExample(h);
    await submitAll(h, id, dangerous.slice(0, 4).map((w1) => ({ w1, w2: 'x@example.com' })));
    const sheet = await xlsxSheet(h, id, { sort: 'asc' });
    const cells = [2, 3, 4, 5].map((row) => sheet.getRow(row).getCell(3));
    expect(cells.map((cell) => cell.value)).toEqual(dangerous.slice(0, 4));
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
  });
});

describe('the Excel export', () => {
  it('holds the same cells as the CSV, under a bold header row', async () => {
    const id = await publishedExample(h);
    await submitAll(h, id, [
      { w1: 'Ada Lovelace', w2: 'ada@example.com', w3: 'o2' },
      { w1: 'Zoë Ørsted, "the second"', w2: 'zoe@example.com' },
      { w1: 'Line one\nline two', w2: 'multi@example.com', w3: 'o1' },
    ]);
    for (const sort of ['desc', 'asc'] as const) {
      const sheet = await xlsxSheet(h, id, { sort });
      const rows = sheetRows(sheet, EXAMPLE_HEADER.length);
      expect(rows).toEqual(await csvRows(h, id, { sort }));
      expect(rows.slice(1)).toEqual(expectedRows(await listed(h, id, sort), EXAMPLE_COLUMNS));
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    }
  });

  it('is named .xlsx', async () => {
    const id = await publishedExample(h);
    const response = await download(h, id, { format: 'xlsx' });
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-form-responses-\d{4}-\d\d-\d\d\.xlsx"$/);
  });
});

describe('the time range', () => {
  let id: string;
  let times: string[];
  beforeAll(async () => {
    id = await publishedExample(h);
    await submitAll(h, id, ['a', 'b', 'c', 'd'].map((w1) => ({ w1, w2: `${w1}@example.com` })));
    times = (await listed(h, id, 'asc')).map((response) => response.submissionTime);
    expect(new Set(times).size).toBe(4);
  });

  const names = async (query: ExportQuery) => (await csvRows(h, id, { sort: 'asc', ...query })).slice(1).map((row) => row[2]);

  it('includes a submission made exactly at `from` and excludes one made exactly at `to`', async () => {
    expect(await names({ from: times[1], to: times[3] })).toEqual(['b', 'c']);
  });

  it('takes either bound alone, and any offset', async () => {
    expect(await names({ from: times[2] })).toEqual(['c', 'd']);
    expect(await names({ to: times[1] })).toEqual(['a']);
    const offset = new Date(Date.parse(times[1]!) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect(await names({ from: offset })).toEqual(['b', 'c', 'd']);
  });

  it.each([
    ['to before from', { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'querystring.to'],
    ['to equal to from', { from: '2026-03-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'querystring.to'],
    ['a date that is not ISO 8601', { from: 'yesterday' }, 'querystring.from'],
    ['a time without offset', { to: '2026-03-01T00:00:00' }, 'querystring.to'],
    ['an unknown format', { format: 'pdf' }, 'querystring.format'],
    ['an unknown sort', { sort: 'sideways' }, 'querystring.sort'],
  ])('refuses %s with 400 at the field', async (_name, query, path) => {
    const response = await download(h, id, query as ExportQuery);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
    expect(response.json().error.details[0].path).toBe(path);
  });
});

describe('access', () => {
  let id: string;
  beforeAll(async () => {
    id = await publishedExample(h);
    await submitAll(h, id, [{ w1: 'Secret', w2: 'secret@example.com' }]);
  });

  it('lets a read-only member of the workspace export', async () => {
    const response = await download(h, id, {}, 'reader');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Secret');
  });

  it('answers 404 to a user of another organization, without the data', async () => {
    const response = await download(h, id, {}, 'outsider');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: copy.flows.flowNotFound } });
  });

  it('answers 401 to an anonymous caller and 404 for an unknown form, in the error format', async () => {
    const anonymous = await h.service.app.inject(endpointRequest(exportSubmissions, { params: { publicIdentifier: id } }));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    const unknown = await download(h, 'nosuchformxx');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('reading in batches', () => {
  let small: Harness;
  beforeAll(async () => {
    small = await setup({ env: { SUBMISSIONS_EXPORT_BATCH_SIZE: '2' } });
  });
  afterAll(async () => {
    await small.service.close();
  });

  it.each([5, 4])('exports all %i submissions across pages of 2, in both orders, CSV and Excel alike', async (count) => {
    const id = await publishedExample(small);
    await submitAll(small, id, Array.from({ length: count }, (_, i) => ({ w1: `Respondent ${i + 1}`, w2: `r${i}@example.com` })));
    for (const sort of ['asc', 'desc'] as const) {
      const rows = await csvRows(small, id, { sort });
      expect(rows.slice(1)).toEqual(expectedRows(await listed(small, id, sort), EXAMPLE_COLUMNS));
      expect(sheetRows(await xlsxSheet(small, id, { sort }), EXAMPLE_HEADER.length)).toEqual(rows);
    }
  });

  it('loses and repeats nothing at a page boundary when submissions share a time', async () => {
    const id = await publishedExample(small);
    await submitAll(small, id, Array.from({ length: 5 }, (_, i) => ({ w1: `Same time ${i + 1}`, w2: `s${i}@example.com` })));
    await small.service.ctx.db.execute(
      sql`UPDATE submissions SET submission_time = '2026-03-01T12:00:00.123456Z' FROM flows WHERE flows.id = submissions.flow_id AND flows.public_identifier = ${id}`,
    );
    for (const sort of ['asc', 'desc'] as const) {
      const rows = (await csvRows(small, id, { sort })).slice(1);
      expect(rows).toEqual(expectedRows(await listed(small, id, sort), EXAMPLE_COLUMNS));
      expect(new Set(rows.map((row) => row[0])).size).toBe(5);
    }
  });
});

describe('writing the file as it is read', () => {
  /** Endless batches of 50 rows of random text (so compression cannot shrink them), counting what was read. */
  function endless() {
    const state = { read: 0, stopped: false };
    async function* batches(): AsyncGenerator<string[][]> {
      try {
        for (;;) {
          state.read += 1;
          yield Array.from({ length: 50 }, (_, i) => [`${state.read}-${i}`, randomBytes(150).toString('hex')]);
        }
      } finally {
        state.stopped = true;
      }
    }
    return { state, batches: batches() };
  }

  it.each([
    ['CSV', () => csvWriter()],
    ['Excel', () => xlsxWriter(1, new Date())],
  ])('reads a %s export only as fast as it is downloaded, and stops reading when the download is dropped', async (_name, writer) => {
    const { state, batches } = endless();
    const file = writer();
    const done = writeExport(file, ['Id', 'Text'], batches);
    // Nobody reads the file yet: reading stops after a few batches (about 15 KB each; 300 KB at most) instead of running on.
    await sleep(300);
    const ahead = state.read;
    expect(ahead).toBeLessThan(20);
    await sleep(200);
    expect(state.read).toBe(ahead);

    // Downloading moves it on.
    let received = 0;
    file.body.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    await sleep(300);
    expect(state.read).toBeGreaterThan(ahead + 5);
    expect(received).toBeGreaterThan(50_000);

    // The client goes away: the file's stream is destroyed, and reading stops for good.
    file.body.destroy();
    await done;
    const last = state.read;
    expect(state.stopped).toBe(true);
    await sleep(100);
    expect(state.read).toBe(last);
  });

  it.each([
    ['CSV', () => csvWriter()],
    ['Excel', () => xlsxWriter(1, new Date())],
  ])('fails a %s file whose reading fails midway, so that it never ends like a whole one', async (_name, writer) => {
    async function* batches(): AsyncGenerator<string[][]> {
      yield [['1', 'first']];
      throw new Error('the database went away');
    }
    const file = writer();
    const outcome = new Promise<string>((resolve) => {
      file.body.on('error', (error) => resolve(`error: ${error.message}`));
      file.body.on('end', () => resolve('ended'));
      file.body.on('close', () => resolve('closed without an error'));
      file.body.resume();
    });
    await writeExport(file, ['Id', 'Text'], batches());
    expect(await outcome).toBe('error: the database went away');
  });
});
