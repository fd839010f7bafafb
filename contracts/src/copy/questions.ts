/**
 * ours: the question card's description, default answer and hidden switch (the editor), and how the editor names a
 * hidden question (`rules/defaults.ts`, `rules/rich-text.ts`). The spec names none of them.
 */
export const questions = {
  /** The button that opens a question's description, and the description editor's name and placeholder. */
  addDescription: 'Add a description',
  description: 'Description',
  descriptionPlaceholder: 'Add details, links or lists (optional)',
  /** The description editor's 'Insert an answer' button. */
  insertIntoDescription: 'Insert an earlier answer into the description',
  /** The default answer: its kinds, the fixed answer's input, the hidden field it is read from. */
  defaultValue: 'Default value',
  defaultNone: 'None',
  defaultFixed: 'A fixed answer',
  defaultFromUrlParam: 'From a hidden field',
  defaultAnswer: 'Default answer',
  defaultUrlParam: 'Hidden field',
  defaultNeedsUrlParam: 'Add a hidden field in the left panel to prefill this question from the link',
  /** What each default kind does, under the select. */
  defaultFixedHint: 'Respondents see it filled in and can change it',
  defaultUrlParamHint: (name: string) => `Filled in from ?${name}= in the form’s link; a value that does not fit is ignored`,
  /** A choice input's empty entry. */
  chooseDefault: 'Choose…',
  /** A checkbox's default states. */
  ticked: 'Ticked',
  notTicked: 'Not ticked',
  /** The hidden switch, the badge of a hidden question, and what hiding means (why Required is off). */
  hide: 'Hide this question',
  hiddenBadge: 'Hidden',
  hiddenHint: 'Respondents never see this question: its answer is its default value, and it cannot be required',
} as const;
