/**
 * Workflow runs: the runs list, a run's page, retrying a failed run, test runs (docs/architecture.md
 * "workflows-engine" → "Runs"). Spec 001 shows no runs screen: every text here is ours except where a comment names
 * the spec (the deletion's failure text is `workflows.deleteRunsFailed`, spec 001 §8).
 */
export const workflowRuns = {
  /** ours: a run id that is not a run of the workflow in the URL. */
  runNotFound: 'Run not found',
  /** ours: retrying a run that did not fail. */
  onlyFailedCanRetry: 'Only a failed run can be retried',
  /** ours, in the words of spec 001 §8's failures. */
  retryFailed: 'Had trouble retrying the run. Contact support for any help',
  /** ours, in the words of spec 001 §8's failures. */
  testRunFailed: 'Had trouble starting a test run. Contact support for any help',
  /** ours: a test run of a form nobody submitted yet. */
  noSubmissionsYet: 'This form has no submissions yet. Submit it once, then run a test',
  /** ours: a test run of a draft whose trigger is not a form submission. */
  testTriggerUnsupported: (type: string) => `Only workflows started by a form submission can be tested yet (this one starts with "${type}")`,
  /** ours: `DELETE …/workflowRuns/…` without `mode=edit` (only test runs are deleted: live runs are the record). */
  onlyTestRunsDeleted: 'Only test runs can be deleted (mode=edit)',
  /** ours: a runs page cursor that does not decode. */
  badCursor: 'This page of runs is out of date: start again from the first page',

  /** ours: the web's Runs view. */
  runsTitle: 'Runs',
  liveRuns: 'Live runs',
  testRuns: 'Test runs',
  allStatuses: 'All statuses',
  inProgress: 'In progress',
  runsToShow: 'Runs to show',
  couldNotLoadRuns: 'Could not load runs',
  couldNotLoadRun: 'Could not load this run',
  runCount: (count: number) => (count === 1 ? '1 run' : `${count} runs`),
  statusFilter: 'Status',
  runsOf: (name: string) => `Runs of ${name}`,
  noLiveRuns: 'No runs yet. Runs appear here a few seconds after someone submits the published form.',
  noTestRuns: 'No test runs yet. Use “Test run” to run the draft against a submission.',
  noRunsWithStatus: 'No runs with this status.',
  loadMore: 'Load more',
  refreshesAutomatically: 'Refreshes automatically',
  backToRuns: 'Back to runs',
  backToWorkflows: 'Back to workflows',
  viewRun: 'View run',
  viewAllRuns: 'View all runs',
  notStarted: 'Not started',
  testBadge: 'Test',
  /** ours: a run's trigger line. */
  triggerFormSubmission: 'Form submitted',
  submission: 'Submission',
  noAnswers: 'No answers',

  /** ours: the test run dialog. */
  testRun: 'Test run',
  testRunTitle: 'Run the draft as a test',
  testRunHelp:
    'Runs the saved draft of this workflow against a submission of the form. Its steps really run: emails are sent. Test runs show under “Test runs” and never count as live runs.',
  testSubmission: 'Submission to test with',
  latestSubmission: 'The latest submission',
  startTestRun: 'Start test run',
  testRunStarted: 'Test run started',

  /** ours: deleting the test runs. */
  deleteTestRuns: 'Delete test runs',
  deleteTestRunsConfirm: 'Delete every test run of this workflow? Live runs are kept. This cannot be undone.',
  testRunsDeleted: 'Test runs deleted',
  cancel: 'Cancel',

  /** ours: a run's page. */
  runTitle: 'Run',
  trigger: 'Trigger',
  triggerData: 'Trigger data',
  started: 'Started',
  finished: 'Finished',
  duration: 'Duration',
  attempts: 'Attempts',
  retries: (count: number) => (count === 1 ? 'Retried once' : `Retried ${count} times`),
  input: 'Input',
  template: 'Template',
  steps: 'Steps',
  resolvedInput: 'Input as the run read it',
  output: 'Output',
  error: 'Error',
  idempotencyKey: 'Idempotency key',
  idempotencyKeyHelp: 'The same for every attempt of this step, retries included: a receiver that has seen it already can skip the repeat.',
  copy: 'Copy',
  copied: 'Copied',
  showDetails: (step: string) => `Show details of ${step}`,
  hideDetails: (step: string) => `Hide details of ${step}`,
  notReached: 'Not run',
  retryFromStep: 'Retry from this step',
  retryStarted: 'Retrying from the failed step',
  retryAlreadyStarted: 'This run is already being retried',
  /** ours: step and run state names. */
  statusLabels: {
    queued: 'Queued',
    running: 'Running',
    waiting: 'Waiting',
    succeeded: 'Succeeded',
    failed: 'Failed',
  },
} as const;
