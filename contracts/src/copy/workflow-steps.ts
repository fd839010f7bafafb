/**
 * The workflow's flow-control steps — delay, filter and branch (spec 001 §3 templates, §4 setup status, §5 Done
 * buttons): their status lines, their rules' messages, their step outputs and their editor panels. The spec gives
 * the unit names (§9 "Delay units: minutes, hours, days") and the operator names (`copy.conditions.operators`);
 * every other text here is ours.
 */
export const workflowSteps = {
  delay: {
    /** ours: the card's and panel's title. */
    title: 'Delay',
    /** spec 001 §9: the delay units (plural), as the unit picker names them. */
    units: { minutes: 'minutes', hours: 'hours', days: 'days' },
    /** ours: one of a unit ('Wait 1 hour'). */
    unit: { minutes: 'minute', hours: 'hour', days: 'day' },
    /** ours: a complete delay's status line (spec 001 §4 "complete once a delay and units exist"): 'Wait 30 minutes'. */
    description: (amount: string, unit: string) => `Wait ${amount} ${unit}`,
    /** ours: the delay is missing, not a number, or not above 0. */
    delayRequired: 'Enter a delay greater than 0',
    /** ours: no unit is chosen. */
    unitsRequired: 'Choose minutes, hours or days',
    /** ours: a delay longer than `MAX_WAIT_DAYS`. */
    tooLong: (days: number) => `A delay can be at most ${days} days`,
    /** ours: the panel's fields and its note. */
    delayLabel: 'Wait for',
    unitsLabel: 'Units',
    note: 'The next step runs once this time has passed. A day is 24 hours.',
    /** ours: the output field later steps may read (`nodes.<id>.until`). */
    untilField: 'Waited until',
    /** ours: the add-action popover's line. */
    popover: 'Wait before the next step',
  },
  filter: {
    /** ours: the card's and panel's title. */
    title: 'Filter',
    /** ours: a filter without any condition (spec 001 §4 "complete when a condition is set"). */
    conditionRequired: 'Add a condition',
    /** ours: a complete filter's status line. */
    description: (count: number, mode: 'and' | 'or') =>
      count === 1
        ? 'Continue only if 1 condition is met'
        : `Continue only if ${mode === 'and' ? 'all' : 'any'} of ${count} conditions are met`,
    /** ours: the step output of a run the filter stopped (a successful end, not a failure). */
    stopped: 'Stopped by filter',
    /** ours: the step output of a run the filter let through. */
    passed: 'Condition met',
    /** ours: the panel's heading and note. */
    label: 'Only continue if',
    note: 'When the conditions are not met, the run stops here. That is not an error: the run shows "Stopped by filter".',
    /** ours: the add-action popover's line. */
    popover: 'Continue only when conditions are met',
  },
  branch: {
    /** ours: the card's and panel's title. */
    title: 'Branch',
    /** ours: the name of the n-th branch (1-based); branch names label the canvas's edges (spec 001 §2). */
    defaultName: (n: number) => `Branch ${n}`,
    /** ours: the edge a run takes when no branch's conditions are met (the node's own `nextNodeId`). */
    otherwise: 'Otherwise',
    /** spec 001 §4 "shows the branch count": '2 branches'. */
    description: (count: number) => (count === 1 ? '1 branch' : `${count} branches`),
    /** ours: a branch whose condition is empty (spec 001 §4 "incomplete if any branch condition is empty"). */
    conditionRequired: (name: string) => `Add a condition to ${name}`,
    /** ours: a branch step without branches. */
    branchesRequired: 'Add at least one branch',
    /** ours: more than `MAX_BRANCHES`. */
    tooMany: (max: number) => `A branch step can have at most ${max} branches`,
    /** ours: a blank branch name. */
    nameRequired: 'Name this branch',
    /** ours: two branches of one step share a name (names label the edges). */
    duplicateName: 'A branch with this name already exists',
    /** ours: the step output when no branch matched. */
    noneMatched: 'No branch matched',
    /** ours: the output field later steps may read (`nodes.<id>.branch`). */
    branchField: 'Branch taken',
    /** ours: the panel's note, buttons and names. */
    note: 'Branches are checked in order: the run takes the first branch whose conditions are met. When none is met, it takes "Otherwise", or stops when nothing follows "Otherwise".',
    addBranch: 'Add branch',
    removeBranch: (name: string) => `Remove ${name}`,
    moveUp: (name: string) => `Move ${name} up`,
    moveDown: (name: string) => `Move ${name} down`,
    nameLabel: 'Branch name',
    /** ours: the add-action popover's line. */
    popover: 'Take a different path depending on conditions',
  },
  /** ours: a comparison of a workflow condition that does not say what it compares. */
  needsSubject: 'Choose what this condition compares',
  /** ours: a condition editor with nothing to compare (a form without questions, no earlier step with outputs). */
  conditionSourcesEmpty: 'There is nothing to compare yet: add questions to the form first.',
} as const;
