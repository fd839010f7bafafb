/**
 * The home dashboard (spec 000 §2 "Home page", §4 "Dragging", §8): its tabs, rows, sort options, views and the
 * flow menu's texts. The spec's own words where it has them; the rest are ours and marked so.
 */
export const home = {
  /** spec 000 §2: the home tabs (scheduling comes with the scheduling service). */
  tabs: { home: 'Home', starred: 'Starred', recents: 'Recents' },
  /** spec 000 §2: the welcome line with the first name. */
  welcome: (firstName: string) => (firstName ? `Welcome, ${firstName}` : 'Welcome'),
  /** spec 000 §2: the home page's rows and their link. */
  starredRow: 'Starred',
  recentsRow: 'Recently viewed',
  viewAll: 'View all',
  /** spec 000 §2 "A LinkedIn follow banner is shown once per user and can be dismissed" (ours: its words and page). */
  linkedInBanner: 'Follow Formloom on LinkedIn for form-building tips, new templates and product news.',
  linkedInFollow: 'Follow on LinkedIn',
  linkedInDismiss: 'Dismiss',
  linkedInUrl: 'https://www.linkedin.com/company/formloom',
  /** spec 000 §2: the invite-members button (ours: its words). */
  inviteMembers: 'Invite members',
  /** spec 000 §2: the sort options, in the spec's order. */
  sortLabel: 'Sort by',
  sorts: {
    createdDate: 'Created date',
    lastViewed: 'Last viewed',
    lastEdited: 'Last edited',
    submissionCount: 'Submission count',
    alphabetical: 'Alphabetical',
    unread: 'Unread',
  },
  /** spec 000 §2 "Views: column or grid" (ours: their names). */
  views: { list: 'List', grid: 'Grid' },
  viewLabel: 'View',
  /** spec 000 §2: reserved workspace id `trash` (ours: its name and texts). */
  trash: 'Trash',
  trashEmpty: 'Trash is empty',
  trashEmptyHint: 'Forms you move to the trash show up here. Restore them, or delete them forever.',
  /** ours: the flow menu. */
  star: 'Star',
  unstar: 'Unstar',
  moveTo: 'Move to…',
  moveToTrash: 'Move to trash',
  restore: 'Restore',
  deleteForever: 'Delete forever',
  /** ours: the move dialog. */
  moveTitle: (name: string) => `Move “${name}”`,
  moveWorkspaceLabel: 'Workspace',
  moveConfirm: 'Move',
  movedTo: (workspace: string) => `Moved to ${workspace}`,
  /** ours: toasts and confirmations. */
  trashed: (name: string) => `“${name}” moved to trash`,
  restored: (name: string) => `“${name}” restored`,
  deleteForeverTitle: 'Delete forever?',
  deleteForeverBody: (name: string) =>
    `“${name}” will be deleted with all of its submissions and workflows. This cannot be undone.`,
  /** ours: empty states of the tabs. */
  noStarred: 'No starred forms yet',
  noStarredHint: 'Star a form from its menu to keep it here.',
  noRecents: 'No recently viewed forms',
  noRecentsHint: 'Forms you open in the editor show up here.',
  /** ours: a flow's line in the list. */
  unreadCount: (n: number) => `${n} new`,
  loadMore: 'Load more',
  /** ours: the drop targets while a flow is dragged (spec 000 §4). */
  dropToMove: (workspace: string) => `Drop to move to ${workspace}`,
  dropToTrash: 'Drop to move to trash',
  /** ours: a flow that is in the trash cannot be opened or changed until restored. */
  flowInTrash: 'This form is in the trash. Restore it first',
  /** ours: a move to the workspace the flow is already in (spec 000 §4: not onto its current workspace). */
  alreadyInWorkspace: 'The form is already in this workspace',
  /** ours: deleting an organization's only workspace is refused (409; `DELETE /admin/workspaces/:workspaceId`). */
  lastWorkspace: 'An organization keeps at least one workspace',
  /** ours: the sidebar's workspace order (spec 000 §4 "Dragging") names a workspace twice (400). */
  workspaceListedTwice: 'A workspace is listed more than once',
  /** ours: the sidebar's workspace menu. */
  renameWorkspace: 'Rename workspace',
  deleteWorkspace: 'Delete workspace',
  deleteWorkspaceTitle: (name: string) => `Delete “${name}”?`,
  deleteWorkspaceBody:
    'The workspace is deleted with all of its forms, their submissions and workflows, for everyone in it. This cannot be undone.',
  workspaceDeleted: (name: string) => `Workspace “${name}” deleted`,
  /** spec 000 §2: the 'Quick start' section's three types with their descriptions (a type not built yet: `toasts.comingSoon`). */
  quickStart: 'Quick start',
  quickStartTypes: {
    app: { title: 'App', description: 'Websites, portals' },
    form: { title: 'Form', description: 'Forms, scheduling' },
    database: { title: 'Database', description: 'No-code tables' },
  },
  /** spec 000 §2: the Zite creation modal's title (`/home/zite[/{slug}]/new`). */
  makeZite: 'Make a Zite',
  /** spec 000 §2: the menu entry that opens the operator's help center (`HELP_CENTER_URL`). */
  helpCenter: 'Help center',
  /** ours: the Zite modal's text while the app builder does not exist. */
  ziteIntro: 'Zite builds apps — websites, portals and internal tools — on top of your forms and data.',
} as const;
