import { dedupeFlowName, defaultFlowName } from '../src/rules/flow-name';
import { FLOW_NAME_MAX_LENGTH } from '../src/limits';

describe('dedupeFlowName', () => {
  it.each<[string, string[], string]>([
    ['My form', [], 'My form'],
    ['My form', ['Other'], 'My form'],
    ['My form', ['My form'], 'My form (2)'],
    ['My form', ['My form', 'My form (2)'], 'My form (3)'],
    ['My form', ['My form', 'My form (3)'], 'My form (2)'],
    ['My form', ['MY FORM', 'my form (2)'], 'My form (3)'],
    ['My form', [' My form '], 'My form (2)'],
    ['  My form  ', ['My form'], 'My form (2)'],
    ['My form (2)', ['My form (2)'], 'My form (3)'],
    ['My form (2)', ['My form', 'My form (2)', 'My form (3)'], 'My form (4)'],
    ['My form (2)', [], 'My form (2)'],
    ['Survey (v2)', ['Survey (v2)'], 'Survey (v2) (2)'],
    ['(2)', ['(2)'], '(2) (2)'],
    ['', ['New form'], 'New form (2)'],
  ])('%j among %j → %j', (name, existing, expected) => {
    expect(dedupeFlowName(name, existing)).toBe(expected);
  });

  it('accepts any iterable of names', () => {
    const existing = new Set(['Quiz', 'Quiz (2)']);
    expect(dedupeFlowName('Quiz', existing.values())).toBe('Quiz (3)');
  });

  it('keeps numbered names within FLOW_NAME_MAX_LENGTH', () => {
    const long = 'n'.repeat(FLOW_NAME_MAX_LENGTH);
    const result = dedupeFlowName(long, [long]);
    expect(result).toHaveLength(FLOW_NAME_MAX_LENGTH);
    expect(result.endsWith(' (2)')).toBe(true);
  });
});

describe('defaultFlowName', () => {
  it.each([
    ['form', 'My form'],
    ['quiz', 'My quiz'],
    ['scheduling', 'New form'],
    ['base', 'New form'],
    ['zite', 'New form'],
  ] as const)('%s → %s', (type, name) => {
    expect(defaultFlowName(type)).toBe(name);
  });
});
