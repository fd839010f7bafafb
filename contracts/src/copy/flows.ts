/** Forms: the home list, the editor, publishing and the public form (spec 000). */
export const flows = {
  /** spec 000 §8: form creation returned no flow. */
  hadTroubleCreatingForm: 'Had trouble creating new form',
  /** spec 000 §8, §6: a workspace that is missing or not accessible. */
  workspaceNotFound: 'Workspace not found',
  /** spec 000 §8. */
  goHome: 'Go home',
  /** ours: a flow that does not exist or is not visible to the caller. */
  flowNotFound: 'Form not found',
  /** ours: a submission that does not exist (or was deleted), or is not the form's. */
  submissionNotFound: 'Submission not found',
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
  /** ours: a text pipes a calculation (`{{calculations.<id>}}`) the form does not have. */
  pipedUnknownCalculation: 'This text shows a calculation that is not on the form',
  /** ours: a calculation's update uses a question or field whose answers are not numbers. */
  calculationNeedsNumber: 'Choose a number question or a number',
  /** ours: a calculation's update uses a calculation listed after it (calculations run in order). */
  calculationLaterCalculation: 'A calculation can only use the calculations above it',
  /** ours: the name of a calculation added in the editor, the n-th of the form (`Calculation 2`). */
  newCalculationName: (n: number) => `Calculation ${n}`,
  /** ours: how the editor names what a calculation's update does, as it reads ('Add 15', 'Multiply by Quantity'). */
  calculationOperations: { add: 'Add', subtract: 'Subtract', multiply: 'Multiply by', divide: 'Divide by', set: 'Set to' },
  /** ours: a hidden field's name that is no query parameter name (`rules/url-params.ts` `URL_PARAM_NAME_PATTERN`). */
  urlParamName: (max: number) => `Use letters, digits, _, - and . only (at most ${max})`,
  /** ours: two hidden fields read the same query parameter (`rules/url-params.ts`). */
  duplicateUrlParam: (name: string) => `There is already a hidden field named "${name}"`,
  /** ours: an id used by a hidden field and by a page or a question too. */
  duplicateTemplateId: (id: string) => `The id "${id}" is used twice in this form`,
  /** ours: a question's description (`rules/rich-text.ts`) longer than allowed, counted as text. */
  descriptionTooLong: (max: number) => `A description can have at most ${max} characters`,
  /** ours: a description's link to anything but an http, https or mailto address. */
  descriptionLinkScheme: 'Links must start with https://, http:// or mailto:',
  /** ours: a default value on a question whose type takes none (`rules/defaults.ts`). */
  defaultNotTaken: 'This type of question has no default value',
  /** ours: a default value taken from a hidden field the form does not have. */
  defaultUnknownUrlParam: 'Choose one of the form’s hidden fields',
  /** ours: a hidden question (`template.hidden`) marked required: the respondent could never answer it. */
  hiddenNotRequired: 'A hidden question is not shown, so it cannot be required',
  /** ours: the name of an ending page added in the editor, the n-th of the form (`Ending 2`). */
  extraEndingName: (n: number) => `Ending ${n}`,
} as const;
