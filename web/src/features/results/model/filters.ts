/**
 * The Results' toolbar state and how it becomes the query of the list (`api/get-submissions.ts`), the count and the
 * summary (`api/get-summary.ts`): a search, a range of days in the viewer's time zone (both days included), the
 * status (completed or in progress), the answer filter (a condition, `rules/results-filter.ts`) and the sort (the
 * list's only); and which view the page shows (the URL's `view`). Pure.
 */
import type { SubmissionStatusFilter } from '@formloom/contracts/api/flows/submissions';
import type { Condition } from '@formloom/contracts/rules/conditions';
import type { SubmissionsFilters } from '../api/get-submissions';

/** The toolbar's state: `fromDay`/`toDay` are `YYYY-MM-DD` (a date input's value) or '' when not set. */
export interface ResultsFilters {
  search: string;
  fromDay: string;
  toDay: string;
  status: SubmissionStatusFilter;
  sort: 'asc' | 'desc';
  /** The answer filter; absent: none. */
  answers?: Condition;
}

/** Nothing filtered, newest first. */
export const DEFAULT_FILTERS: ResultsFilters = { search: '', fromDay: '', toDay: '', status: 'finished', sort: 'desc' };

/** A date input's `YYYY-MM-DD`. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of `day` (`YYYY-MM-DD`) plus `addDays` days, as ISO 8601 (UTC); undefined for a value that is not a day. */
export function startOfDay(day: string, addDays = 0): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Whether the range of days is empty (its last day before its first): the range is then not sent. */
export function rangeIsInvalid(filters: Pick<ResultsFilters, 'fromDay' | 'toDay'>): boolean {
  return filters.fromDay !== '' && filters.toDay !== '' && filters.toDay < filters.fromDay;
}

/** Whether anything narrows the list (a search, a day, the in-progress status, an answer filter); the sort does not. */
export function isFiltered(filters: ResultsFilters): boolean {
  return filters.search.trim() !== '' || filters.fromDay !== '' || filters.toDay !== '' || filters.status !== 'finished' || filters.answers !== undefined;
}

/**
 * The API's filters and sort for `filters`: the trimmed search (up to `maxSearch` characters), `from` the first
 * day's local midnight, `to` the midnight after the last day (exclusive), both left out while the range is empty,
 * and the answer filter as JSON.
 */
export function toQueryFilters(filters: ResultsFilters, maxSearch: number): SubmissionsFilters & { sort: 'asc' | 'desc' } {
  const search = filters.search.trim().slice(0, maxSearch);
  const range = rangeIsInvalid(filters) ? {} : { from: startOfDay(filters.fromDay), to: startOfDay(filters.toDay, 1) };
  return {
    sort: filters.sort,
    status: filters.status,
    ...(search ? { search } : {}),
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
    ...(filters.answers ? { filter: JSON.stringify(filters.answers) } : {}),
  };
}

/** The Results' two views: the table of responses (one per row) and the summary (a chart per question). */
export type ResultsView = 'responses' | 'summary';

/** The URL's query parameter holding the view (`?view=summary`), so a reload and Back keep it; absent: the table. */
export const RESULTS_VIEW_PARAM = 'view';

/** The view `params` (the page's URL query) asks for: `summary`, or the table for anything else. */
export function resultsViewOf(params: URLSearchParams): ResultsView {
  return params.get(RESULTS_VIEW_PARAM) === 'summary' ? 'summary' : 'responses';
}

/** `params` showing `view`: `view=summary`, or without the parameter for the table (the URL it had before). */
export function withResultsView(params: URLSearchParams, view: ResultsView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view === 'summary') next.set(RESULTS_VIEW_PARAM, 'summary');
  else next.delete(RESULTS_VIEW_PARAM);
  return next;
}
