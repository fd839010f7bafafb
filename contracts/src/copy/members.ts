/**
 * Members and invitations (spec 000 §2 "Settings and members", the invite-members button and the invite dialog
 * opened from `/home/settings` with a prefilled e-mail; §6 access levels): the members section of the settings page,
 * the invite dialog, the invitation mail and the page that accepts it (`api/workspaces-auth/invitations.ts`). The
 * spec names the screens and the access levels' tooltips (`roles.ts`); the words here are ours.
 */
export const members = {
  /** ours: the heading of the members section of the settings page. */
  title: 'Members',
  /** ours: what the section is for, under its heading. */
  intro: 'Invite people to your organization and choose what they can do in each workspace.',
  /** ours: the members section for a user who is not an admin of the organization. */
  adminOnly: 'Only admins of your organization can invite and manage members.',
  /** ours: the accessible name of the list of members. */
  listLabel: 'Members',
  /** ours: the badge of an admin of the organization. */
  adminBadge: 'Admin',
  /** ours: the badge next to the signed-in user's own row. */
  youBadge: 'You',
  /** ours: the access levels (spec 000 §6: write, read, limited) as the selects name them, and no membership. */
  accessLabels: { write: 'Can edit', read: 'Can view', limited: 'Limited', none: 'No access' },
  /** ours: what each level allows, under the select (the limited one as spec 000 §6's tooltip says). */
  accessDescriptions: {
    write: 'Create, edit and delete forms and see every submission',
    read: 'View forms and their submissions',
    limited: 'Create forms, and see only the forms they create',
    none: 'Does not see this workspace',
  },
  /** ours: the accessible name of a member's access select in one workspace. */
  accessSelectLabel: (person: string, workspace: string) => `${person}'s access to ${workspace}`,
  /** ours: toast after an access change. */
  accessChanged: 'Access updated',
  /** ours: the heading of the pending invitations. */
  pendingTitle: 'Pending invitations',
  /** ours: an invitation's line: where it grants access and until when the link works. */
  pendingExpires: (date: string) => `Link works until ${date}`,
  /** ours: withdraws a pending invitation (its link stops working). */
  revoke: 'Revoke',
  /** ours: accessible name of the revoke button. */
  revokeLabel: (email: string) => `Revoke the invitation of ${email}`,
  /** ours: toast after revoking. */
  revoked: 'Invitation revoked',
  /** ours: sends the mail of a pending invitation again, with a new link. */
  resend: 'Resend',
  /** ours: the invite dialog's fields. */
  emailLabel: 'Email address',
  emailPlaceholder: 'name@company.com',
  workspacesLabel: 'Workspaces',
  workspacesDescription: 'They get this access in each workspace you choose.',
  accessLabel: 'Access',
  makeAdmin: 'Make them an admin of the organization',
  makeAdminDescription: 'Admins invite members, manage workspaces, API keys and templates.',
  /** ours: the dialog's button. */
  send: 'Send invitation',
  /** ours: toast after an invitation is sent. */
  sent: (email: string) => `Invitation sent to ${email}`,
  /** ours: the dialog's check when no workspace is chosen. */
  chooseWorkspace: 'Choose at least one workspace',
  /** ours: 400 when a workspace is listed twice in one invitation. */
  workspaceTwice: 'Each workspace can be chosen once',
  /** ours: 409 when the address is already a member of the organization. */
  alreadyMember: 'This person is already a member of your organization. Change their access in the list instead.',
  /** ours: 409 when the organization has too many pending invitations. */
  tooManyPending: (max: number) => `Your organization has ${max} pending invitations. Revoke some before inviting more people.`,
  /** ours: 404 for an invitation id that is not the organization's pending one. */
  invitationNotFound: 'Invitation not found',
  /** ours: the accept page and 400 for an unknown, used, revoked or expired invitation link. */
  invitationInvalid: 'This invitation is no longer valid. Ask the person who invited you for a new one.',
  /** ours: the invitation mail's subject. */
  mailSubject: (inviter: string, organization: string, product: string) => `${inviter} invited you to ${organization} on ${product}`,
  /** ours: the invitation mail's text body. */
  mailText: (inviter: string, organization: string, product: string, link: string, days: number) =>
    `${inviter} invited you to join ${organization} on ${product}.\n\nAccept the invitation: ${link}\n\nThe link works for ${days} days.`,
  /** ours: the invitation mail's button. */
  mailButton: 'Accept the invitation',
  /** ours: the accept page's heading. */
  acceptTitle: (organization: string) => `Join ${organization}`,
  /** ours: the accept page's line. */
  acceptIntro: (inviter: string, organization: string, product: string) =>
    `${inviter} invited you to join ${organization} on ${product}. Create your account to get started.`,
  /** ours: the accept page's button. */
  acceptButton: 'Accept and create account',
  /** ours: the accept page under an invalid link. */
  invalidHint: 'Already accepted it? Log in with the address the invitation was sent to.',
  /** ours: the accept page's title while it reads the link. */
  checkingInvitation: 'Checking your invitation…',
  /** ours: the accept page's line for an address that already has an account (they join with it). */
  joinIntro: (inviter: string, organization: string, product: string) =>
    `${inviter} invited you to join ${organization} on ${product}. Join with your account to get started.`,
  /** ours: the accept page's button for a signed-in account with the invited address. */
  joinButton: (organization: string) => `Join ${organization}`,
  /** ours: the accept page's link for an existing account that is not signed in. */
  signInToJoin: 'Log in to accept',
  /** ours: the accept page (and 403) when another account is signed in than the invited address's. */
  wrongAccount: (email: string) => `This invitation is for ${email}. Log out, then log in with that address to accept it.`,
  /** ours: 409 when an account with the address exists (join with it instead of making one). */
  accountExists: 'An account with this address already exists. Log in to accept the invitation.',
  /** ours: toast after joining an organization. */
  joined: (organization: string) => `You joined ${organization}`,
  /** ours: a member's menu entry: takes them out of the organization (all its workspaces). */
  removeFromOrganization: 'Remove from organization',
  /** ours: accessible name of a member's remove button. */
  removeLabel: (person: string) => `Remove ${person} from the organization`,
  /** ours: the removal's confirmation. */
  removeConfirmTitle: (person: string) => `Remove ${person}?`,
  removeConfirmText: (person: string, organization: string) =>
    `${person} loses access to every workspace of ${organization}. Their forms stay. If ${organization} is their only organization, their account is deleted.`,
  /** ours: the removal's button and toast. */
  removeConfirm: 'Remove',
  removed: (person: string) => `${person} was removed from the organization`,
  /** ours: a member's menu entries: give or take the admin role of the organization. */
  makeAdminAction: 'Make admin',
  removeAdminAction: 'Remove admin role',
  /** ours: accessible name of a member's menu. */
  memberMenuLabel: (person: string) => `Actions for ${person}`,
  /** ours: toast after a role change. */
  roleChanged: (person: string, isAdmin: boolean) => (isAdmin ? `${person} is now an admin` : `${person} is no longer an admin`),
  /** ours: 409 when the change would leave the organization without an admin. */
  lastAdmin: 'An organization needs at least one admin.',
  /** ours: 400 when an admin asks to remove themself (they leave instead). */
  cannotRemoveSelf: 'To take yourself out of the organization, use Leave organization.',
} as const;

