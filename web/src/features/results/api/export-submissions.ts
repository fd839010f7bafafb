/**
 * `exportSubmissions` (GET /admin/flows/{publicIdentifier}/submissions/export?format=csv|xlsx&…) → a file the
 * browser downloads (CSV or Excel) with the responses the Results' filters keep, in the table's order. Not fetched
 * by the app: the page links to it (`<a href download>`), and the session cookie goes with the link through the
 * gateway like with any call.
 */
import { pathOf } from '@formloom/contracts/api/endpoint';
import { exportSubmissions, type ExportFormat } from '@formloom/contracts/api/flows/submissions';
import type { SubmissionsFilters } from './get-submissions';

/** What the export takes besides the format: the table's filters and sort. */
export interface ExportFilters extends SubmissionsFilters {
  sort?: 'asc' | 'desc';
}

/**
 * The export's URL (same origin) for a form, a format and the table's filters: `…/submissions/export?format=csv`,
 * then only what differs from the export's defaults (`sort=asc`, `status=in_progress`, `search`, `from`, `to`, `filter`).
 */
export function exportSubmissionsUrl(publicIdentifier: string, format: ExportFormat, filters: ExportFilters = {}): string {
  const query = new URLSearchParams({ format });
  if (filters.sort === 'asc') query.set('sort', 'asc');
  if (filters.status === 'in_progress') query.set('status', 'in_progress');
  const search = filters.search?.trim();
  if (search) query.set('search', search);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.filter) query.set('filter', filters.filter);
  return `${pathOf(exportSubmissions, { publicIdentifier })}?${query}`;
}
