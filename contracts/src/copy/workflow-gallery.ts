/**
 * The workflow list and the template gallery with its creation dialog (spec 001 §2 "Template gallery and creation
 * dialog", §4, §6, §9). Category names are spec 001 §2's; texts the spec does not give are marked ours.
 */
export const workflowGallery = {
  /** spec 001 §2: the gallery's categories, in order. */
  categories: {
    notifications: 'Notifications',
    approvals: 'Approvals',
    scheduling: 'Scheduling',
    conversionKit: 'Conversion kit',
    ai: 'AI',
  },
  /** ours: one line per gallery template (spec 001 §2 lists their ids only). */
  descriptions: {
    thank_you_email: 'Email every respondent a copy of their answers right after they submit.',
    email_with_delay: 'Wait a while after a submission, then send an email.',
    approve_or_reject: 'Ask someone to approve or reject each submission.',
    assign_task: 'Turn each submission into a task someone marks as done.',
    scheduling_reminder_email_host: 'Email the host a reminder before each booked event.',
    scheduling_reminder_slack_host: 'Send the host a Slack message before each booked event.',
    scheduling_reminder_email_invitee: 'Email the invitee a reminder before their event.',
    email_form_abandonment: 'Email people who started your form but did not finish it.',
    slack_message_form_abandonment: 'Get a Slack message when someone abandons your form.',
    email_with_filter: 'Send an email only when the answers match a condition.',
    summarize_submission_and_email: 'Summarize each submission with AI and email the summary.',
    classify_and_route: 'Classify each submission with AI and send it to the right person.',
    ai_thank_you_email: 'Thank each respondent with an email written by AI from their answers.',
  },
  /** spec 001 §2: the Conversion kit category's badge when the add-on is not active. */
  addOn: 'Add-on',
  /** spec 001 §4 "Conversion Kit: … subscribed shows the access message" (ours: the words). */
  hasAccess: 'You have Conversion Kit access',
  /** spec 001 §2 'Create workflow'. */
  createWorkflow: 'Create workflow',
  /** spec 001 §2 "with a Back button". */
  back: 'Back',
  /** spec 001 §4: the `new_form` placeholder's name in the form chooser (the default name of the new form). */
  newForm: 'New form',
  /** ours: the list's and the home page's button opening the gallery. */
  newWorkflow: 'New workflow',
  /** ours: the home page's entry opening the gallery without a form. */
  automateWithWorkflows: 'Automate with workflows',
  /** ours: the gallery dialog's title and the steps of the creation dialog. */
  galleryTitle: 'Create a workflow',
  previewTitle: 'Preview',
  chooseForm: 'Choose a form',
  chooseFormPlaceholder: 'Pick a form',
  /** ours: the upsell modal of the Conversion Kit add-on (spec 001 §2, §9). */
  upsellTitle: 'Conversion Kit',
  upsellText: 'Recover the leads who start your forms but do not finish them: abandonment emails and Slack alerts.',
  leadsLabel: 'Leads per month',
  monthlyPrice: (usd: string) => `${usd} USD / month`,
  getStarted: 'Get started',
  checkoutFailed: 'Could not start the checkout',
  /** ours: the workflow list. */
  emptyTitle: 'No workflows yet',
  emptyText: 'Create your first workflow to automate what happens after someone submits your form.',
  createFirst: 'Create your first workflow',
  runs: 'Runs',
  neverRun: 'Never run',
  lastRun: (when: string) => `Last run ${when}`,
  runCounts: (total: number, failed: number) => `${total} ${total === 1 ? 'run' : 'runs'}${failed > 0 ? ` · ${failed} failed` : ''}`,
  rename: 'Rename',
  delete: 'Delete',
  actions: 'Workflow actions',
  renameTitle: 'Rename workflow',
  nameLabel: 'Name',
  save: 'Save',
  cancel: 'Cancel',
  deleteTitle: 'Delete workflow',
  deleteConfirm: (name: string) => `Delete “${name}” and all its runs? This cannot be undone.`,
  active: 'Active',
  open: (name: string) => `Open ${name}`,
} as const;
