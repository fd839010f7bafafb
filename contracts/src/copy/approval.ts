/**
 * The approval step (spec 001 §2 "Approval editor", §3 approval template, §4 "Approval states", §6, §9): the texts
 * of its editor panel, its setup status line, its emails and the approver's page. Texts the spec quotes are
 * verbatim; where the spec gives only the meaning (the incomplete messages "set approvers, connect Slack, pick Slack
 * channel") the wording is ours and says so; the rest are ours and marked so.
 */
export const approval = {
  /** spec 001 §2: the approval action's badge in the add-action popover (and on its card). */
  badge: 'Beta',
  /** spec 001 §2: the approval editor's button and link. */
  done: 'Done',
  feedback: 'Feedback?',
  /** spec 001 §4: the name of a new state, made unique. */
  newOption: 'New option',
  /** spec 001 §4: renaming a state to a name another state has. */
  duplicateOption: 'An option with this name already exists',
  /** spec 001 §4: the approver picker's action for a typed address that is no member. */
  invite: 'Invite',
  /** spec 001 §4 "set approvers" (wording ours): no approver yet. */
  setApprovers: 'Set approvers',
  /** spec 001 §4 "connect Slack" (wording ours): Slack delivery without a Slack account. */
  connectSlack: 'Connect Slack',
  /** spec 001 §4 "pick Slack channel" (wording ours): slack_channel delivery without a channel. */
  pickSlackChannel: 'Pick a Slack channel',
  /**
   * spec 001 §4 "Complete description: the approver count and the state names" (wording ours):
   * '1 approver · Approved, Rejected'.
   */
  describe: (approvers: number, stateNames: readonly string[]) =>
    `${approvers} ${approvers === 1 ? 'approver' : 'approvers'} · ${stateNames.join(', ')}`,
  /** ours: the default states of a new approval step (spec 001 §2 'approve_or_reject'). */
  approved: 'Approved',
  rejected: 'Rejected',
  /** ours: the state of the 'assign_task' gallery template. */
  taskDone: 'Done',
  /** ours: the input field of the 'assign_task' gallery template. */
  taskNotes: 'Notes',
  /** ours: spec 001 §4 "at least one must remain": the last state cannot be deleted (and a template without one). */
  oneOptionRequired: 'An approval needs at least one option',
  /** ours: a state whose name is blank. */
  optionNameRequired: 'Name this option',
  /** ours: spec 001 §4 "slack_dm allows exactly one" approver. */
  slackDmOneApprover: 'Slack direct messages go to exactly one approver',
  /** ours: an input field whose label is blank. */
  fieldLabelRequired: 'Name this field',
  /** ours: an input field shown for chosen states, with none chosen. */
  fieldStatesRequired: 'Choose the options this field is shown for',
  /** ours: the panel's sections and controls. */
  sendOverLabel: 'Send approval request over',
  sendOver: { email: 'Email', slack_dm: 'Slack direct message', slack_channel: 'Slack channel' },
  approversLabel: 'Approvers',
  approversPlaceholder: 'Add a member or type an address',
  /** ours: a typed address that is no member of the organization. */
  notAMember: (address: string) => `${address} is not a member of your organization yet`,
  /** ours: where 'Invite' leads while the app has no invitation page of its own. */
  inviteHint: 'Members are added in Settings',
  removeApprover: (name: string) => `Remove approver ${name}`,
  slackAccountLabel: 'Slack account',
  /** ours: the Slack connection is made by the integrations service, which Formloom does not have yet. */
  slackNotAvailable: 'Connecting Slack is not available yet: send the approval over email for now',
  slackChannelLabel: 'Slack channel',
  statesLabel: 'Options',
  stateNameLabel: (index: number) => `Option ${index + 1} name`,
  stateColorLabel: (name: string) => `Colour of ${name}`,
  addOption: 'Add option',
  deleteOption: (name: string) => `Delete option ${name}`,
  fieldsLabel: 'Input fields',
  fieldsHint: 'Ask the approver for more information when they decide',
  addField: 'Add field',
  fieldLabel: 'Field label',
  fieldTypeLabel: 'Field type',
  fieldOptionsLabel: 'Options (one per line)',
  fieldRequired: 'Required',
  fieldShowFor: 'Show for',
  fieldShowForAll: 'All options',
  fieldShowForCustom: 'Chosen options',
  editField: (label: string) => `Edit field ${label}`,
  deleteField: (label: string) => `Delete field ${label}`,
  dragField: (label: string) => `Drag field ${label} to reorder it`,
  saveField: 'Save field',
  cancel: 'Cancel',
  deleteFieldTitle: 'Delete this field?',
  deleteFieldBody: (label: string) => `The field "${label}" is removed from this approval step.`,
  deleteConfirm: 'Delete',
  emailLabel: 'Email to approvers',
  subjectLabel: 'Subject',
  messageLabel: 'Message',
  /** ours: the approval action's line in the add-action popover. */
  popoverDescription: 'Wait for a person to approve or reject',
  /** ours: the subject of the 'Feedback?' email. */
  feedbackSubject: 'Feedback on approval steps',
  /** ours: the default email to approvers (its subject takes variables, spec 001 §3 "subject logic"). */
  defaultSubject: 'Approval needed: {{flow.name}}',
  defaultBody: 'A new submission of {{flow.name}} needs your decision. Choose an option below.',
  /** ours: the email's approval buttons block, before the buttons. */
  buttonsIntro: 'Decide:',
  /** ours: the email block that holds one button per state (spec 001 §3 "approval buttons"). */
  buttonsBlock: 'Approval buttons',
  /** ours: the run step's error of a Slack approval (the integrations service does not exist yet). */
  slackDeliveryUnavailable: 'Slack approvals are not available yet: no Slack account can be connected',
  /** ours: the run step's error when no approver has a valid address. */
  noApproverAddress: 'No approver has a valid email address',
  /** ours: the run step's error when the request expired without a decision (`days`: APPROVAL_REQUEST_TTL_DAYS). */
  expired: (days: number) => `No decision was made within ${days} days`,
  /** ours: the approver's page. */
  pageTitle: 'Approval request',
  pageIntro: (formName: string) => `A submission of ${formName} is waiting for your decision.`,
  submissionHeading: 'Submission',
  noAnswer: 'No answer',
  decisionHeading: 'Your decision',
  decisionHint: 'Choose an option, fill in what it asks for, then confirm.',
  chosen: (name: string) => `Chosen: ${name}`,
  confirm: (name: string) => `Confirm: ${name}`,
  chooseFirst: 'Choose an option first',
  recorded: (name: string) => `Your decision was recorded: ${name}`,
  recordedHint: 'You can close this page.',
  /** brief of the approval step: a second approver, or the same one again, after the decision. */
  alreadyDecided: (state: string, by: string) => `Already decided: ${state} by ${by}`,
  /** ours: a token that does not verify, names no approval, or was made for an approval that was deleted. */
  invalidLink: 'This approval link is not valid',
  /** ours: the request expired without a decision (or its run ended). */
  expiredLink: 'This approval request has expired',
  /** ours: the request is still being sent (a click between the email leaving and the step being recorded). */
  notReady: 'This approval request is not ready yet. Try again in a minute.',
  /** ours: an unknown state id in a decision. */
  unknownOption: 'Choose one of the options',
  /** ours: the page while it loads, and its retry. */
  loading: 'Loading the approval request',
  tryAgain: 'Try again',
  missingLink: 'This page needs the link from the approval email',
  requestedOf: (email: string) => `Requested of ${email}`,
  expiresOn: (date: string) => `Open until ${date}`,
} as const;
