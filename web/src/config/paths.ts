/**
 * Every client route of the web app, defined once (spec 000 §2 "Routes"; the app's route table is
 * `src/app/router.tsx`). Each route has its `path` pattern, for the router, and `getHref(…)`, a typed builder of
 * its URL, for links and navigation: components never spell an app URL by hand. Parameters are URL-encoded by
 * react-router's `generatePath`.
 *
 * | route | page |
 * | --- | --- |
 * | `/` | redirects to `/home` |
 * | `/login`, `/signup` | sign in, sign up; `?redirect=<same-site path>` is where to go afterwards |
 * | `/verify-email?token=…` | confirms the address of the mailed link, signed in or not |
 * | `/home`, `/home/:workspaceSlug` | the home dashboard (spec 000 §2 "Home page"); the slug is `<id>-<name>` |
 * | `/home/forms[/:workspaceSlug]/new/:stage[/:theme/:serviceType/:serviceId]` | the new-flow dialog over the dashboard (spec 000 §2); `/home/forms[/:workspaceSlug]` opens its 'choose' stage |
 * | `/templates/:slug` | a template's link: the new-flow dialog's 'template' stage previewing it (`?template=:slug`) |
 * | `/home/zite[/:workspaceSlug]/new` | the dashboard with the 'Make a Zite' modal over it (spec 000 §2) |
 * | `/home/settings[?invite=true&email=…]` | settings (spec 000 §2 "Settings and members"): members and invitations, API keys; `invite` opens the invite dialog with the address prefilled; it wins over `/home/:workspaceSlug` (a slug starts with the workspace's id) |
 * | `/home/settings/custom-domains` | the organization's subdomain (spec 000 §1 'Custom domain settings'; admins) |
 * | `/home/integrations`, `/home/integrations/edit/:serviceId` | the organization's connected accounts; one of them, to reconnect or change (spec 001 §2) |
 * | `/invitation?token=…` | accepts an invitation mailed by an admin: the invited person creates their account |
 * | `/editor/:flowPublicIdentifier/{edit,share,results,workflows}` | the editor and its tabs |
 * | `/editor/:flowPublicIdentifier/workflows-edit/:workflowId[?edit-node=<id>]#workflows` | the editor opened on a workflow: its canvas (spec 001 §2) |
 * | `/editor/:flowPublicIdentifier/workflows-edit/:workflowId/runs[?mode=edit]` | a workflow's runs (live, or its test runs), inside the editor |
 * | `/editor/:flowPublicIdentifier/workflows-edit/:workflowId/runs/:runId` | one run: its trigger and steps |
 * | `/t/:flowPublicIdentifier` | the published (live) form, for respondents: its own page (`form.html`), not a route of the app's router; link to it with a plain `<a href>` |
 * | `/approve#token=…&state=…` | the approver's page of an approval step (no sign-in, no app shell); the token is in the fragment, never sent to a server (`rules/approval-links.ts`) |
 *
 * A spec 000 §2 route the app does not serve yet is added here together
 * with its page.
 */
import { generatePath } from 'react-router';
import { APPROVAL_PAGE_PATH, approvalLinkOf } from '@formloom/contracts/rules/approval-links';

/** The editor's tabs, in order: the path segment after `/editor/:flowPublicIdentifier/` (spec 000 §2). */
export const EDITOR_TABS = ['edit', 'share', 'results', 'workflows'] as const;

/** One of {@link EDITOR_TABS}. */
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The query parameters of `/home/settings` that open its invite dialog (`true`) and prefill its address. */
export const SETTINGS_INVITE_PARAM = 'invite';
export const SETTINGS_INVITE_EMAIL_PARAM = 'email';

/** The query parameter of `/login` and `/signup` naming the page to return to after signing in. */
export const REDIRECT_PARAM = 'redirect';

/**
 * `path` with `?redirect=<redirectTo>` when a target is given. The target is a same-site path such as
 * `/editor/abc/share?x=1`; see {@link safeRedirectTarget} for how it is checked when read back.
 */
function withRedirect(path: string, redirectTo?: string | null): string {
  if (!redirectTo) return path;
  return `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo })}`;
}

const editorPath = '/editor/:flowPublicIdentifier';
const workspacePath = '/home/:workspaceSlug';
const newFlowStagePath = 'new/:stage/:theme?/:serviceType?/:serviceId?';
const newFlowPath = `/home/forms/${newFlowStagePath}` as const;
const newFlowInWorkspacePath = `/home/forms/:workspaceSlug/${newFlowStagePath}` as const;
const publicFormPath = '/t/:flowPublicIdentifier';
const workflowCanvasPath = `${editorPath}/workflows-edit/:workflowId` as const;
const workflowRunsPath = `${workflowCanvasPath}/runs` as const;
const workflowRunPath = `${workflowRunsPath}/:runId` as const;

/** The query parameter of the canvas that opens a node's editor panel (spec 001 §2 "edit-node"; `trigger`: the trigger's). */
export const EDIT_NODE_PARAM = 'edit-node';

/** The query parameter of a workflow's runs page that shows its test runs (`?mode=edit`, spec 001 §7's mode). */
export const RUNS_MODE_PARAM = 'mode';

