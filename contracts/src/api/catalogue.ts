/**
 * The endpoint catalogue: every documented call of every service, as {@link Endpoint} objects (see
 * `endpoint.ts`). A new call is a new object in its service's group file and one entry here. The gateway's route
 * table, the OpenAPI documents and the checks that every registered route is documented (and every documented
 * route registered) all read this list.
 */
import type { Endpoint } from './endpoint';
import * as cloneableTemplates from './flows/cloneable-templates';
import * as customColumns from './flows/custom-columns';
import * as flows from './flows/flows';
import * as flowsInternal from './flows/internal';
import * as flowsInternalFiles from './flows/internal-files';
import * as progress from './flows/progress';
import * as editSubmissions from './flows/edit-submissions';
import * as publicApi from './flows/public-api';
import * as publicForms from './flows/public-forms';
import * as submissions from './flows/submissions';
import * as summary from './flows/summary';
import * as themes from './flows/themes';
import * as uploads from './flows/uploads';
import * as airtableSchema from './integrations/airtable';
import * as integrationsInternal from './integrations/internal';
import * as oauth from './integrations/oauth';
import * as services from './integrations/services';
import * as approvals from './workflows-engine/approvals';
import * as emailPreview from './workflows-engine/email-preview';
import * as mail from './workflows-engine/mail';
import * as nodeTests from './workflows-engine/node-tests';
import * as runs from './workflows-engine/runs';
import * as webhooks from './workflows-engine/webhooks';
import * as workflows from './workflows-engine/workflows';
import * as admin from './workspaces-auth/admin';
import * as apiKeys from './workspaces-auth/api-keys';
import * as billing from './workspaces-auth/billing';
import * as customDomains from './workspaces-auth/custom-domains';
import * as auth from './workspaces-auth/auth';
import * as authInternal from './workspaces-auth/internal';
import * as keys from './workspaces-auth/keys';
import * as members from './workspaces-auth/members';

/** The endpoints a module exports (its other exports are schemas and types). */
function endpointsOf(module: Record<string, unknown>): Endpoint[] {
  return Object.values(module).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'successStatus' in value && 'path' in value && 'method' in value,
  );
}

/** Every endpoint, grouped by service (the order of the reference). */
export const ENDPOINTS: readonly Endpoint[] = [
  auth,
  admin,
  members,
  apiKeys,
  billing,
  customDomains,
  keys,
  authInternal,
  flows,
  submissions,
  customColumns,
  summary,
  publicForms,
  editSubmissions,
  publicApi,
  progress,
  uploads,
  themes,
  cloneableTemplates,
  flowsInternal,
  flowsInternalFiles,
  workflows,
  runs,
  mail,
  emailPreview,
  webhooks,
  approvals,
  nodeTests,
  services,
  oauth,
  integrationsInternal,
  airtableSchema,
].flatMap((module) => endpointsOf(module as Record<string, unknown>));
