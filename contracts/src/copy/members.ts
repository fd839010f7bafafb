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
    limited: 'Only the forms they create or are shared with them',
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
  /** ours: 409 when the address belongs to an account of another organization (a user belongs to one organization). */
  otherOrganization: 'This address already has an account in another organization.',
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
} as const;
