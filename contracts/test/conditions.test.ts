/** `rules/conditions.ts`: what each operator means for each answer shape, and that evaluation never throws. */
import fc from 'fast-check';
import { MAX_CONDITION_DEPTH } from '../src/limits';
import type { LogicContext } from '../src/logic';
import { Condition as ConditionSchema } from '../src/logic-schemas';
import {
  answerKindOf,
  CONDITION_OPERATORS,
  conditionLeaves,
  evaluateCondition,
  operatorsFor,
  type Condition,
} from '../src/rules/conditions';
import { takesAnswer, WIDGET_TYPES } from '../src/widgets/registry';
import { q } from './logic-forms';

const holds = (condition: unknown, answers: Record<string, unknown>, extra: Omit<LogicContext, 'answers'> = {}) =>
  evaluateCondition(condition, { ...extra, answers });

/** [what, condition, answers, expected] */
type Case = [string, Condition, Record<string, unknown>, boolean];

describe('equals, notEquals, equalsIgnoreCase', () => {
  it.each<Case>([
    ['text equal to the letter', { equals: [q('name'), 'Ada'] }, { name: 'Ada' }, true],
    ['text with a trailing space typed', { equals: [q('name'), 'Ada'] }, { name: ' Ada  ' }, true],
    ['text of another case', { equals: [q('name'), 'Ada'] }, { name: 'ada' }, false],
    ['text ignoring case', { equalsIgnoreCase: [q('name'), 'Ada'] }, { name: ' ADA' }, true],
    ['other text ignoring case', { equalsIgnoreCase: [q('name'), 'Ada'] }, { name: 'Adam' }, false],
    ['a number and a number text', { equals: [q('age'), '7'] }, { age: 7 }, true],
    ['a number text answer and a number', { equals: [q('age'), 7] }, { age: '7.0' }, true],
    ['two different numbers', { equals: [q('age'), 7] }, { age: 8 }, false],
    ['a number and words', { equals: [q('age'), 7] }, { age: 'seven' }, false],
    ['a star rating', { equals: [q('stars'), 5] }, { stars: 5 }, true],
    ['a checked box and true', { equals: [q('agree'), true] }, { agree: true }, true],
    ['a checked box and "true"', { equals: [q('agree'), 'true'] }, { agree: true }, true],
    ['an unchecked box and true', { equals: [q('agree'), true] }, { agree: false }, false],
    ['an option id', { equals: [q('plan'), 'pro'] }, { plan: 'pro' }, true],
    ['an option id of another case', { equals: [q('plan'), 'pro'] }, { plan: 'PRO' }, false],
    ['the same options in another order', { equals: [q('tags'), ['b', 'a']] }, { tags: ['a', 'b'] }, true],
    ['one option and a lone value', { equals: [q('tags'), 'a'] }, { tags: ['a'] }, true],
    ['two options and one of them', { equals: [q('tags'), 'a'] }, { tags: ['a', 'b'] }, false],
    ['the same calendar day', { equals: [q('day'), '2026-03-05'] }, { day: '2026-03-05' }, true],
    ['an unanswered question and ""', { equals: [q('name'), ''] }, {}, true],
    ['an unanswered question and a value', { equals: [q('name'), 'Ada'] }, {}, false],
    ['two answers', { equals: [q('email'), q('confirm')] }, { email: 'a@b.co', confirm: 'a@b.co' }, true],
    ['another value than the answer', { notEquals: [q('plan'), 'pro'] }, { plan: 'free' }, true],
    ['the answer itself', { notEquals: [q('plan'), 'pro'] }, { plan: 'pro' }, false],
    ['an unanswered question is not "pro"', { notEquals: [q('plan'), 'pro'] }, {}, true],
  ])('%s', (_what, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });
});

