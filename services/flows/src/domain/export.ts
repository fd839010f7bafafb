/**
 * The results export (docs/product-rules.md §3 "Export"): every finished submission of a form (or those the Results'
 * filters keep: time range, status, search) as one CSV or Excel file, written while it is read — never the whole
 * list in memory. Plain functions over the database and Node streams; no Fastify (the route sends
 * {@link ExportFile.body}).
 *
 * - Columns: 'Submission ID', 'Submitted at' (ISO 8601, UTC), then one per question of the form's current
 *   version — the live snapshot, the draft before the first publish — in page order, headed by the question's
 *   name (its label when the name is blank). Columns are keyed by widget id: a renamed question keeps its column
 *   under its new name; a question the form no longer has is not exported. Then one per hidden field
 *   (`urlParams`), headed by its name, with the value the link carried. Then one per calculation
 *   (`calculations`), headed by its name, with its number (`displayCalculation`: at most 2 decimals), and — when
 *   the form's quiz is on — 'Score' (`copy.quiz.score`) with '<score> / <maxScore>' (`displayQuizScore`), the
 *   text the Results table shows (`rules/submission-results.ts`: computed from the submission's snapshot and its
 *   answers and hidden fields, the numbers the respondent saw; '' when that snapshot had no such calculation or
 *   no quiz). Last, one per custom column of the form (its `settings.customColumns`, `domain/custom-columns.ts`), headed
 *   by its name, with the submission's value as a person reads it (`displayCustomColumnValue`: an option's label,
 *   'Yes'/'No'; '' when unset).
 * - Cells: the question's `displayValue` computed from the snapshot the submission was made against
 *   (`toSubmissionQuestions`, what the Results table and the submissions list show), '' when unanswered or when
 *   that snapshot did not have the question. Uploaded files read as their names with their links
 *   ('cv.pdf (https://…/admin/flows/<form>/uploads/<id>)', `file-links.ts`).
 * - Reading: keyset pages of `batchSize` rows over the `(flow_id, status, submission_time, id)` index
 *   (`db/export-repository.ts`); the next page is read only once the file's stream has taken the previous one
 *   (backpressure), and not at all once the stream is destroyed (the client went away).
 * - CSV (RFC 4180, csv-stringify): UTF-8 with a byte order mark (Excel then reads accents right), CRLF line ends,
 *   fields quoted when needed; a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return (or their
 *   full-width forms) gets a leading apostrophe and quotes, so a spreadsheet never runs it as a formula (OWASP
 *   "CSV Injection").
 * - Excel (exceljs's streaming `WorkbookWriter`): one sheet 'Responses', a bold frozen header row, every cell a
 *   text value (never a formula), cut at Excel's 32,767 characters per cell.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { EXPORT_MEDIA_TYPES, type ExportFormat, type ExportSubmissionsQuery } from '@formloom/contracts/api/flows/submissions';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { SubmissionQuestion } from '@formloom/contracts/entities/flow';
import { kebabCase } from '@formloom/contracts/rules/slug';
import { toSubmissionQuestions } from '@formloom/contracts/rules/submission-questions';
import type { DisplayOptions } from '@formloom/contracts/answers/define';
import { toUrlParameters } from '@formloom/contracts/rules/url-params';
import { displayCalculation } from '@formloom/contracts/rules/calculations';
import { displayQuizScore, toSubmissionResults } from '@formloom/contracts/rules/submission-results';
import { customColumnsOf, type CustomColumn } from '@formloom/contracts/entities/custom-column';
import { toSubmissionCustomColumns } from '@formloom/contracts/rules/custom-columns';
import { keysetSubmissions, type KeysetPage, type SubmissionCursor } from '../db/export-repository';
import { resultsColumns, submissionFilterOf } from './results';
import { fileLinks } from './file-links';
import { findSnapshotTemplates } from '../db/flows-repository';
import { authorizedFlow, currentTemplate, type Authorize, type FlowsDeps } from './flows';

/** Rows read per database round trip by default (`SUBMISSIONS_EXPORT_BATCH_SIZE`). */
export const EXPORT_BATCH_SIZE_DEFAULT = 1000;

