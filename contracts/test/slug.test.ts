import { kebabCase, parseWorkspaceSlug, schedulingLinkSlug, workspaceSlug } from '../src/rules/slug';

describe('workspaceSlug', () => {
  it.each<[number, string, string]>([
    [12, 'Sales & Marketing', '12-sales-marketing'],
    [1, 'My Workspace', '1-my-workspace'],
    [7, '  --Hello,   World!--  ', '7-hello-world'],
    [3, 'Équipe Ünï 2024', '3-equipe-uni-2024'],
    [4, 'already-kebab', '4-already-kebab'],
    [5, '日本', '5'],
    [6, '', '6'],
  ])('%i + %j → %j', (id, name, slug) => {
    expect(workspaceSlug(id, name)).toBe(slug);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the id %p', (id) => {
    expect(() => workspaceSlug(id, 'x')).toThrow(RangeError);
  });

  it('round-trips through parseWorkspaceSlug', () => {
    expect(parseWorkspaceSlug(workspaceSlug(42, 'Team 7'))).toBe(42);
  });
});

describe('kebabCase', () => {
  it('lowercases, collapses separators and trims dashes', () => {
    expect(kebabCase('A__B  c--D')).toBe('a-b-c-d');
  });
});

describe('parseWorkspaceSlug', () => {
  it.each<[string, number | null]>([
    ['12-sales', 12],
    ['12', 12],
    ['007-bond', 7],
    ['12-34-x', 12],
    ['home', null],
    ['trash', null],
    ['abc-12', null],
    ['12abc', null],
    ['0-zero', null],
    ['-12', null],
    ['', null],
    ['99999999999999999999-x', null],
  ])('%j → %p', (slug, id) => {
    expect(parseWorkspaceSlug(slug)).toBe(id);
  });
});

describe('schedulingLinkSlug', () => {
  it.each<[string, string]>([
    ['  30 Minute Meeting  ', '30-minute-meeting'],
    ['Intro\t\tcall\nnow', 'intro-call-now'],
    ["Ada's Coffee Chat!", 'adas-coffee-chat'],
    ['a - b', 'a---b'],
    ['Café', 'caf'],
    ['under_score', 'underscore'],
    ['!!!', ''],
  ])('%j → %j', (title, slug) => {
    expect(schedulingLinkSlug(title)).toBe(slug);
  });
});
