/**
 * The react-query key factories, one per area (after TkDodo's "Effective React Query Keys"): every query key of
 * the app is built here, so a mutation of one feature can invalidate what another feature shows (a published
 * form refreshes the home list) without the features importing each other. Keys go from broad to narrow:
 * invalidating `flowKeys.all` refreshes every flow query, `flowKeys.lists()` every list.
 */

/** The signed-in user. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  /** What an invitation link is for (the accept page). */
  invitation: (token: string) => [...authKeys.all, 'invitation', token] as const,
  /** The user's organizations (the switcher). */
  organizations: () => [...authKeys.all, 'organizations'] as const,
};

/** The caller's workspaces. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
};

/** The users of the caller's organization (the approval step's approver picker; settings: with their access). */
export const memberKeys = {
  all: ['members'] as const,
  /** Every member with their access per workspace (admins). */
  access: () => [...memberKeys.all, 'access'] as const,
};

/** The organization's pending invitations (settings; admins only). */
export const invitationKeys = {
  all: ['invitations'] as const,
};

/** The organization's domains (custom domain settings; admins only). */
export const domainKeys = {
  all: ['domains'] as const,
};

/** The organization's connected accounts (integrations): all of them, or of one type. */
export const serviceKeys = {
  all: ['services'] as const,
  lists: ['services', 'list'] as const,
  list: (type?: string) => ['services', 'list', type ?? 'all'] as const,
  detail: (serviceId: string) => ['services', 'detail', serviceId] as const,
  /** What a connection's account holds (its provider's schema): `kind` is `bases`, `tables:<baseId>` … */
  schema: (serviceId: string, kind: string) => ['services', 'schema', serviceId, kind] as const,
};

/** The organization's API keys (settings; admins only). */
export const apiKeyKeys = {
  all: ['apiKeys'] as const,
};

/** The organization's own themes (`GET /admin/themes`). */
export const themeKeys = {
  all: ['themes'] as const,
  list: () => [...themeKeys.all, 'list'] as const,
};

/** The template gallery (`GET /admin/cloneableTemplates/all`): all of it, one template by slug, a template's live form. */
export const templateKeys = {
  all: ['cloneableTemplates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  bySlug: (slug: string) => [...templateKeys.all, 'slug', slug] as const,
  /** A template's live form (the gallery draws an organization template's pages from it). */
  live: (flowPublicIdentifier: string) => [...templateKeys.all, 'live', flowPublicIdentifier] as const,
};

/** Flows (forms) as their editors see them. */
export const flowKeys = {
  all: ['flows'] as const,
  lists: () => [...flowKeys.all, 'list'] as const,
  /**
   * One home list: a workspace's forms (`workspaceId`) or every workspace's (`null`), in one view and order. Every
   * list starts with `flowKeys.lists()`, so a change to any flow refreshes them all.
   */
  list: (filter: { workspaceId: number | null; view: string; sort: string }) =>
    [...flowKeys.lists(), filter.workspaceId, filter.view, filter.sort] as const,
  detail: (publicIdentifier: string) => [...flowKeys.all, 'detail', publicIdentifier] as const,
};

/** The Results' filters as a query key holds them (absent ones `null`; the answer filter as its JSON). */
export interface SubmissionsFiltersKey {
  status: 'finished' | 'in_progress';
  search: string | null;
  from: string | null;
  to: string | null;
  filter: string | null;
}

function filtersKey(filters: SubmissionsFiltersKey) {
  return [filters.status, filters.search, filters.from, filters.to, filters.filter] as const;
}

/** A form's submissions (results). */
export const submissionKeys = {
  all: ['submissions'] as const,
  /** Every page and summary of one form's submissions, whatever the filters (invalidated after a deletion). */
  form: (publicIdentifier: string) => [...submissionKeys.all, publicIdentifier] as const,
  /** Every cached page of one form's submissions (what a changed response is written into). */
  pages: (publicIdentifier: string) => [...submissionKeys.form(publicIdentifier), 'page'] as const,
  /** One page under the Results' filters (absent ones `null`, so equal queries share one key). */
  page: (publicIdentifier: string, page: { limit: number; after: string | null; sort: 'asc' | 'desc' } & SubmissionsFiltersKey) =>
    [...submissionKeys.pages(publicIdentifier), page.limit, page.after, page.sort, ...filtersKey(page)] as const,
  /** How many responses the Results' filters keep. */
  count: (publicIdentifier: string, filters: SubmissionsFiltersKey) => [...submissionKeys.form(publicIdentifier), 'count', ...filtersKey(filters)] as const,
  /** The summary under the Results' filters; refreshed with the pages after a deletion. */
  summary: (publicIdentifier: string, filters: SubmissionsFiltersKey) => [...submissionKeys.form(publicIdentifier), 'summary', ...filtersKey(filters)] as const,
};


/** Workflows and their runs. */
export const workflowKeys = {
  all: ['workflows'] as const,
  list: (flowPublicIdentifier: string) => [...workflowKeys.all, 'list', flowPublicIdentifier] as const,
  /** One workflow with its draft template (the canvas). */
  detail: (workflowId: string) => [...workflowKeys.all, 'detail', workflowId] as const,
  /** Every runs query of a workflow (lists of every filter and its runs in full): what a retry or a test run refreshes. */
  runsOf: (workflowId: string) => [...workflowKeys.all, 'runs', workflowId] as const,
  /** A workflow's runs list under one filter (mode, states, page size). */
  runs: (workflowId: string, filter: { mode: string; status?: string; limit: number }) =>
    [...workflowKeys.runsOf(workflowId), 'list', filter.mode, filter.status ?? '', filter.limit] as const,
  /** One run in full. */
  run: (workflowId: string, runId: string) => [...workflowKeys.runsOf(workflowId), 'run', runId] as const,
  /** The latest submissions of a form, to test a workflow with. */
  testSubmissions: (flowPublicIdentifier: string) => [...workflowKeys.all, 'testSubmissions', flowPublicIdentifier] as const,
};

/** An approval request as its approver's page reads it (by the link's token). */
export const approvalKeys = {
  all: ['approvals'] as const,
  request: (token: string) => [...approvalKeys.all, token] as const,
};