/** The header of the first two columns (ours, as Fillout names them). */
export const EXPORT_FIXED_HEADERS = ['Submission ID', 'Submitted at'] as const;

/** The name of the Excel file's one sheet (ours). */
export const EXPORT_SHEET_NAME = 'Responses';

/** The most characters an Excel cell holds (Excel's specification and limits); longer texts are cut. */
export const EXCEL_CELL_MAX_LENGTH = 32_767;

/** At most this many characters of the form's name go into the file name. */
const FILENAME_SLUG_MAX_LENGTH = 60;

/** What the export needs: the service's database reads and how many rows it reads at once. */
export type ExportDeps = FlowsDeps & {
  /** Rows per keyset page (≥ 1; `SUBMISSIONS_EXPORT_BATCH_SIZE`, default {@link EXPORT_BATCH_SIZE_DEFAULT}). */
  exportBatchSize: number;
};

/**
 * The id of the quiz's 'Score' column and cell: empty, so it is no question's, hidden field's or calculation's id
 * (template ids have at least one character, `widgets/define-widget.ts` `templateId`).
 */
export const SCORE_COLUMN_ID = '';

/** A cell's source: a question (`SubmissionQuestion`), a hidden field or a calculation by id, or the score ({@link SCORE_COLUMN_ID}), with its text. */
export type ExportCell = Pick<SubmissionQuestion, 'id' | 'displayValue'>;

/** A question, hidden-field, calculation or score column: the id it is keyed by and its header. */
export interface ExportColumn {
  id: string;
  name: string;
}

/** The file to send: its media type, the `Content-Disposition` header and the body, written as it is read. */
export interface ExportFile {
  /** `text/csv; charset=utf-8` or the Excel (OOXML) media type. */
  mediaType: string;
  /** `attachment; filename="…"` (with `filename*` when the name is not ASCII; RFC 6266). */
  contentDisposition: string;
  /** The file's bytes. Destroying it (the client went away) stops the reading. */
  body: Readable;
}

/**
 * The columns of `template`: its questions in page order (each question's widget id and its name, or its label
 * when the name is blank — the `id` and `name` that `toSubmissionQuestions` gives), its hidden fields (id, name),
 * its calculations (id, name), and the score ({@link SCORE_COLUMN_ID}, 'Score') when its quiz is on.
 */
export function exportColumns(template: FlowTemplate): ExportColumn[] {
  return resultsColumns(template).map(({ id, name }) => ({ id, name }));
}

/**
 * The cells of a submission read against `template`: each question's `displayValue` (uploaded files with their
 * links, `display`), each hidden field's value, each calculation's number (`displayCalculation`) and the quiz's
 * points (`displayQuizScore`, a quiz only).
 */
function cellsOf(template: FlowTemplate | undefined, answers: Record<string, unknown>, display?: DisplayOptions): ExportCell[] {
  if (!template) return [];
  const hidden = toUrlParameters(template, answers).map(({ id, value }) => ({ id, displayValue: value }));
  const { calculations, quiz } = toSubmissionResults(template, answers);
  return [
    ...toSubmissionQuestions(template, answers, display),
    ...hidden,
    ...calculations.map(({ id, value }) => ({ id, displayValue: displayCalculation(value) })),
    ...(quiz ? [{ id: SCORE_COLUMN_ID, displayValue: displayQuizScore(quiz) }] : []),
  ];
}

/** The header row: {@link EXPORT_FIXED_HEADERS}, then each column's name, then each custom column's. */
export function exportHeader(columns: readonly ExportColumn[], custom: readonly CustomColumn[] = []): string[] {
  return [...EXPORT_FIXED_HEADERS, ...columns.map((column) => column.name), ...custom.map((column) => column.name)];
}

/**
 * The row of one submission: its id, its submission time in ISO 8601 (UTC, milliseconds) and, per column, the
 * `displayValue` of that question in `questions` (the submission's answers read against its own snapshot),
 * '' when the snapshot did not have it.
 */
