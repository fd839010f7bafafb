/**
 * Conditions in words (src/rules/condition-text.ts), as the form editor shows a page's rules and a question's
 * display condition, and the questions a condition may use (src/rules/publish-checks.ts `conditionQuestions`):
 * what the editor offers must be exactly what publishing accepts.
 */
import { describeCondition, operatorLabel } from '../src/rules/condition-text';
import { conditionQuestions, publishProblems } from '../src/rules/publish-checks';
import { ask, ending, form, page, q } from './logic-forms';

const plan = ask.choice('plan', ['free', 'pro']);
const seats = ask.number('seats');
const start = ask.date('start');
const consent = ask.yesNo('consent');
const name = ask.text('name');
const questions = [plan, seats, start, consent, name];

describe('describeCondition', () => {
  it('reads a comparison with the choice label, the spec operator name and a quoted text', () => {
    expect(describeCondition({ equals: [q('plan'), 'pro'] }, questions)).toBe('plan equals PRO');
    expect(describeCondition({ contains: [q('name'), 'Ada'] }, questions)).toBe('name contains "Ada"');
    expect(describeCondition({ notEquals: [q('seats'), 3] }, questions)).toBe('seats does not equal 3');
    expect(describeCondition({ isEmpty: [q('name')] }, questions)).toBe('name is empty');
  });

  it('says before/after for dates and checked for a Checkbox', () => {
    expect(describeCondition({ lt: [q('start'), '2026-03-01'] }, questions)).toBe('start is before 2026-03-01');
    expect(describeCondition({ equals: [q('consent'), false] }, questions)).toBe('consent is not checked');
    expect(describeCondition({ notEquals: [q('consent'), false] }, questions)).toBe('consent is checked');
    expect(operatorLabel('gte', 'number')).toBe('greater than or equal');
    expect(operatorLabel('gte', 'dateTime')).toBe('is on or after');
  });

  it('joins groups with and/or and brackets nested groups', () => {
    const condition = {
      or: [{ equals: [q('plan'), 'pro'] }, { and: [{ gt: [q('seats'), 10] }, { in: [q('plan'), ['free', 'pro']] }] }],
    };
    expect(describeCondition(condition, questions)).toBe('plan equals PRO or (seats greater than 10 and plan in FREE, PRO)');
  });

  it('names a question that is not on the form, and leaves malformed parts out', () => {
    expect(describeCondition({ equals: [q('gone'), 'x'] }, questions)).toBe('a question not on the form equals "x"');
    expect(describeCondition({ and: [{ bogus: [1] }, { isNotEmpty: [q('name')] }] }, questions)).toBe('name is not empty');
    expect(describeCondition(undefined, questions)).toBe('');
  });
});

describe('conditionQuestions', () => {
  const template = form(
    'p1',
    page('p1', [plan, seats], 'p2'),
    page('p2', [name, start], 'end'),
    page('p3', [consent], 'end'),
    ending('end'),
  );

  it('offers the earlier pages and, for a question, the questions above it on its page', () => {
    expect(conditionQuestions(template, 'p2', 'start').map((widget) => widget.id)).toEqual(['plan', 'seats', 'name']);
    expect(conditionQuestions(template, 'p2', 'name').map((widget) => widget.id)).toEqual(['plan', 'seats']);
    expect(conditionQuestions(template, 'p1', 'plan')).toEqual([]);
  });

  it('offers all of the page for a navigation rule, and nothing for a page no page leads to or an ending', () => {
    expect(conditionQuestions(template, 'p1').map((widget) => widget.id)).toEqual(['plan', 'seats']);
    expect(conditionQuestions(template, 'p3').map((widget) => widget.id)).toEqual(['consent']);
    expect(conditionQuestions(template, 'end')).toEqual([]);
  });

  it('offers only questions publishing accepts in a condition', () => {
    for (const widget of conditionQuestions(template, 'p2', 'start')) {
      const withRule = form(
        'p1',
        page('p1', [plan, seats], 'p2'),
        page('p2', [name, ask.date('start', { visibleIf: { isNotEmpty: [q(widget.id)] } })], 'end'),
        ending('end'),
      );
      expect(publishProblems(withRule)).toEqual([]);
    }
  });
});
