/**
 * The email node's editor panel, its preview and the rules of its template beyond the spec's three (spec 001 §2
 * "Email editors have Preview and Done actions and tabs Recipients and Email", §5, §8). Texts the spec quotes are
 * marked with their section; the others are ours.
 */
export const emailEditor = {
  /** spec 001 §8: the preview went out. */
  previewSent: (email: string) => `A preview was sent to ${email}`,
  /** spec 001 §8: the preview was refused because the node's rules fail; the description lists their messages. */
  previewMisconfigured: 'Email is misconfigured',
  previewPleaseFix: (messages: readonly string[]) => `Please fix: ${messages.join('; ')}`,
  /** spec 001 §5, §8: a preview needs the form's template. */
  flowTemplateUnavailable: 'Flow template not available',
  previewNeedsFlowTemplate: 'Unable to send preview without flow template',
  /** ours: too many previews within `EMAIL_PREVIEW_RATE_WINDOW_MS`. */
  tooManyPreviews: 'Too many previews sent recently. Try again in a few minutes',
  /** ours: the mail server refused the preview or did not answer. */
  previewSendFailed: 'The preview could not be sent. Try again later',
  /** ours: a preview sent over SMTP by an account whose address is unconfirmed. */
  confirmEmailToPreview: 'Confirm your email address to send a preview',

  /** ours: the node's line in the add-action popover. */
  nodeDescription: 'Send an email',
  /** ours: the panel's tabs and actions (spec 001 §2 names them). */
  tabs: { recipients: 'Recipients', email: 'Email' },
  preview: 'Preview',
  done: 'Done',

  /** ours: the Recipients tab. */
  recipients: {
    emailQuestions: 'Email questions',
    emailQuestionsHint: 'Send to the address a respondent gives',
    noEmailQuestions: 'This form has no Email question',
    addresses: 'Other addresses',
    addressesHint: 'Type an address and press Enter, or paste several separated by commas',
    addressPlaceholder: 'name@example.com',
    /** A recipient taken from run data that is not a question of the form ('Answer to w2', 'nodes.n1.email'). */
    answerTo: (id: string) => `Answer to ${id}`,
    cc: 'Cc',
    bcc: 'Bcc',
    ccAddresses: 'Cc addresses',
    bccAddresses: 'Bcc addresses',
    replyTo: 'Reply-to address',
    replyToHint: 'Replies go here; leave empty to use the sender address',
    senderName: 'Sender name',
    senderNameHint: 'The name recipients see',
  },

  /** ours: the Email tab. */
  email: {
    sendFrom: 'Send email from',
    senderTypes: { formloom_notifications: 'Formloom notifications' },
    subject: 'Subject',
    blocks: 'Email body',
    addBlock: 'Add block',
    blockNames: {
      text: 'Text',
      submission_overview: 'Submission overview',
      button: 'Button',
      approval_buttons: 'Approval buttons',
    },
    moveBlock: (name: string, index: number) => `Drag ${name} block ${index} to reorder`,
    moveUp: (name: string, index: number) => `Move ${name} block ${index} up`,
    moveDown: (name: string, index: number) => `Move ${name} block ${index} down`,
    deleteBlock: (name: string, index: number) => `Delete ${name} block ${index}`,
    textLabel: (index: number) => `Text of block ${index}`,
    textPlaceholder: 'Write your message',
    insertVariable: 'Insert variable',
    showHidden: 'Include hidden fields',
    overviewHint: "Every answer of the submission, as the Results show it",
    buttonText: 'Button text',
    buttonLink: 'Button opens',
    buttonTypes: { edit_submission: 'Edit submission link', url: 'A web address' },
    buttonUrl: 'Web address',
    buttonStyle: 'Style',
    buttonStyles: { filled: 'Filled', outline: 'Outline', link: 'Link' },
    alignment: 'Alignment',
    alignments: { left: 'Left', center: 'Center', right: 'Right' },
    editSubmissionHint: "Opens the respondent's submission so they can change their answers",
    approvalButtonsHint: 'Approve and reject buttons, added by the approval step',
    attachments: 'Attachments',
    attachmentsHint: "Attach the files respondents upload to these questions",
    noUploadQuestions: 'This form has no file upload question',
    /** The default text of a new button block. */
    defaultButtonText: 'Edit your submission',
  },

  /** ours: the fields of an email step's output that later steps may read (`nodes.<id>.<field>`). */
  outputs: { to: 'Recipients', subject: 'Subject', messageId: 'Message ID' },

  /** ours: the node's rules beyond spec 001 §5's (paths under `email.`). */
  rules: {
    buttonTextRequired: 'Add the button text',
    buttonUrlRequired: 'Add the button web address',
    buttonUrlInvalid: 'The button web address must start with http:// or https://',
    attachmentNotAnUpload: 'Attachments must be file upload questions',
    textTooLong: (max: number) => `A text block can have at most ${max} characters`,
  },

  /** ours: what a sent email says of what it could not carry (the step's output `skipped`). */
  attachmentsTooLarge: (name: string, max: string) => `${name}: not attached, the attachments would exceed ${max}`,
  attachmentsTooMany: (name: string, max: number) => `${name}: not attached, at most ${max} files per email`,
  attachmentMissing: (name: string) => `${name}: not attached, the file is no longer available`,
  /** ours: the plain-text line of an `edit_submission` button whose link is unknown (older events, previews). */
  editLinkUnavailable: 'The edit link is sent with each submission',
} as const;