export function exportRow(
  submission: { id: string; submissionTime: Date },
  questions: readonly ExportCell[],
  columns: readonly ExportColumn[],
): string[] {
  const text = new Map(questions.map((question) => [question.id, question.displayValue]));
  return [submission.id, submission.submissionTime.toISOString(), ...columns.map((column) => text.get(column.id) ?? '')];
}

/**
 * The file name `<form name slug>-responses-<YYYY-MM-DD>.<format>` for a download on `date` (its UTC day) and
 * an ASCII fallback for clients that do not read RFC 8187. The slug keeps letters and digits of any script,
 * lowercased, each run of other characters one '-', at most 60 characters ('Café Survey!' → 'café-survey');
 * the fallback drops accents and non-Latin letters ('cafe-survey'); either is 'form' when nothing is left.
 */
export function exportFilename(formName: string, format: ExportFormat, date: Date): { name: string; ascii: string } {
  const slug = [...formName.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')]
    .slice(0, FILENAME_SLUG_MAX_LENGTH)
    .join('')
    .replace(/-+$/, '');
  const suffix = `-responses-${date.toISOString().slice(0, 10)}.${format}`;
  return { name: `${slug || 'form'}${suffix}`, ascii: `${kebabCase(slug) || 'form'}${suffix}` };
}

/**
 * `Content-Disposition: attachment` for a file `name` (RFC 6266): `filename="<ascii>"`, plus
 * `filename*=UTF-8''<percent-encoded name>` (RFC 8187) when the name is not the ASCII one. Both names must be free
 * of quotes and backslashes ({@link exportFilename}'s are).
 */
export function attachmentDisposition(name: string, ascii: string): string {
  if (name === ascii) return `attachment; filename="${ascii}"`;
  // RFC 8187 attr-char: encodeURIComponent leaves ' ( ) * unencoded, which attr-char does not allow.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Rows of the export in batches of at most `batchSize`: the responses of flow `flowId` of `range.status` (finished
 * submissions by default) submitted in `[from, to)` whose text contains `range.search` when given (the Results
 * list's filters, `db/submissions-repository.ts` `filterOf`), in `sort` order, each as {@link exportRow} followed by
 * its value of each of `custom`. Reads one keyset page per batch, and the snapshot
 * templates a page needs that it has not read yet (kept for the next pages: one per published version). Ends
 * after a short page; returning early (a `break` in `for await`) stops the reading.
 */
export async function* exportRowBatches(
  deps: FlowsDeps,
  flowId: number,
  columns: readonly ExportColumn[],
  range: Omit<KeysetPage, 'after' | 'offset' | 'limit'>,
  batchSize: number,
  /** Links of uploaded files in the cells (`file-links.ts`). */
  display?: DisplayOptions,
  /** The form's custom columns: a cell each after the others, the row's value as a person reads it. */
  custom: readonly CustomColumn[] = [],
): AsyncGenerator<string[][], void, undefined> {
  const templates = new Map<number, FlowTemplate | undefined>();
  let after: SubmissionCursor | undefined;
  for (;;) {
    const page = await keysetSubmissions(deps.db, flowId, { ...range, after, limit: batchSize });
    const missing = [...new Set(page.map(({ record }) => record.snapshotId))].filter((id) => !templates.has(id));
    if (missing.length > 0) {
      const found = await findSnapshotTemplates(deps.db, missing);
      for (const id of missing) templates.set(id, found.get(id));
    }
    yield page.map(({ record }) => {
      const template = templates.get(record.snapshotId);
      const customCells = toSubmissionCustomColumns(custom, record.customValues).map((cell) => cell.displayValue);
      return [...exportRow(record, cellsOf(template, record.answers, display), columns), ...customCells];
    });
    const last = page.at(-1);
    if (!last || page.length < batchSize) return;
    after = last.cursor;
  }
}

/** Writes rows into a file format; its `body` is the file. */
export interface TableWriter {
  /** The file's bytes as they are written. */
  readonly body: Readable;
  /** Writes `rows`; resolves once the body has taken them (or was destroyed). */
  write(rows: readonly (readonly string[])[]): Promise<void>;
  /** Finishes the file (the body ends once it is all sent). */
  end(): Promise<void>;
  /**
   * Gives up (the client went away, or a read failed): releases what the writer holds and destroys the body —
   * with `error` when there is one, so that whoever sends it cuts the response off.
   */
  abort(error?: Error): void;
}

/**
 * Whether `stream` asked its writer to wait for 'drain': Node's `writableNeedDrain`, or the same flag of the
 * readable-stream 2 copies archiver (exceljs's zip) uses, which predate it.
 */
function needsDrain(stream: Writable): boolean {
  if (typeof stream.writableNeedDrain === 'boolean') return stream.writableNeedDrain;
  return (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain === true;
}

/**
 * Resolves once `stream` has room again ('drain'), at once when it has; also when it closes or fails, or when
 * `body` (the file being sent) closes — nothing will drain then.
 */
export function drained(stream: Writable, body: Readable = stream as unknown as Readable): Promise<void> {
  if (!needsDrain(stream) || stream.destroyed || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      body.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
    body.on('close', done);
  });
}

/** A cell that starts like a formula (OWASP "CSV Injection", with the full-width forms Apple Numbers reads). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The CSV writer: csv-stringify with a UTF-8 byte order mark, CRLF record ends (RFC 4180), quotes where a
 * field needs them (a comma, a quote, a CR or LF), and its formula guard (`escape_formulas`: a leading
 * apostrophe before `=`, `+`, `-`, `@`, tab, CR and their full-width forms), such cells also quoted. The
 * stringifier is the body: writes wait for it to drain.
 */
export function csvWriter(): TableWriter {
  const csv = stringify({
    bom: true,
    record_delimiter: 'windows',
    // Quote a field holding a line break of any kind (csv-stringify stops doing it once `record_delimiter` is
    // set): a spreadsheet would otherwise start a new row at a bare LF inside an answer.
    quote_record_delimiter: true,
    escape_formulas: true,
    quoted_match: FORMULA_START,
  });
  return {
    body: csv,
    async write(rows) {
      for (const row of rows) {
        if (csv.destroyed) return;
        csv.write(row);
      }
      await drained(csv);
    },
    async end() {
      csv.end();
    },
    abort(error) {
      csv.destroy(error);
    },
  };
}

/** A cell of the Excel file: always text, cut to {@link EXCEL_CELL_MAX_LENGTH} (never inside a surrogate pair). */
function excelText(value: string): string {
  if (value.length <= EXCEL_CELL_MAX_LENGTH) return value;
  const cut = value.slice(0, EXCEL_CELL_MAX_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The part of exceljs's streaming writer that it does not type: its zip (archiver). */
interface WorkbookWriterInternals {
  zip: NodeJS.EventEmitter & { abort(): void };
}

/**
 * The stream exceljs's zip reads the sheet's XML from: the sheet's part is an exceljs `StreamBuf` that writes,
 * without waiting, into the PassThrough its zip (archiver) made for it (`pipes[0]`). What waits there is what
 * the zip has not compressed yet. `undefined` when a later exceljs keeps it elsewhere.
 */
function sheetInput(sheet: ExcelJS.Worksheet): Writable | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const first = Array.isArray(pipes) ? pipes[0] : undefined;
  return first && typeof (first as Writable).write === 'function' ? (first as Writable) : undefined;
}

/**
 * The Excel writer: exceljs's streaming `WorkbookWriter` (no shared-string table held in memory) into a
 * PassThrough that is the body; one sheet {@link EXPORT_SHEET_NAME} whose first row (the header) is bold and
 * frozen. Each row is committed as it is written, every cell a string value (exceljs writes a formula only for
 * a `{formula}` object, never for a string). exceljs hands the rows it committed to its zip without waiting:
 * after each batch the writer waits until the zip has taken the sheet's XML written so far and the body has
 * room, so about one batch is held at a time.
 */
export function xlsxWriter(columnCount: number, created: Date): TableWriter {
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  workbook.creator = PRODUCT_NAME;
  workbook.created = created;
  const { zip } = workbook as unknown as WorkbookWriterInternals;
  // An archive that fails (it should not: everything is in memory) fails the body and so the response.
  zip.on('error', (error: Error) => body.destroy(error));
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 38 }, { width: 26 }, ...Array.from({ length: columnCount }, () => ({ width: 24 }))];
  const input = sheetInput(sheet);
  let header = true;
  return {
    body,
    async write(rows) {
      for (const row of rows) {
        if (body.destroyed) return;
        const added = sheet.addRow(row.map(excelText));
        if (header) {
          added.font = { bold: true };
          header = false;
        }
        added.commit();
      }
      if (input) await drained(input, body);
      await drained(body);
    },
    async end() {
      sheet.commit();
      // The commit resolves once the body took the whole file; a body destroyed meanwhile never will.
      const closed = new Promise<'closed'>((resolve) => body.once('close', () => resolve('closed')));
      if ((await Promise.race([workbook.commit(), closed])) === 'closed') zip.abort();
    },
    abort(error) {
      body.destroy(error);
      zip.abort();
    },
  };
}

/** Resolves on the event loop's next turn (after I/O callbacks). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Writes the header and then every batch of `batches` through `writer`, and ends the file. Waits for room
 * after each batch (backpressure) and lets the event loop turn between batches (a database that answers
 * without I/O, PGlite, would otherwise hold the process until the whole file is written). Stops — ending the
 * batches, so nothing more is read — as soon as the body is destroyed (the client went away). A failure (a read
 * that throws) destroys the body with it: a response under way is cut off, so the client never takes a
 * truncated file for a whole one. Never rejects.
 */
export async function writeExport(writer: TableWriter, header: readonly string[], batches: AsyncIterable<string[][]>): Promise<void> {
  try {
    await writer.write([header]);
    if (writer.body.destroyed) return writer.abort();
    for await (const rows of batches) {
      await writer.write(rows);
      await nextTurn();
      if (writer.body.destroyed) return writer.abort();
    }
    await writer.end();
  } catch (error) {
    writer.abort(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * The export of flow `publicIdentifier` (view access) as a file in `query.format`: its columns from the form's
 * current version (the live snapshot, or the draft before the first publish) and its custom columns, its rows the
 * responses the Results list's filters keep — `query.status` (finished submissions by default), `query.search`
 * (`search-text.ts`), the answer filter `query.filter` (`results.ts`) — submitted
 * in `[query.from, query.to)` — up to the moment the export started at most, so both
 * sorts export the same submissions — in `query.sort` order, read `deps.exportBatchSize` at a time. Access and the form are checked
 * before anything is written; the rows are written in the background as the body is read.
 * @throws 404 `copy.flows.flowNotFound`; whatever `authorize` throws (404 for a workspace not the caller's); 400 for
 *   an answer filter that does not fit the form.
 */
export async function exportSubmissions(
  deps: ExportDeps,
  publicIdentifier: string,
  query: ExportSubmissionsQuery,
  authorize: Authorize,
  now: Date = new Date(),
): Promise<ExportFile> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  const template = await currentTemplate(deps.db, record);
  const columns = exportColumns(template);
  const filter = submissionFilterOf(query, template);
  const custom = customColumnsOf(record.settings);
  // Up to the moment the export started (times are milliseconds: `to` is exclusive).
  const until = now.getTime() + 1;
  const to = filter.before && filter.before.getTime() < until ? filter.before : new Date(until);
  const range = {
    sort: query.sort,
    to,
    status: query.status,
    ...(filter.after ? { from: filter.after } : {}),
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.answers ? { answers: filter.answers } : {}),
  };
  const writer = query.format === 'xlsx' ? xlsxWriter(columns.length + custom.length, now) : csvWriter();
  // A failure destroys the body with its error; the route's reply reports it (Fastify logs a stream's error and
  // cuts the response off). This listener only keeps an error from crashing the process before the reply took it.
  writer.body.on('error', () => undefined);
  const links = fileLinks(deps.publicUrl, record.publicIdentifier);
  void writeExport(writer, exportHeader(columns, custom), exportRowBatches(deps, record.id, columns, range, deps.exportBatchSize, links, custom));
  const { name, ascii } = exportFilename(record.name, query.format, now);
  return { mediaType: EXPORT_MEDIA_TYPES[query.format], contentDisposition: attachmentDisposition(name, ascii), body: writer.body };
}
