/**
 * Every user-facing text of the product specification, quoted verbatim, in one catalogue.
 *
 * Source: `shared/spec/000_*.txt` (spec 000) and `shared/spec/001_*.txt` (spec 001). `{product}` in the
 * spec is written as {@link PRODUCT_NAME}. Texts the spec does not give (it says "not shown") are ours and
 * are marked `ours`. Functions build the texts that carry a value.
 */

/** The product's own name, written where the spec says `{product}`. */
export const PRODUCT_NAME = 'Formloom';

export const copy = {
  flows: {
    /** spec 000 §8: form creation returned no flow. */
    hadTroubleCreatingForm: 'Had trouble creating new form',
    /** spec 000 §8, §6: a workspace that is missing or not accessible. */
    workspaceNotFound: 'Workspace not found',
    /** spec 000 §8. */
    goHome: 'Go home',
    /** ours: a flow that does not exist or is not visible to the caller. */
    flowNotFound: 'Form not found',
    /** ours: the public form of a flow that was never published. */
    flowNotPublished: 'This form is not published',
    /** ours: the public link of a closed (unpublished) form, and a submission to it. */
    formClosed: 'This form is closed and no longer accepts responses',
    /** ours: a second response from a browser to a form that takes one per browser (`oneResponsePerBrowser`). */
    alreadyResponded: 'You have already responded to this form',
    /** ours: a partial submission that does not exist, is finished, or whose token is wrong. */
    progressNotFound: 'This saved progress was not found',
    /** ours: form settings — a redirect that is not a web address. */
    redirectUrlInvalid: 'Enter a web address starting with https:// or http://',
    /** ours: form settings — a closing date that is not a date and time. */
    closesAtInvalid: 'Choose a date and time',
    /** ours: the name of a duplicated flow (then made unique in its workspace). */
    copyOfName: (name: string) => `${name} (copy)`,
    /** ours: a rename to a blank name. */
    nameRequired: 'Give the form a name',
    /** ours (docs/product-rules.md §3): publish checks, shown on the offending question or page. */
    publishNeedsQuestion: 'Add at least one question before publishing',
    publishEmptyLabel: 'This question needs a label',
    publishBlankOption: 'Choices cannot be blank',
    publishDuplicateOption: (label: string) => `"${label}" is a choice more than once`,
    publishNeedsOptions: 'Add at least one choice',
    publishNotReady: 'Fix the highlighted questions before publishing',
    /** ours: a submission that failed validation. */
    submissionInvalid: 'Some answers need your attention',
    /** ours: a client address posted this form too often (`PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX`). */
    tooManySubmissions: 'Too many submissions from your network. Please try again in a few minutes',
    /** ours: the bot challenge was missing or the provider refused its token. */
    challengeFailed: 'Please confirm you are not a robot, then submit again',
    /** ours: the template refers to a step that does not exist. */
    unknownStep: (stepId: string) => `Step "${stepId}" does not exist`,
    /** ours: two widgets share one id. */
    duplicateWidgetId: (widgetId: string) => `Question id "${widgetId}" is used more than once`,
    /** ours: an unknown widget type at save time. */
    unknownWidgetType: (type: string) => `Unknown question type "${type}"`,
    /** ours: an unknown step (page) type at save time. */
    unknownStepType: (type: string) => `Unknown page type "${type}"`,
    /** ours: a step's key in `steps` differs from its `id`. */
    stepIdMismatch: (key: string) => `Page id must equal its key "${key}"`,
    /** ours: two choices of one question share an id. */
    duplicateOptionId: (optionId: string) => `Choice id "${optionId}" is used more than once in this question`,
    /** ours: a NumberInput, CurrencyInput or DateTimePicker whose minimum is above its maximum. */
    minAboveMax: 'The minimum must not be greater than the maximum',
    /** ours: a Slider whose maximum is not above its minimum. */
    sliderRangeEmpty: 'The maximum must be greater than the minimum',
    /** ours: a Slider whose step is larger than the distance from its minimum to its maximum. */
    sliderStepTooLarge: 'The step must not be larger than the range',
    /** ours: an ImageChoice card whose image address is not an `https://` URL (saving refuses it). */
    imageUrlNotHttps: 'Enter an image address starting with https://',
    /** ours: publishing an ImageChoice card without an image. */
    publishNeedsImage: 'Add an image to this choice',
    /** ours: publishing a MultiSelect whose minimum of selections is more than its choices. */
    minSelectionsAboveOptions: 'The minimum is more than the number of choices',
    /** ours: an Address question whose default country is no ISO 3166-1 alpha-2 code. */
    unknownCountry: (code: string) => `"${code}" is not a country code`,
    /** ours: a Statement marked required (a statement takes no answer). */
    statementNotRequired: 'A statement takes no answer, so it cannot be required',
    /** ours: a CurrencyInput bound with more decimals than its currency has (`JPY` 0, the others 2). */
    amountDecimals: (currency: string, digits: number) =>
      digits === 0 ? `${currency} amounts have no decimals` : `${currency} amounts have at most ${digits} decimals`,
    /** ours: the template has more pages than allowed. */
    tooManySteps: (max: number) => `A form can have at most ${max} pages`,
    /** ours: a page has more questions than allowed. */
    tooManyWidgets: (max: number) => `A page can have at most ${max} questions`,
    /** ours: the name of the n-th page of a new form (`Page 1`). */
    pageName: (n: number) => `Page ${n}`,
    /** ours: the blank template's ending page (name, title, body). */
    endingName: 'Thank you',
    endingTitle: 'Thanks!',
    endingBody: "We've received your submission.",
    /** ours: a text pipes (`{{answers.<id>}}`, `rules/piping.ts`) the answer to a question the form does not have. */
    pipedUnknownQuestion: 'This text shows the answer to a question that is not on the form',
    /** ours: a question's label pipes the answer to a question asked after it (or on a page that cannot come before). */
    pipedLaterQuestion: 'This text shows the answer to a question that is not asked before it',
    /** ours: a hidden field's name that is no query parameter name (`rules/url-params.ts` `URL_PARAM_NAME_PATTERN`). */
    urlParamName: (max: number) => `Use letters, digits, _, - and . only (at most ${max})`,
    /** ours: two hidden fields read the same query parameter (`rules/url-params.ts`). */
    duplicateUrlParam: (name: string) => `There is already a hidden field named "${name}"`,
    /** ours: an id used by a hidden field and by a page or a question too. */
    duplicateTemplateId: (id: string) => `The id "${id}" is used twice in this form`,
    /** ours: the name of an ending page added in the editor, the n-th of the form (`Ending 2`). */
    extraEndingName: (n: number) => `Ending ${n}`,
  },
  /** ours: answer validation messages shown next to a question, on the public form and in 400 details. */
  answers: {
    required: 'This question is required',
    invalidEmail: 'Please enter a valid email address',
    invalidUrl: 'Please enter a valid URL',
    invalidPhone: 'Please enter a valid phone number',
    invalidNumber: 'Please enter a number',
    numberTooSmall: (min: number) => `Please enter a number of at least ${min}`,
    numberTooLarge: (max: number) => `Please enter a number of at most ${max}`,
    invalidOption: 'Please choose one of the options',
    invalidDate: 'Please enter a valid date',
    invalidRating: (max: number) => `Please choose a rating from 1 to ${max}`,
    invalidText: 'Please enter text',
    textTooLong: (max: number) => `Please enter at most ${max} characters`,
    invalidBoolean: 'Please check or uncheck the box',
    unknownQuestion: 'This question is not on the form',
    /** ours: the answers are not an object keyed by question id. */
    notAnObject: 'Answers must be an object keyed by question id',
    /** ours: a Checkboxes or Ranking answer that names one choice twice. */
    duplicateOption: 'Please choose each option at most once',
    /** ours: an OpinionScale answer outside its scale (`0`–`10` by default). */
    outOfScale: (start: number, end: number) => `Please choose a number from ${start} to ${end}`,
    /** ours: a Slider answer between the slider's positions (`step` apart, counted from `min`). */
    offStep: (step: number, min: number) => `Please choose a value in steps of ${step} from ${min}`,
    /** ours: a TimePicker answer that is not `HH:MM` (24 h). */
    invalidTime: 'Please enter a valid time',
    /** ours: a DateTimePicker answer that is not `YYYY-MM-DDTHH:MM`. */
    invalidDateTime: 'Please enter a valid date and time',
    /** ours: a DateTimePicker answer before its earliest (`earliest` as it reads: 'March 5, 2026 at 9:00 AM'). */
    dateTimeTooEarly: (earliest: string) => `Please choose ${earliest} or later`,
    /** ours: a DateTimePicker answer after its latest. */
    dateTimeTooLate: (latest: string) => `Please choose ${latest} or earlier`,
    /** ours: a CurrencyInput answer with more decimals than its currency has. */
    amountDecimals: (digits: number) => (digits === 0 ? 'Please enter a whole amount' : `Please enter at most ${digits} decimal places`),
    /** ours: a CurrencyInput answer below its minimum (`amount` as it reads: 'USD 10.00'). */
    amountTooSmall: (amount: string) => `Please enter at least ${amount}`,
    /** ours: a CurrencyInput answer above its maximum. */
    amountTooLarge: (amount: string) => `Please enter at most ${amount}`,
    /** ours: a required Matrix with a row left unanswered. */
    matrixIncomplete: 'Please answer every row',
    /** ours: a Ranking answer that leaves options out. */
    rankingIncomplete: 'Please rank every option',
    /** ours: a MultiSelect answer with fewer options than its `minSelections`. */
    tooFewSelections: (min: number) => `Please choose at least ${min} ${min === 1 ? 'option' : 'options'}`,
    /** ours: a MultiSelect answer with more options than its `maxSelections`. */
    tooManySelections: (max: number) => `Please choose at most ${max} ${max === 1 ? 'option' : 'options'}`,
    /** ours: an Address answer that is not an object of texts. */
    invalidAddress: 'Please enter an address',
    /** ours: an Address answer without a country, or with a code that is no ISO 3166-1 alpha-2 country. */
    invalidCountry: 'Please choose a country',
    /** ours: an Address answer with a required part left blank (`part`: one of {@link copy.answers.addressPartNames}). */
    addressPartMissing: (part: string) => `Please enter the ${part}`,
    /** ours: an Address answer with a part longer than allowed. */
    addressPartTooLong: (part: string, max: number) => `Please enter at most ${max} characters for the ${part}`,
    /** ours: the parts of an address as the messages above name them. */
    addressPartNames: {
      street: 'street address',
      line2: 'second address line',
      city: 'city',
      state: 'state or province',
      postalCode: 'postal code',
      country: 'country',
    },
    /** ours: the labels of an Address question's fields on the public form. */
    addressFieldLabels: {
      street: 'Street address',
      line2: 'Apartment, suite, etc.',
      city: 'City',
      state: 'State / Province',
      postalCode: 'Postal code',
      country: 'Country',
    },
  },
  /**
   * Conditions (`rules/conditions.ts`): the names of their operators and the problems of a condition in a form
   * (page navigation rules, a question's `visibleIf`) or a workflow.
   */
  conditions: {
    /**
     * spec 001 §5 "Filter conditions" (equals, does not equal, equals (case non-sensitive), contains, less than,
     * greater than, is empty, is not empty) and the AI filter's (in, not in, less than or equal, greater than or
     * equal); 'does not contain' is ours.
     */
    operators: {
      equals: 'equals',
      notEquals: 'does not equal',
      equalsIgnoreCase: 'equals (case non-sensitive)',
      contains: 'contains',
      notContains: 'does not contain',
      lt: 'less than',
      lte: 'less than or equal',
      gt: 'greater than',
      gte: 'greater than or equal',
      in: 'in',
      notIn: 'not in',
      isEmpty: 'is empty',
      isNotEmpty: 'is not empty',
    },
    /** ours: the orderings' names for dates, times and dates with times (a day is before another, not less). */
    timeOperators: {
      lt: 'is before',
      lte: 'is on or before',
      gt: 'is after',
      gte: 'is on or after',
    },
    /** ours: how a Checkbox answer reads in a condition ('Consent is checked'). */
    is: 'is',
    checked: 'checked',
    /** ours: how an unticked Checkbox answer reads in a condition. */
    notChecked: 'not checked',
    /** ours: the words joining the conditions of an `and` group and of an `or` group. */
    and: 'and',
    or: 'or',
    /** ours: a comparison whose question is not chosen (or no longer on the form), in words. */
    missingQuestion: 'a question not on the form',
    /** ours: an `and`/`or` group without conditions. */
    emptyGroup: 'Add at least one condition',
    /** ours: a condition whose first value is not a question's answer. */
    needsQuestion: 'Choose a question for this condition',
    /** ours: a condition on a question id the form does not have. */
    unknownQuestion: 'This condition refers to a question that is not on the form',
    /** ours: a condition on a question the respondent cannot have answered yet (later on the page, a later page). */
    laterQuestion: 'This condition refers to a question that is not asked before it',
    /** ours: an operator that does not fit the question's answers (spec 001 §5: number keys take no text operators). */
    operatorNotAllowed: (operator: string) => `"${operator}" cannot be used with this question`,
    /** ours: a comparison without a value to compare with. */
    needsValue: 'Enter a value for this condition',
    /** ours: a number question compared with something that is not a number. */
    needsNumber: 'Enter a number for this condition',
    /** ours: a date question compared with something that is not a date. */
    needsDate: 'Enter a date (YYYY-MM-DD) for this condition',
    /** ours: a time question compared with something that is not a time. */
    needsTime: 'Enter a time (HH:MM) for this condition',
    /** ours: a date-and-time question compared with something that is not one. */
    needsDateTime: 'Enter a date and time (YYYY-MM-DDTHH:MM) for this condition',
    /** ours: a choice question compared with an id that is none of its choices. */
    unknownOption: (value: string) => `"${value}" is not a choice of this question`,
    /** ours: groups nested deeper than `MAX_CONDITION_DEPTH`. */
    tooDeep: (max: number) => `Conditions can be nested at most ${max} levels deep`,
  },
  /**
   * Uploaded files: FileUpload and Signature questions (`answers/file-upload.ts`, `answers/signature.ts`), the upload
   * and download calls (`api/flows/uploads.ts`) and the public form's renderers. spec 000 §5 gives 'File is too
   * large' and the 'Expected PDF, doc, docx' pattern; the rest is ours.
   */
  uploads: {
    /** spec 000 §5 (PDF upload), with the largest size allowed (`max`: '10 MB'). */
    fileTooLarge: (max: string) => `File is too large. Files can be up to ${max}`,
    /** spec 000 §5 ('Expected PDF, doc, docx'): the extensions a question takes (`list`: 'pdf, doc, docx'). */
    expectedTypes: (list: string) => `Expected ${list}`,
    /** ours: a file whose first bytes are not those of its extension's type (a `.png` that is no PNG). */
    contentMismatch: 'The file’s content does not match its type',
    /** ours: a file of 0 bytes. */
    emptyFile: 'The file is empty',
    /** ours: an upload request without a file, or with more than one. */
    oneFileNeeded: 'Send exactly one file',
    /** ours: an upload for a question that takes no files. */
    notAFileQuestion: 'This question does not take files',
    /** ours: a download (or an answer) naming an upload that does not exist for this form. */
    fileNotFound: 'File not found',
    /** ours: an answer naming a file uploaded for another question of the form. */
    otherQuestionsFile: 'This file was uploaded for another question',
    /** ours: an answer naming a file another response already sent. */
    alreadyUsed: 'This file was already sent with another response. Please upload it again',
    /** ours: `POST /admin/fileupload` without a valid flow id header. */
    flowIdRequired: 'Name the form in the x-flow-id header',
    /** ours: public uploads over `PUBLIC_UPLOADS_PER_ADDRESS_MAX`. */
    tooManyUploads: 'Too many uploads from your network. Please try again in a few minutes',
    /** ours: a FileUpload question listing an extension twice (saving refuses it). */
    duplicateExtension: (extension: string) => `"${extension}" is listed more than once`,
    /** ours: a FileUpload answer with more files than the question takes. */
    tooManyFiles: (max: number) => `Please upload at most ${max} ${max === 1 ? 'file' : 'files'}`,
    /** ours: an answer whose file reference is malformed (not one the upload call returned). */
    invalidFile: 'Please upload the file again',
    /** ours: the text of a signed Signature answer (results, export, email). */
    signed: 'Signed',
    /** ours: the public form's drop zone and file list. */
    chooseFile: 'Choose a file',
    chooseFiles: 'Choose files',
    dropHint: 'or drop it here',
    dropHintMany: 'or drop them here',
    uploading: 'Uploading…',
    uploadFailed: 'The upload failed. Please try again',
    remove: (name: string) => `Remove ${name}`,
    /** ours: the hint under a FileUpload question (`types`: 'pdf, doc, docx' or 'any type'; `max`: '10 MB'). */
    limitsHint: (types: string, max: string, files: number) =>
      `${types === '' ? 'Any type' : types}, up to ${max}${files > 1 ? ` each, at most ${files} files` : ''}`,
    /** ours: the Signature renderer. */
    drawHint: 'Draw your signature in the box',
    clear: 'Clear',
    typeInstead: 'Type your name instead',
    drawInstead: 'Draw instead',
    typedName: 'Your name',
    signatureSaved: 'Signature saved',
    /** ours: the preview of the editor, which uploads nothing. */
    previewOnly: 'Preview: files are not uploaded',
  },
  defaultNames: {
    /** spec 000 §9 default names. */
    newForm: 'New form',
    myForm: 'My form',
    myQuiz: 'My quiz',
    paymentForm: 'Payment form',
    serviceForm: (service: string) => `My ${service} form`,
  },
  auth: {
    /** docs/product-rules.md §4: a wrong email/password pair. */
    invalidCredentials: 'Invalid email or password',
    /** ours. */
    emailTaken: 'An account with this email already exists',
    /** ours (rule: docs/product-rules.md §4, at least 8 characters). */
    passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
    /** ours. */
    signInRequired: 'Please sign in',
    /** ours. */
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again',
    /** ours: a limit counted over an hour (sign-ups per address, login attempts per account). */
    tooManyAttemptsLater: 'Too many attempts. Please try again later',
    /**
     * ours (OWASP ASVS 2.1.7, NIST SP 800-63B §5.1.1.2): a new password that is common, breached or too easy
     * to guess.
     */
    passwordTooWeak: 'This password is too easy to guess. Try a longer phrase of a few unrelated words',
    /** ours (ASVS 2.1.7, context-specific words): a new password built from the user's name or email address. */
    passwordContainsPersonalInfo: 'Your password must not be based on your name or email address',
    /** ours: the ids `home` and `trash` are reserved (spec 000 §2). */
    reservedWorkspaceId: 'This workspace name is reserved',
    /** ours. */
    adminOnly: 'Only admins can do this',
    /** ours. */
    writeAccessRequired: 'You need write access to this workspace',
    /** ours: the name of the organization created at sign-up, after the user's first name ("Ada's organization"). */
    organizationName: (firstName: string) => `${firstName}'s organization`,
    /** ours: the name of the first workspace created at sign-up. */
    defaultWorkspaceName: 'My workspace',
    /** ours: `POST /admin/members` names an email that is not a user of the admin's organization. */
    memberNotFound: 'No user with this email in your organization',
    /** ours: an organization id that does not exist (internal route). */
    organizationNotFound: 'Organization not found',
    /** ours: the subject of the address confirmation mail. */
    verifyEmailSubject: (product: string) => `Confirm your email address for ${product}`,
    /** ours: the address confirmation mail's text (plain; the HTML version adds a button). */
    verifyEmailText: (firstName: string, link: string, hours: number) =>
      `Hi ${firstName},\n\nConfirm your email address by opening this link:\n${link}\n\nThe link works for ${hours} hours. If you did not sign up, ignore this email.`,
    /** ours: a confirmation link that is unknown, used, expired, or for an address the user no longer has. */
    verificationLinkInvalid: 'This confirmation link is invalid or has expired. Ask for a new one',
    /** ours: `POST /auth/verifyEmail/resend` for an address already confirmed. */
    emailAlreadyVerified: 'Your email address is already confirmed',
    /** ours: the banner for a signed-in user whose address is not confirmed yet. */
    verifyEmailBanner: (email: string) => `Confirm your email address: we sent a link to ${email}.`,
    /** ours: the toast after a new confirmation link was sent. */
    verificationSent: (email: string) => `A new confirmation link was sent to ${email}`,
    /** ours: the confirmation page after success. */
    emailVerified: 'Your email address is confirmed',
  },
  roles: {
    /** spec 000 §6. */
    limitedAccessBadge: 'Limited access',
    readTooltip:
      'You have limited access to this workspace. Ask an admin to upgrade your access if you wish to create or edit forms.',
    limitedTooltip:
      'You have limited access to this workspace. Ask an admin to upgrade your access if you wish to create or view all forms.',
  },
  workflows: {
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
  },
  /**
   * ours: the titles of the gallery templates (spec 001 §2 lists their ids, not their titles); a workflow created
   * from one is named after it (spec 000 §7 "a name (the template title)").
   */
  galleryTitles: {
    thank_you_email: 'Thank you email',
    email_with_delay: 'Email after a delay',
    approve_or_reject: 'Approve or reject',
    assign_task: 'Assign a task',
    scheduling_reminder_email_host: 'Email the host before an event',
    scheduling_reminder_slack_host: 'Slack the host before an event',
    scheduling_reminder_email_invitee: 'Email the invitee before an event',
    email_form_abandonment: 'Email when a form is abandoned',
    slack_message_form_abandonment: 'Slack message when a form is abandoned',
    email_with_filter: 'Email when answers match',
    summarize_submission_and_email: 'Summarize a submission and email it',
    classify_and_route: 'Classify and route',
    ai_thank_you_email: 'AI thank-you email',
  },
  email: {
    /** spec 001 §9 defaults of the thank-you email. */
    defaultSubject: 'Thank you for your submission',
    defaultBodyGreeting: 'Hi there',
    defaultBodyLine: "We've received your submission and will be in touch shortly",
    defaultSenderName: 'Notifications',
  },
  toasts: {
    /** spec 000 §8 toasts. */
    copiedToClipboard: 'Copied to clipboard!',
    comingSoon: (type: string) => `Coming soon: ${type}`,
    timezoneUpdated: 'Successfully updated timezone',
  },
  errors: {
    /** ours: generic texts of the one error format. */
    validation: 'The request is not valid',
    malformedJson: 'The request body is not valid JSON',
    payloadTooLarge: 'The request body is too large',
    notFound: 'Not found',
    internal: 'Something went wrong on our side. Please try again',
    unavailable: 'The service is temporarily unavailable',
    /** A rate limit without a text of its own (kit `rate-limit.ts`). */
    rateLimited: 'Too many requests. Please try again later',
    /** ours: the HTTP edge (`services/kit/src/http.ts`, `gateway/src/origin-check.ts`). */
    unsupportedMediaType: 'The request body must be JSON (Content-Type: application/json)',
    /** ours: an upload endpoint's body that is not `multipart/form-data`. */
    multipartExpected: 'The request body must be a file upload (Content-Type: multipart/form-data)',
    crossOriginRefused: 'This request came from another website and was refused',
    invalidCharacter: 'The request contains a character that is not allowed (U+0000 or an unpaired surrogate)',
    nestedTooDeeply: (maxDepth: number) => `The request body is nested more than ${maxDepth} levels deep`,
    unsafePath: 'The request path is not allowed',
    requestTimeout: 'The request took too long to arrive',
    headersTooLarge: 'The request headers are too large',
    badRequest: 'The request could not be read',
  },
  /** ours: generic texts for schema errors (zod issues mapped to `{path, message}` details). */
  validation: {
    required: 'This field is required',
    expected: (what: string) => `Expected ${what}`,
    notEmpty: 'This field must not be empty',
    tooShort: (min: number) => `Must be at least ${min} characters`,
    tooLong: (max: number) => `Must be at most ${max} characters`,
    tooFewItems: (min: number) => `Must have at least ${min} items`,
    tooManyItems: (max: number) => `Must have at most ${max} items`,
    invalidValue: 'This value is not valid',
  },
} as const;