describe('contains, notContains', () => {
  it.each<Case>([
    ['text holding the word in another case', { contains: [q('msg'), 'refund'] }, { msg: 'I want a Refund now' }, true],
    ['text without the word', { contains: [q('msg'), 'refund'] }, { msg: 'thanks' }, false],
    ['chosen options including the value', { contains: [q('tags'), 'c'] }, { tags: ['a', 'c'] }, true],
    ['chosen options without the value', { contains: [q('tags'), 'b'] }, { tags: ['a', 'c'] }, false],
    ['chosen options including every value', { contains: [q('tags'), ['a', 'c']] }, { tags: ['c', 'b', 'a'] }, true],
    ['chosen options missing one value', { contains: [q('tags'), ['a', 'b']] }, { tags: ['a', 'c'] }, false],
    ['an unanswered question', { contains: [q('tags'), 'a'] }, {}, false],
    ['an empty value (incomplete)', { contains: [q('msg'), ''] }, { msg: 'anything' }, false],
    ['options without the value', { notContains: [q('tags'), 'b'] }, { tags: ['a'] }, true],
    ['options with the value', { notContains: [q('tags'), 'a'] }, { tags: ['a'] }, false],
    ['an unanswered question does not contain', { notContains: [q('tags'), 'b'] }, {}, true],
    ['notContains with an empty value (incomplete)', { notContains: [q('msg'), ' '] }, { msg: 'x' }, false],
  ])('%s', (_what, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });
});

describe('lt, lte, gt, gte', () => {
  it.each<Case>([
    ['a smaller number', { lt: [q('n'), 10] }, { n: 5 }, true],
    ['an equal number is not less', { lt: [q('n'), 10] }, { n: 10 }, false],
    ['an equal number is at most', { lte: [q('n'), 10] }, { n: 10 }, true],
    ['a number typed as text', { gt: [q('n'), 9] }, { n: '12' }, true],
    ['numbers, not text order', { gt: [q('n'), '9'] }, { n: 12 }, true],
    ['negative and decimal numbers', { lt: [q('n'), -0.5] }, { n: -1.25 }, true],
    ['words do not compare', { gt: [q('n'), 1] }, { n: 'many' }, false],
    ['a star rating of at least 4', { gte: [q('stars'), 4] }, { stars: 4 }, true],
    ['a day before another', { lt: [q('day'), '2026-03-01'] }, { day: '2026-02-28' }, true],
    ['a day after the end of February', { gt: [q('day'), '2024-02-28'] }, { day: '2024-02-29' }, true],
    ['the same day is at least itself', { gte: [q('day'), '2026-03-01'] }, { day: '2026-03-01' }, true],
    ['a day across years', { lt: [q('day'), '2026-01-01'] }, { day: '2025-12-31' }, true],
    ['a date that is no calendar day', { lt: [q('day'), '2026-03-01'] }, { day: '2026-02-30' }, false],
    ['a date and a number', { lt: [q('day'), 2027] }, { day: '2026-03-01' }, false],
    ['a time before another', { lt: [q('at'), '10:00'] }, { at: '09:30' }, true],
    ['a date with a time before another', { lt: [q('at'), '2026-03-01T10:00'] }, { at: '2026-03-01T09:59' }, true],
    ['a date with a time and a date', { lt: [q('at'), '2026-03-02'] }, { at: '2026-03-01T09:00' }, false],
    ['an unanswered question is not less', { lt: [q('n'), 5] }, {}, false],
    ['an unanswered question is not greater', { gt: [q('n'), 5] }, {}, false],
    ['chosen options do not compare', { gt: [q('tags'), 0] }, { tags: ['a'] }, false],
    ['booleans do not compare', { gt: [q('agree'), 0] }, { agree: true }, false],
  ])('%s', (_what, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });
});

