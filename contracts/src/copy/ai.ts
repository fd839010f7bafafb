/**
 * The `ai` workflow node (spec 001 §3 template, §4 setup status, §7 "AI nodes send data to an external AI provider
 * by API, and the editor shows a notice saying so", §9 defaults): its panel, its setup status lines, its run
 * errors and the AI gallery templates' texts. The spec gives the default classifications; everything else is ours.
 */
export const ai = {
  /** The node's title on the canvas and in the add-action popover (ours). */
  title: 'AI',
  /** ours: the popover's line for the AI action. */
  description: 'Summarize, classify, write or extract with AI',
  /**
   * spec 001 §7 (the notice exists; its words are ours): shown in the AI step's editor, because the step sends data
   * to an external AI provider by API.
   */
  notice:
    'This step sends data to an external AI provider by API: the text it works on (such as the answers of a submission) leaves Formloom to be processed there.',
  /** ours: the actions (spec 001 §3 `summarize`, `classify`, `generateText`, `extractFields`). */
  actions: {
    summarize: 'Summarize',
    classify: 'Classify',
    generateText: 'Generate text',
    extractFields: 'Extract fields',
  },
  /** ours: the text choices (spec 001 §3 `textType`). */
  textTypes: {
    fullSubmission: 'The whole submission',
    custom: 'Custom text',
  },
  /** ours: the summary lengths (spec 001 §9 short, medium, long). */
  lengths: {
    short: 'Short',
    medium: 'Medium',
    long: 'Long',
  },
  /** spec 001 §3: the default classifications of a new classify action. */
  defaultClassifications: ['support ticket', 'feedback', 'feature request'],
  /** ours: the panel's labels. */
  labels: {
    action: 'Action',
    textType: 'Text to use',
    text: 'Text',
    textLength: 'Summary length',
    classifications: 'Classifications',
    classification: 'Classification',
    addClassification: 'Add classification',
    removeClassification: (title: string) => `Remove ${title || 'classification'}`,
    fields: 'Fields to extract',
    field: 'Field',
    addField: 'Add field',
    removeField: (name: string) => `Remove ${name || 'field'}`,
    prompt: 'Prompt',
    contextEnabled: 'Give the AI more context',
    context: 'Context',
  },
  /** ours: setup status lines (spec 001 §4 "needs a text choice, content, classifications, fields or a prompt"). */
  chooseAction: 'Choose what the AI should do',
  chooseText: 'Choose the text to use',
  addText: 'Add the text to use',
  addClassifications: (min: number) => `Add at least ${min} classifications`,
  nameClassification: 'Name every classification',
  repeatedClassification: (title: string) => `"${title}" is listed twice`,
  addFields: 'Add a field to extract',
  nameField: 'Name every field',
  repeatedField: (name: string) => `"${name}" is listed twice`,
  addPrompt: 'Add a prompt',
  /** ours: the descriptions of a complete AI node. */
  describeSummarize: (ofSubmission: boolean, length: string) =>
    `Summarize ${ofSubmission ? 'the submission' : 'a text'} (${length.toLowerCase()})`,
  describeClassify: (titles: readonly string[]) => `Classify as ${titles.join(', ')}`,
  describeGenerateText: 'Write text with AI',
  describeExtractFields: (names: readonly string[]) => `Extract ${names.join(', ')}`,
  /** ours: the labels of the step's outputs in the variable picker. */
  outputs: {
    summary: 'Summary',
    classification: 'Classification',
    text: 'Generated text',
  },
  /** ours: why an AI step failed. */
  notConfigured: 'AI is not configured on this server. Ask its operator to set up an AI provider.',
  providerFailed: (reason: string) => `AI provider: ${reason}`,
  emptyInput: 'There is no text to send to the AI: the text of this step is empty for this submission',
  emptyAnswer: 'The AI gave an empty answer',
  notAClassification: (answer: string, titles: readonly string[]) =>
    `The AI answered "${answer}", which is none of the classifications (${titles.join(', ')})`,
  notTheFields: 'The AI did not answer with the fields asked for',
  /** ours: a gallery template with AI steps asked for in the data region that has none (spec 001 §2). */
  notInRegion: 'AI steps are not available in your data region',
  /** ours: the texts of the AI gallery templates (spec 001 §2 `summarize_submission_and_email`, `classify_and_route`, `ai_thank_you_email`). */
  gallery: {
    summarySubject: 'New submission to {{flow.name}}',
    summaryBody: (summaryPath: string) => `Here is a summary of the new submission:\n\n{{${summaryPath}}}`,
    classifiedSubject: (classificationPath: string) => `New {{${classificationPath}}}: {{flow.name}}`,
    classifiedBody: (classificationPath: string) => `A new submission was classified as {{${classificationPath}}}.`,
    thankYouPrompt:
      'Write a short, warm thank-you note to the person who sent this form submission. Mention in one sentence what they told us. Sign off as "The team". Write only the note: no subject line, no placeholders.',
    thankYouBody: (textPath: string) => `{{${textPath}}}`,
  },
} as const;
