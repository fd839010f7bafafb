/**
 * ours: the Results tab's toolbar (search, dates, status, sort), its empty state, the response drawer and the
 * summary view (`web/src/features/results/`). The spec gives none of these texts.
 */
export const results = {
  /** ours: the search box's label (it searches the answers' texts and hidden fields). */
  searchLabel: 'Search responses',
  /** ours: the search box's placeholder. */
  searchPlaceholder: 'Search answers',
  /** ours: the label of the first day of the date filter (inclusive). */
  fromLabel: 'From',
  /** ours: the label of the last day of the date filter (inclusive). */
  toLabel: 'To',
  /** ours: the status control's label. */
  statusLabel: 'Status',
  /** ours: the status of finished submissions. */
  statusFinished: 'Completed',
  /** ours: the status of respondents' saved progress (partial submissions). */
  statusInProgress: 'In progress',
  /** ours: the sort control's label. */
  sortLabel: 'Sort',
  /** ours: newest first (`sort=desc`). */
  sortNewest: 'Newest first',
  /** ours: oldest first (`sort=asc`). */
  sortOldest: 'Oldest first',
  /** ours: the empty state when the filters keep no response. */
  noMatches: 'No responses match these filters',
  /** ours: the button that resets every filter. */
  clearFilters: 'Clear filters',
  /** ours: the date filter's last day is before its first. */
  rangeInvalid: 'The last day must not be before the first',
  /** ours: the first column's header (finished submissions). */
  submittedAt: 'Submitted',
  /** ours: the first column's header and the drawer's time for responses in progress. */
  startedAt: 'Started',
  /** ours: the drawer's line with the time of the last edit (edit links). */
  lastEditedAt: 'Last edited',
  /** ours: the drawer's line with the time a response in progress was last saved. */
  lastSavedAt: 'Last saved',
  /** ours: the drawer's title. */
  drawerTitle: 'Response',
  /** ours: the accessible name of the drawer's close button. */
  closeDrawer: 'Close',
  /** ours: the drawer's heading over the questions. */
  answersHeading: 'Answers',
  /** ours: the drawer's heading over the hidden fields. */
  hiddenFieldsHeading: 'Hidden fields',
  /** ours: the drawer's heading over the calculations. */
  calculationsHeading: 'Calculations',
  /** ours: an unanswered question in the drawer. */
  noAnswer: 'No answer',
  /** ours: the accessible name of a table row, which opens its response. */
  openResponse: (time: string) => `Open the response of ${time}`,
  /** ours: the drawer's delete button. */
  deleteResponse: 'Delete response',
  /** ours: the confirmation modal's question. */
  deleteConfirm: 'Delete this response? This cannot be undone.',
  /** ours: the confirmation modal's cancel button. */
  cancel: 'Cancel',
  /** ours: the confirmation modal's confirm button. */
  confirmDelete: 'Delete',
  /** ours: the notification after a deletion. */
  deleted: 'Response deleted',
  /** ours: the title of a failed deletion's notification. */
  deleteFailed: 'Could not delete the response',
  /** ours: the answer filter's button and its dialog's title. */
  filterButton: 'Filter',
  /** ours: the answer filter's button while a filter is on (`n` comparisons). */
  filterButtonActive: (n: number) => `Filter · ${n}`,
  /** ours: the dialog's button that applies the filter. */
  applyFilter: 'Apply filter',
  /** ours: the words before the filter on now ('Showing responses where Plan equals Pro'). */
  filterShowing: 'Showing responses where',
  /** ours: the dialog's button that removes the filter. */
  removeFilter: 'Remove filter',
  /** ours: the answer filter's intro in its dialog. */
  filterHint: 'Show only the responses whose answers match.',
  /** ours: a form with nothing to filter on (no answerable question, no hidden field). */
  filterNothing: 'This form has no answers to filter on yet.',
  /** ours: a filter's comparison on a question the form's current version does not have. */
  filterUnknownQuestion: 'This question is not on the form any more',
  /** ours: a filter's comparison whose operator does not fit the question's answers. */
  filterOperator: (name: string) => `This comparison does not fit "${name}"`,
  /** ours: a filter's comparison whose value is missing or is not an answer the question takes. */
  filterValue: (name: string) => `Enter a value that "${name}" can have`,
  /** ours: a page cursor (`after`) that does not decode. */
  cursorInvalid: 'This page of results is out of date. Go back to the first page',
  /** ours: a filter that is not a condition (malformed JSON, an empty group). */
  filterMalformed: 'The filter is not valid',
  /** ours: the pager's line: which responses of how many are shown. */
  pageRange: (first: number, last: number, total: number | null) =>
    total === null ? `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}` : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  /** ours: the accessible name of the spinner shown while the responses are counted. */
  counting: 'Counting responses',
  /** ours: the pager's buttons. */
  previousPage: 'Previous page',
  nextPage: 'Next page',
  firstPage: 'First page',
  /** ours: the label of the control that switches between the table and the summary. */
  viewLabel: 'View',
  /** ours: the view of the responses one per row (the table). */
  viewResponses: 'Responses',
  /** ours: the view of a chart per question. */
  viewSummary: 'Summary',
  /** ours: the accessible name of the summary's list of questions. */
  summaryRegion: 'Summary per question',
  /** ours: a summary card's line with how many of the filtered responses answered its question. */
  answeredOf: (answered: number, total: number) => `${answered} of ${total} ${total === 1 ? 'response' : 'responses'} answered`,
  /** ours: a card whose question nobody answered (among the filtered responses). */
  noAnswers: 'No answers yet',
  /** ours: a bar's count and share: '12 · 40%'. */
  countAndPercent: (count: number, percent: number) => `${count} · ${percent}%`,
  /** ours: the spoken form of a bar: 'Pro: 12 responses, 40%'. */
  barText: (label: string, count: number, percent: number) => `${label}: ${count} ${count === 1 ? 'response' : 'responses'}, ${percent}%`,
  /** ours: the note under a question whose respondents may pick several options (percentages add up past 100). */
  severalPerResponse: 'Respondents could pick several; each share is of those who answered.',
  /** ours: the bar of answers holding options the question no longer has. */
  removedOptions: 'Removed options',
  /** ours: the average of numeric answers. */
  average: 'Average',
  /** ours: the smallest numeric answer. */
  minimum: 'Minimum',
  /** ours: the largest numeric answer. */
  maximum: 'Maximum',
  /** ours: the Net Promoter Score (promoters' share minus detractors'). */
  netPromoterScore: 'Net Promoter Score',
  /** ours: the explanation of the score, under it. */
  npsExplained: '% promoters minus % detractors',
  /** ours: the answers 9–10 of a 0–10 scale. */
  promoters: 'Promoters (9–10)',
  /** ours: the answers 7–8. */
  passives: 'Passives (7–8)',
  /** ours: the answers 0–6. */
  detractors: 'Detractors (0–6)',
  /** ours: the heading of a text question's latest answers. */
  latestAnswers: 'Latest answers',
  /** ours: the button that opens the table of responses (with the same filters). */
  seeAllResponses: 'See all responses',
  /** ours: the earliest date (time) answered. */
  earliest: 'Earliest',
  /** ours: the latest date (time) answered. */
  latest: 'Latest',
  /** ours: the accessible name of a Matrix question's table of counts. */
  matrixTable: (question: string) => `${question}: answers per row`,
  /** ours: the header of a Matrix table's first column. */
  matrixRow: 'Row',
  /** ours: the loading state of the summary. */
  loadingSummary: 'Loading the summary',
  /** ours: the title of a summary that failed to load. */
  summaryFailed: 'Could not load the summary',
} as const;
