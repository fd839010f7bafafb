/** The workflow triggers' texts (spec 001 §2 trigger picker, §4 trigger completeness; ours where marked). */
export const workflowTriggers = {
  /** spec 001 §2 "Trigger picker": the five form triggers, in the spec's order. */
  names: {
    formSubmission: 'Form submitted',
    eventCanceled: 'Event canceled',
    eventRescheduled: 'Event rescheduled',
    beforeEventStarts: 'Before event starts',
    formAbandoned: 'Form abandoned',
    /** ours: the app builder's trigger (hidden from the picker). */
    ziteExecution: 'Execution',
  },
  /** ours: one line per trigger for the picker. */
  descriptions: {
    formSubmission: 'Runs each time someone submits the form',
    eventCanceled: 'Runs when an invitee or host cancels a booked event',
    eventRescheduled: 'Runs when a booked event moves to another time',
    beforeEventStarts: 'Runs a set time before each booked event starts',
    formAbandoned: 'Runs when someone starts the form and leaves without submitting',
    ziteExecution: 'Runs when the app calls it',
  },
  /** spec 001 §4: a complete formAbandoned trigger reads 'N units after form abandoned'. */
  abandonedAfter: (duration: string) => `${duration} after form abandoned`,
  /** ours: a complete beforeEventStarts trigger. */
  beforeEvent: (duration: string) => `${duration} before the event starts`,
  /** ours: complete eventCanceled / eventRescheduled triggers. */
  whenEventCanceled: 'When an event is canceled',
  whenEventRescheduled: 'When an event is rescheduled',
  /** ours: a complete ziteExecution trigger. */
  whenExecuted: 'When the app runs this workflow',
  /** ours (spec 001 §5 "time before event and time until abandoned must be above 0"). */
  timeAboveZero: 'Enter a time above 0',
  /** ours: no unit chosen. */
  chooseUnits: 'Choose minutes, hours or days',
  /** ours (spec 001 §5 "Event-based triggers require a scheduling page"). */
  chooseSchedulingPage: 'Choose a scheduling page',
  /** ours: the form has no scheduling page to choose. */
  noSchedulingPages: 'This form has no scheduling page yet',
  /** ours: a wait longer than MAX_WAIT_DAYS. */
  timeTooLong: (days: number) => `Choose a time of at most ${days} days`,
  /** ours: the read-only inputs view of ziteExecution (spec 001 §3 "the edit view lists the input names read-only"). */
  inputs: 'Inputs',
  noInputs: 'This workflow takes no inputs',
  /** ours: a time-based trigger's run that was not sent because the respondent finished the form meanwhile. */
  formFinishedMeanwhile: 'The form was finished before the trigger was due',
} as const;