describe('in, notIn', () => {
  it.each<Case>([
    ['an option in the list', { in: [q('plan'), ['pro', 'team']] }, { plan: 'pro' }, true],
    ['an option not in the list', { in: [q('plan'), ['pro', 'team']] }, { plan: 'free' }, false],
    ['an unanswered question is in no list', { in: [q('plan'), ['pro']] }, {}, false],
    ['an unanswered question is not in the list', { notIn: [q('plan'), ['pro']] }, {}, true],
    ['some chosen option in the list', { in: [q('tags'), ['x', 'y']] }, { tags: ['a', 'x'] }, true],
    ['no chosen option in the list', { notIn: [q('tags'), ['x']] }, { tags: ['a', 'b'] }, true],
    ['a chosen option in the list is not "not in"', { notIn: [q('tags'), ['x']] }, { tags: ['x'] }, false],
    ['a rating among numbers', { in: [q('stars'), [4, 5]] }, { stars: '4' }, true],
    ['a list given by another answer', { in: [q('plan'), q('offered')] }, { plan: 'a', offered: ['a', 'b'] }, true],
    ['an empty list (incomplete)', { in: [q('plan'), []] }, { plan: 'a' }, false],
    ['an empty list, negated (incomplete)', { notIn: [q('plan'), ['', null]] }, { plan: 'a' }, false],
  ])('%s', (_what, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });
});

describe('isEmpty, isNotEmpty', () => {
  it.each<[string, unknown, boolean]>([
    ['no answer', undefined, true],
    ['null', null, true],
    ['""', '', true],
    ['spaces only', '   ', true],
    ['no chosen option', [], true],
    ['0', 0, false],
    ['an unchecked box', false, false],
    ['text', 'x', false],
    ['one chosen option', ['a'], false],
  ])('%s', (_what, value, empty) => {
    const answers = value === undefined ? {} : { w: value };
    expect(holds({ isEmpty: [q('w')] }, answers)).toBe(empty);
    expect(holds({ isNotEmpty: [q('w')] }, answers)).toBe(!empty);
  });
});

describe('groups and other data', () => {
  const pro: Condition = { equals: [q('plan'), 'pro'] };
  const big: Condition = { gt: [q('seats'), 10] };

  it('and holds when every condition holds; or when one does', () => {
    expect(holds({ and: [pro, big] }, { plan: 'pro', seats: 20 })).toBe(true);
    expect(holds({ and: [pro, big] }, { plan: 'pro', seats: 2 })).toBe(false);
    expect(holds({ or: [pro, big] }, { plan: 'free', seats: 20 })).toBe(true);
    expect(holds({ or: [pro, big] }, { plan: 'free', seats: 2 })).toBe(false);
  });

  it('the module doc’s example: Pro, or more than 10 seats and a start before March 2026', () => {
    const example: Condition = {
      or: [pro, { and: [big, { lt: [q('start'), '2026-03-01'] }] }],
    };
    expect(holds(example, { plan: 'free', seats: 11, start: '2026-02-01' })).toBe(true);
    expect(holds(example, { plan: 'free', seats: 11, start: '2026-03-01' })).toBe(false);
    expect(holds(example, { plan: 'pro' })).toBe(true);
  });

  it('an empty and holds, an empty or does not', () => {
    expect(holds({ and: [] }, {})).toBe(true);
    expect(holds({ or: [] }, {})).toBe(false);
  });

  it('compares the form and the submission, not only answers', () => {
    const context = {
      flow: { publicIdentifier: 'f1', name: 'Survey' },
      submission: { submissionId: 's1', submissionTime: '2026-03-01T10:00:00Z' },
    };
    expect(holds({ equals: [{ var: 'flow.name' }, 'Survey'] }, {}, context)).toBe(true);
    expect(holds({ isEmpty: [{ var: 'submission.unknown' }] }, {}, context)).toBe(true);
  });

  it('nests up to MAX_CONDITION_DEPTH and no deeper', () => {
    const nest = (depth: number): Condition => (depth === 1 ? { isEmpty: [q('w')] } : { and: [nest(depth - 1)] });
    expect(holds(nest(MAX_CONDITION_DEPTH), {})).toBe(true);
    expect(holds(nest(MAX_CONDITION_DEPTH + 1), {})).toBe(false);
  });
});