/** The app's routes: `path` for the router, `getHref(…)` → the URL (a path, with a query where it has one). */
export const paths = {
  /** `/`: sends the visitor on to {@link paths.home}. */
  root: { path: '/', getHref: () => '/' },
  /** `/login[?redirect=…]`: the sign-in page; `redirectTo` is the page to go to afterwards. */
  login: { path: '/login', getHref: (redirectTo?: string | null) => withRedirect('/login', redirectTo) },
  /** `/signup[?redirect=…]`: the sign-up page; `redirectTo` is the page to go to afterwards. */
  signup: { path: '/signup', getHref: (redirectTo?: string | null) => withRedirect('/signup', redirectTo) },
  /**
   * `/verify-email?token=…`: the address confirmation page, opened from the mailed link (workspaces-auth builds
   * the link: `domain/email-verification.ts` `VERIFY_EMAIL_PAGE`).
   */
  verifyEmail: {
    path: '/verify-email',
    getHref: (token: string) => `/verify-email?${new URLSearchParams({ token }).toString()}`,
  },
  /**
   * `/templates/:slug`: a template's link (spec 000 §2 "A template can be opened directly by slug"): opens the
   * new-flow dialog's 'template' stage on the template's preview (`?template={slug}`), signing in first when needed.
   */
  templateLink: {
    path: '/templates/:slug',
    getHref: (slug: string) => generatePath('/templates/:slug', { slug }),
    /** Where the link leads: the 'template' stage previewing `slug`. */
    targetOf: (slug: string) => `${generatePath(newFlowPath, { stage: 'template' })}?${new URLSearchParams({ template: slug })}`,
  },
  /** `/home`: the dashboard of the first workspace by name (spec 000 §2). */
  home: { path: '/home', getHref: () => '/home' },
  /**
   * `/home/settings`: the settings page (spec 000 §2 "Settings and members"; the app menu's 'Settings', 'Settings &
   * members' for admins). A static segment, so the router prefers it to {@link paths.workspace}'s `:workspaceSlug`,
   * and no slug can be `settings` (a slug is `<id>-<name>`).
   */
  /** `/home/integrations`: the organization's connected accounts (ours; spec 000 §3 "Service connection"). */
  integrations: { path: '/home/integrations', getHref: () => '/home/integrations' },
  /**
   * `/home/integrations/edit/{serviceId}` (spec 001 §2: the reconnect link of the HubSpot panel and of schema-failure
   * warnings): one connected account, to reconnect or change it.
   */
  integrationEdit: {
    path: '/home/integrations/edit/:serviceId',
    getHref: (serviceId: string) => generatePath('/home/integrations/edit/:serviceId', { serviceId }),
  },
  /** `/home/settings/custom-domains`: the organization's subdomain (spec 000 §1; admins). */
  customDomains: {
    path: '/home/settings/custom-domains',
    getHref: () => '/home/settings/custom-domains',
  },
  settings: {
    path: '/home/settings',
    /**
     * The page; with `invite` its invite dialog opens at once (spec 000 §2 "can be opened with parameters that open the
     * invite dialog and prefill an e-mail"): `?invite=true[&email=…]`.
     */
    getHref: (invite?: { email?: string }) => {
      if (!invite) return '/home/settings';
      const query = new URLSearchParams({ [SETTINGS_INVITE_PARAM]: 'true' });
      if (invite.email) query.set(SETTINGS_INVITE_EMAIL_PARAM, invite.email);
      return `/home/settings?${query.toString()}`;
    },
  },
  /**
   * `/invitation?token=…`: the page an invitation mail links to (the service writes the link:
   * `domain/invitations.ts` `INVITATION_PAGE`); the invited person creates their account there.
   */
  invitation: {
    path: '/invitation',
    getHref: (token: string) => `/invitation?${new URLSearchParams({ token }).toString()}`,
  },
  /** `/home/starred`: the signed-in user's starred forms of every workspace (spec 000 §2 home tab 'Starred'). */
  starred: { path: '/home/starred', getHref: () => '/home/starred' },
  /** `/home/recents`: the forms the user opened lately, last viewed first (spec 000 §2 home tab 'Recents'). */
  recents: { path: '/home/recents', getHref: () => '/home/recents' },
  /** `/home/trash`: the trashed forms of every workspace (spec 000 §2 reserved workspace id `trash`). */
  trash: { path: '/home/trash', getHref: () => '/home/trash' },
  /** `/home/:workspaceSlug`: the dashboard of one workspace; the slug is `<id>-<name>` (spec 000 §2). */
  workspace: {
    path: workspacePath,
    getHref: (workspaceSlug: string) => generatePath(workspacePath, { workspaceSlug }),
  },
  /**
   * `/home/forms[/:workspaceSlug]/new/:stage[/:theme[/:serviceType[/:serviceId]]]`: the new-flow dialog over the
   * dashboard (spec 000 §2 "New-flow dialog"; stages in `@formloom/contracts/rules/new-flow`), so Back, Forward and a
   * reload keep the stage. Without a slug the dialog makes the flow in the dashboard's first workspace.
   * `/home/forms[/:workspaceSlug]` alone opens the 'choose' stage.
   */
  newFlow: {
    path: newFlowPath,
    inWorkspacePath: newFlowInWorkspacePath,
    /** The bare `/home/forms` and `/home/forms/:workspaceSlug` (they open the 'choose' stage). */
    entryPaths: ['/home/forms', '/home/forms/:workspaceSlug'] as const,
    getHref: (target: { workspaceSlug?: string; stage: string; theme?: string; serviceType?: string; serviceId?: string }) =>
      target.workspaceSlug ? generatePath(newFlowInWorkspacePath, { ...target, workspaceSlug: target.workspaceSlug }) : generatePath(newFlowPath, target),
  },
  /**
   * `/home/zite[/:workspaceSlug]/new`: the dashboard with the 'Make a Zite' modal over it (spec 000 §2), from the
   * Quick start's App card and the menu's 'Make a Zite'.
   */
  makeZite: {
    path: '/home/zite/new',
    inWorkspacePath: '/home/zite/:workspaceSlug/new',
    getHref: (workspaceSlug?: string) => (workspaceSlug ? generatePath('/home/zite/:workspaceSlug/new', { workspaceSlug }) : '/home/zite/new'),
  },
  /** `/editor/:flowPublicIdentifier/<tab>`: the editor of a flow, on one of its {@link EDITOR_TABS} (default 'edit'). */
  editor: {
    path: editorPath,
    /** The pattern of one tab's route, e.g. `/editor/:flowPublicIdentifier/share`. */
    tabPath: (tab: EditorTab) => `${editorPath}/${tab}` as const,
    getHref: (flowPublicIdentifier: string, tab: EditorTab = 'edit') =>
      `${generatePath(editorPath, { flowPublicIdentifier })}/${tab}`,
  },
  /**
   * `/approve#token=…[&state=…]`: the approver's page (docs/architecture.md "Approvals"), opened from an approval email;
   * the engine builds the same links (`approvalLinkOf`).
   */
  approval: {
    path: APPROVAL_PAGE_PATH,
    getHref: (token: string, stateId?: string) => approvalLinkOf('', token, stateId),
  },
  /**
   * `/editor/:flowPublicIdentifier/workflows-edit/:workflowId[?edit-node=<id>]#workflows` (spec 001 §2): the editor opened
   * on a workflow — its canvas — reached after creating a workflow from a template and from the workflow list; with
   * `editNode` a node's editor panel open.
   */
  workflowCanvas: {
    path: workflowCanvasPath,
    getHref: (flowPublicIdentifier: string, workflowId: string, options: { editNode?: string } = {}) =>
      `${generatePath(workflowCanvasPath, { flowPublicIdentifier, workflowId })}${options.editNode ? `?${new URLSearchParams({ [EDIT_NODE_PARAM]: options.editNode })}` : ''}#workflows`,
  },
  /**
   * `/editor/:flowPublicIdentifier/workflows-edit/:workflowId/runs[?mode=edit]`: a workflow's runs, inside the editor
   * shell — its live runs, or with `test` its test runs (`?mode=edit`).
   */
  workflowRuns: {
    path: workflowRunsPath,
    getHref: (flowPublicIdentifier: string, workflowId: string, options: { test?: boolean } = {}) =>
      `${generatePath(workflowRunsPath, { flowPublicIdentifier, workflowId })}${options.test ? `?${RUNS_MODE_PARAM}=edit` : ''}`,
  },
  /** `/editor/:flowPublicIdentifier/workflows-edit/:workflowId/runs/:runId`: one run of a workflow, inside the editor shell. */
  workflowRun: {
    path: workflowRunPath,
    getHref: (flowPublicIdentifier: string, workflowId: string, runId: string) =>
      generatePath(workflowRunPath, { flowPublicIdentifier, workflowId, runId }),
  },
  /** `/t/:flowPublicIdentifier`: the live form respondents fill out (no sign-in, no app chrome). */
  publicForm: {
    path: publicFormPath,
    getHref: (flowPublicIdentifier: string) => generatePath(publicFormPath, { flowPublicIdentifier }),
    /** The absolute link to share, on `origin` (default: this page's origin). */
    getUrl: (flowPublicIdentifier: string, origin: string = window.location.origin) =>
      new URL(generatePath(publicFormPath, { flowPublicIdentifier }), origin).href,
  },
} as const;

/**
 * The page to open after signing in: `redirectTo` when it is a path on this site (`/home/12-sales?x=1`), else
 * `fallback` (default `/home`). Anything that would leave the site — `https://evil.example`, `//evil.example`,
 * `/\evil.example` (browsers read `\` as `/`), `javascript:` — gives `fallback`, so the `?redirect=` parameter
 * cannot be used to send a user elsewhere (an open redirect).
 */
export function safeRedirectTarget(redirectTo: string | null | undefined, fallback: string = paths.home.getHref()): string {
  if (!redirectTo || !redirectTo.startsWith('/')) return fallback;
  const base = 'http://formloom.invalid';
  let url: URL;
  try {
    url = new URL(redirectTo, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
