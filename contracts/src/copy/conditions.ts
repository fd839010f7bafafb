/**
 * Conditions (`rules/conditions.ts`): the names of their operators and the problems of a condition in a form
 * (page navigation rules, a question's `visibleIf`) or a workflow.
 */
export const conditions = {
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
} as const;
