/**
 * `exportSubmissions` (GET /admin/flows/{publicIdentifier}/submissions/export?format=csv|xlsx) → a file the
 * browser downloads (CSV or Excel, every response, newest first). Not fetched by the app: the page links to it
 * (`<a href download>`), and the session cookie goes with the link through the gateway like with any call.
 */
import { pathOf } from '@formloom/contracts/api/endpoint';
import { exportSubmissions, type ExportFormat } from '@formloom/contracts/api/flows/submissions';

/** The export's URL (same origin) for a form and a format: `…/submissions/export?format=csv`. */
export function exportSubmissionsUrl(publicIdentifier: string, format: ExportFormat): string {
  return `${pathOf(exportSubmissions, { publicIdentifier })}?${new URLSearchParams({ format })}`;
}
