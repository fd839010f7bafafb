import { answerRef, formatValue, interpolate, isLogicRef, readPath, resolveLogicValue } from '../src/logic';
import type { LogicContext } from '../src/logic';

const context: LogicContext = {
  answers: { w1: 'Ada', w2: 'ada@example.com', w3: ['a', 'b'], w4: 0, w5: null, nested: { deep: 'yes' } },
  submission: { submissionId: 'sub_1', submissionTime: '2024-05-01T10:00:00.000Z' },
  flow: { publicIdentifier: 'abc123', name: 'Signup' },
};

describe('readPath', () => {
  it.each<[string, unknown]>([
    ['answers.w1', 'Ada'],
    ['answers.w4', 0],
    ['answers.w5', null],
    ['answers.nested.deep', 'yes'],
    ['submission.submissionId', 'sub_1'],
    ['flow.name', 'Signup'],
    ['flow.publicIdentifier', 'abc123'],
    ['answers.missing', undefined],
    ['answers.w1.length', undefined],
    ['answers.toString', undefined],
    ['answers.__proto__', undefined],
    ['secrets.key', undefined],
    ['', undefined],
  ])('%s → %p', (path, value) => {
    expect(readPath(context, path)).toEqual(value);
  });

  it('returns the answers object for the bare head', () => {
    expect(readPath(context, 'answers')).toBe(context.answers);
  });

  it('is undefined when the context lacks the section', () => {
    expect(readPath({ answers: {} }, 'flow.name')).toBeUndefined();
  });
});

describe('resolveLogicValue', () => {
  it.each<[unknown, unknown]>([
    ['literal', 'literal'],
    [7, 7],
    [false, false],
    [null, null],
    [{ var: 'answers.w2' }, 'ada@example.com'],
    [{ var: 'answers.nope' }, undefined],
  ])('%j → %p', (value, expected) => {
    expect(resolveLogicValue(value as Parameters<typeof resolveLogicValue>[0], context)).toEqual(expected);
  });

  it('answerRef builds a reference that resolves to the answer', () => {
    expect(answerRef('w1')).toEqual({ var: 'answers.w1' });
    expect(isLogicRef(answerRef('w1'))).toBe(true);
    expect(isLogicRef({ var: 1 })).toBe(false);
    expect(resolveLogicValue(answerRef('w1'), context)).toBe('Ada');
  });
});

describe('interpolate', () => {
  it.each<[string, string]>([
    ['Thanks {{answers.w1}}!', 'Thanks Ada!'],
    ['{{ answers.w1 }} <{{answers.w2}}>', 'Ada <ada@example.com>'],
    ['Picked: {{answers.w3}}', 'Picked: a, b'],
    ['Zero: {{answers.w4}}', 'Zero: 0'],
    ['Null: [{{answers.w5}}]', 'Null: []'],
    ['Unknown: [{{answers.ghost}}]', 'Unknown: []'],
    ['Object: {{answers.nested}}', 'Object: {"deep":"yes"}'],
    ['{{flow.name}} #{{submission.submissionId}}', 'Signup #sub_1'],
    ['No braces {answers.w1} or {{}}', 'No braces {answers.w1} or {{}}'],
  ])('%j → %j', (text, expected) => {
    expect(interpolate(text, context)).toBe(expected);
  });

  it('formatValue formats nested arrays and nulls', () => {
    expect(formatValue([1, null, ['x']])).toBe('1, , x');
    expect(formatValue(undefined)).toBe('');
  });
});
