/** Workflows: the list, the gallery, the canvas and its panels (spec 001). */
export const workflows = {
  /**
   * ours (docs/product-rules.md §4): an unconfirmed account turning on a workflow that sends email through
   * the operator's SMTP server.
   */
  confirmEmailToSend: 'Confirm your email address to turn on workflows that send email',
  /** spec 001 §8 (spec 000 §8 adds '@{host}'; the form without a host is used when no host is configured). */
  maxWorkflows: 'Maximum number of workflows added - contact support to enable more',
  maxWorkflowsWithHost: (host: string) =>
    `Maximum number of workflows added - contact support@${host} to enable more`,
  maxActions: 'Maximum number of actions added - contact support to enable more',
  createFailed: 'Had trouble creating a new workflow. Contact support for any help',
  saveFailed: 'Had trouble saving workflow',
  publishFailed: 'Had trouble publishing workflow',
  updateFailed: 'Had trouble updating workflow',
  deleteFailed: 'Had trouble deleting workflow. Contact support for any help',
  deleteRunsFailed: 'Had trouble deleting workflow runs. Contact support for any help',
  signUpToCreate: 'Sign up to create a workflow',
  setupNeededPrefix: 'Setup needed: ',
  /** spec 001 §5 email node validation. */
  invalidEmail: (value: string) => `Invalid email: ${value}`,
  chooseSendFrom: 'Choose Send email from',
  /** ours: a workflow id that does not exist or is not visible to the caller. */
  workflowNotFound: 'Workflow not found',
  /** ours: a nextNodeId (or the trigger's) that names no node of the template. */
  unknownNode: (nodeId: string) => `Step "${nodeId}" does not exist`,
  /** ours: following nextNodeId comes back to a node already visited (spec 001 §4 "connection check"). */
  loopDetected: 'This workflow contains a loop',
  /** ours: the canvas's connection check refuses a node connected to itself (spec 001 §4 "Connection check"). */
  connectToItself: 'A step cannot connect to itself',
  /** ours: the canvas's connection check refuses any connection to the trigger (spec 001 §4). */
  connectToTrigger: 'Nothing can connect to the trigger',
  /** ours: a node id the template already has. */
  duplicateNodeId: (nodeId: string) => `Step "${nodeId}" already exists`,
  /** ours: the canvas's texts (spec 001 §2 "Workflow canvas"). */
  canvas: {
    addAction: 'Add an action',
    addActionAfter: (title: string) => `Add an action after ${title}`,
    addActionOn: (label: string) => `Add an action on ${label}`,
    addActionBetween: 'Add an action here',
    chooseAction: 'Choose an action',
    chooseTrigger: 'Choose a trigger',
    changeTrigger: 'Change trigger',
    edit: 'Edit',
    view: 'View',
    delete: 'Delete',
    done: 'Done',
    cancel: 'Cancel',
    close: 'Close',
    deleteTitle: 'Delete this step?',
    deleteBody: (title: string) => `The ${title} step will be removed; the steps after it stay connected.`,
    save: 'Save',
    /** The accessible names of Save and Publish (the editor's header has the form's own Publish). */
    saveWorkflow: 'Save workflow draft',
    publishWorkflow: 'Publish workflow',
    saved: 'Saved',
    publish: 'Publish',
    published: 'Published',
    unsavedChanges: 'Unsaved changes',
    allSaved: 'Workflow saved',
    live: 'Live',
    draft: 'Draft',
    off: 'Off',
    runs: 'Runs',
    readOnly: 'View only',
    backToWorkflows: 'Workflows',
    leaveTitle: 'Leave without saving?',
    leaveBody: 'Your changes to this workflow are not saved.',
    leave: 'Leave',
    stay: 'Stay',
    cannotPublish: 'Fix these steps before publishing',
    canvasLabel: 'Workflow canvas',
    loading: 'Loading workflow',
    /** ours: forgets the cards' stored positions; the canvas lays the workflow out again. */
    tidyUp: 'Tidy up',
    tidyUpHint: 'Lay the steps out again, top to bottom',
  },
  /** ours: a save or publish that changes the form the workflow belongs to. */
  flowChanged: 'A workflow cannot be moved to another form',
  /** ours: the trigger template lacks the form's public identifier. */
  flowRequired: 'Choose a form for this trigger',
  /** ours: email node setup status (spec 001 §4) and validation (spec 001 §5) where the spec gives no text. */
  subjectRequired: 'Add a subject',
  recipientsRequired: 'Add at least one recipient',
  /** ours: a complete formSubmission trigger's description (spec 001 §4 says it is always complete). */
  formSubmittedDescription: 'When the form is submitted',
  /** ours: a run step of a node type the engine cannot execute yet. */
  nodeNotSupported: (type: string) => `The "${type}" step is not supported yet`,
  /** ours: the email step found no valid recipient after resolving the recipients. */
  noValidRecipients: 'No valid recipient address',
  /** ours: `POST /admin/workflows` names neither a template nor a gallery template (or both). */
  templateOrGallery: 'Give either a workflow template or a gallery template',
  /** ours: a gallery template whose steps Formloom cannot run yet. */
  galleryTemplateNotAvailable: (id: string) => `The "${id}" template is not available yet`,
  /** ours: an address from the answers got too many workflow emails lately (`WORKFLOW_EMAIL_PER_RECIPIENT_MAX`). */
  recipientRateLimited: (address: string) => `Too many emails to ${address} recently; not sent`,
  /** ours: a workflow on the placeholder `new_form` needs the workspace the new form goes into. */
  workspaceRequiredForNewForm: 'Choose the workspace of the new form',
  /** ours: the headings and names of the editor's variable picker (`workflows/variables.ts`). */
  variableGroups: {
    answers: 'Answers',
    urlParams: 'Hidden fields',
    calculations: 'Calculations',
    quiz: 'Quiz',
    submission: 'Submission',
    submissionId: 'Submission ID',
    submissionTime: 'Submission time',
    formName: 'Form name',
  },
} as const;