describe('malformed conditions are false', () => {
  it.each<[string, unknown]>([
    ['an empty object', {}],
    ['an unknown operator', { like: [q('w'), 'a'] }],
    ['too few values', { equals: [q('w')] }],
    ['too many values', { isEmpty: [q('w'), 'x'] }],
    ['two operators in one object', { isEmpty: [q('w')], isNotEmpty: [q('w')] }],
    ['values not in a list', { isEmpty: q('w') }],
    ['an object that is no logic value', { equals: [q('w'), { nested: 1 }] }],
    ['a group of no list', { and: { isEmpty: [q('w')] } }],
    ['a group holding a malformed condition', { and: [{ isEmpty: [q('w')] }, { nope: [] }] }],
    ['a list', [{ isEmpty: [q('w')] }]],
    ['null', null],
    ['text', 'isEmpty'],
  ])('%s', (_what, condition) => {
    expect(holds(condition, {})).toBe(false);
  });

  it('a context that is not one gives false, not an error', () => {
    expect(evaluateCondition({ isEmpty: [q('w')] }, null as unknown as LogicContext)).toBe(false);
    const hostile = { get answers(): Record<string, unknown> { throw new Error('boom'); } };
    expect(evaluateCondition({ isEmpty: [q('w')] }, hostile)).toBe(false);
  });

  it('a question id such as __proto__ is an ordinary key', () => {
    const answers = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;
    expect(holds({ equals: [q('__proto__'), 'x'] }, answers)).toBe(true);
    expect(holds({ isEmpty: [q('constructor')] }, {})).toBe(true);
  });
});

describe('operatorsFor', () => {
  it('gives every question type that takes an answer some operators, emptiness among them; a Statement none', () => {
    for (const type of WIDGET_TYPES.filter((type) => takesAnswer({ type }))) {
      expect(operatorsFor(type)).toEqual(expect.arrayContaining(['isEmpty', 'isNotEmpty']));
    }
    expect(operatorsFor('Statement')).toEqual([]);
    expect(answerKindOf('Statement')).toBe('none');
  });

  it('treats MultiSelect as a list of choices, Address as structured, ImageChoice by its `multiple`', () => {
    expect(operatorsFor('MultiSelect')).toEqual(operatorsFor('Checkboxes'));
    expect(operatorsFor('Address')).toEqual(['isEmpty', 'isNotEmpty']);
    const image = (multiple?: boolean) =>
      ({ type: 'ImageChoice' as const, template: { label: 'Pick', required: false, options: [], ...(multiple === undefined ? {} : { multiple }) } });
    expect(answerKindOf(image())).toBe('choice');
    expect(answerKindOf(image(false))).toBe('choice');
    expect(answerKindOf(image(true))).toBe('choices');
    expect(operatorsFor(image(true))).toContain('contains');
    expect(operatorsFor(image())).not.toContain('contains');
    expect(answerKindOf('ImageChoice')).toBe('choice');
  });

  it('keeps text operators from number questions (spec 001 §5)', () => {
    for (const type of ['NumberInput', 'StarRating'] as const) {
      expect(operatorsFor(type)).toEqual(expect.arrayContaining(['equals', 'notEquals', 'lt', 'gt', 'isEmpty', 'isNotEmpty']));
      expect(operatorsFor(type)).not.toEqual(expect.arrayContaining(['contains']));
      expect(operatorsFor(type)).not.toContain('equalsIgnoreCase');
      expect(operatorsFor(type)).not.toContain('notContains');
    }
  });

  it('offers contains on Checkboxes and text, orderings on dates', () => {
    expect(operatorsFor('Checkboxes')).toContain('contains');
    expect(operatorsFor('ShortAnswer')).toContain('contains');
    expect(operatorsFor('DatePicker')).toEqual(expect.arrayContaining(['lt', 'gt']));
    expect(operatorsFor('MultipleChoice')).not.toContain('lt');
  });
});

// ---- properties ----

const literal = fc.oneof(
  fc.constantFrom<unknown>('a', 'b', 'A ', '', ' ', '7', '2026-03-01', '09:30', 'true', 0, 7, -1.5, true, false, null),
  fc.string(),
  fc.double(),
);
const answerValue = fc.oneof(literal, fc.array(literal, { maxLength: 4 }), fc.constant(undefined), fc.object());
const widgetIds = ['a', 'b', 'c'];
const ref = fc.constantFrom(...widgetIds).map(q);
const logicValue = fc.oneof(ref, fc.constantFrom<unknown>('a', 'b', '', 7, '7', true, null, '2026-03-01'));