/**
 * Organizations a user belongs to (spec 000 §1 "users can switch organization when permitted", §2 the switcher in the
 * menu, §7 `GET /admin/organizations`): the switcher, leaving one. 'Switch organization' is the spec's; the rest ours.
 */
export const organizations = {
  /** spec 000 §2: the menu entry (shown only when the user may switch: they belong to more than one organization). */
  switchOrganization: 'Switch organization',
  /** ours: the switcher's heading and the accessible name of its list. */
  switcherTitle: 'Your organizations',
  /** ours: the badge of the organization the user works in now. */
  current: 'Current',
  /** ours: the badge of an organization where the user is an admin. */
  adminBadge: 'Admin',
  /** ours: toast after switching. */
  switched: (organization: string) => `Switched to ${organization}`,
  /** ours: the settings page's button. */
  leave: 'Leave organization',
  /** ours: the leave confirmation. */
  leaveConfirmTitle: (organization: string) => `Leave ${organization}?`,
  leaveConfirmText: (organization: string) => `You lose access to every workspace of ${organization}. An admin can invite you again.`,
  leaveConfirm: 'Leave',
  /** ours: toast after leaving (the user is now in another of their organizations). */
  left: (organization: string) => `You left ${organization}`,
  /** ours: 409 when it is the user's only organization. */
  onlyOrganization: 'This is your only organization, so you cannot leave it.',
  /** ours: 409 when the user is its last admin. */
  lastAdmin: 'You are the only admin of this organization. Make another member an admin before you leave.',
} as const;