/** Conditions of the grammar (well-formed) and near misses (wrong arity, unknown operators, stray keys). */
const conditionLike: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc
      .record({
        op: fc.constantFrom(...CONDITION_OPERATORS, 'not', 'like'),
        args: fc.array(fc.oneof(logicValue, fc.array(logicValue)), { maxLength: 3 }),
      })
      .map(({ op, args }) => ({ [op]: args })),
    fc.record({ group: fc.constantFrom('and', 'or'), children: fc.array(tie('node'), { maxLength: 3 }) })
      .map(({ group, children }) => ({ [group]: children })),
    fc.anything(),
  ),
})).node;

const context = fc.oneof(
  fc.record({ answers: fc.dictionary(fc.constantFrom(...widgetIds, '__proto__'), answerValue) }),
  fc.anything(),
) as fc.Arbitrary<LogicContext>;

describe('properties', () => {
  it('evaluateCondition returns a boolean for any JSON condition and any context, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(conditionLike, fc.jsonValue(), fc.anything()), context, (condition, ctx) => {
        expect(typeof evaluateCondition(condition, ctx)).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  /** A well-formed comparison of two logic values. */
  const leaf = (operator: string, left: unknown, right: unknown) => ({ [operator]: [left, right] });
  const answers = fc.dictionary(fc.constantFrom(...widgetIds), answerValue);

  it('each negated operator holds exactly when its operator does not (for a complete condition)', () => {
    fc.assert(
      fc.property(answers, ref, logicValue, fc.array(logicValue, { minLength: 1, maxLength: 3 }), (given, left, right, list) => {
        const ctx = { answers: given };
        const value = evaluateCondition({ isEmpty: [right] }, ctx);
        expect(evaluateCondition(leaf('notEquals', left, right), ctx)).toBe(!evaluateCondition(leaf('equals', left, right), ctx));
        expect(evaluateCondition({ isNotEmpty: [left] }, ctx)).toBe(!evaluateCondition({ isEmpty: [left] }, ctx));
        if (!value) {
          expect(evaluateCondition(leaf('notContains', left, right), ctx)).toBe(!evaluateCondition(leaf('contains', left, right), ctx));
        }
        const listHasValue = list.some((item) => !evaluateCondition({ isEmpty: [item] }, ctx));
        if (listHasValue) {
          expect(evaluateCondition(leaf('notIn', left, list), ctx)).toBe(!evaluateCondition(leaf('in', left, list), ctx));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('lt and gte (and gt and lte) never both hold, and lte with gte means neither lt nor gt', () => {
    fc.assert(
      fc.property(answers, ref, logicValue, (given, left, right) => {
        const ctx = { answers: given };
        const is = (operator: string) => evaluateCondition(leaf(operator, left, right), ctx);
        expect(is('lt') && is('gte')).toBe(false);
        expect(is('gt') && is('lte')).toBe(false);
        if (is('lte') && is('gte')) expect(is('lt') || is('gt')).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('what the schema accepts survives JSON and evaluates the same, with every comparison read', () => {
    fc.assert(
      fc.property(conditionLike, answers, (condition, given) => {
        const parsed = ConditionSchema.safeParse(condition);
        if (!parsed.success) return;
        const stored = JSON.parse(JSON.stringify(parsed.data)) as unknown;
        expect(evaluateCondition(stored, { answers: given })).toBe(evaluateCondition(parsed.data, { answers: given }));
        const leaves = JSON.stringify(parsed.data).match(new RegExp(`"(${CONDITION_OPERATORS.join('|')})":`, 'g')) ?? [];
        expect(conditionLeaves(parsed.data)).toHaveLength(leaves.length);
      }),
      { numRuns: 1000 },
    );
  });
});
