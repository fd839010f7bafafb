/** `rules/publish-checks.ts`: what keeps a draft from going live, with paths the editor places on questions. */
import * as copy from '../src/copy';
import type { FlowTemplate, FormStep, Widget } from '../src/entities/flow-template';
import type { Condition } from '../src/rules/conditions';
import { exampleFormTemplate } from '../src/example-forms';
import { conditionQuestions, publishProblems } from '../src/rules/publish-checks';
import { blankFlowTemplate } from '../src/rules/flow-template';
import { ask, ending, form, page, planForm, q } from './logic-forms';

/** The example form with its first page's widgets changed by `edit`. */
function editedExample(edit: (widgets: Extract<FlowTemplate['steps'][string], { type: 'form' }>['template']['widgets']) => void): FlowTemplate {
  const template = exampleFormTemplate();
  const page = template.steps.s1;
  if (page?.type !== 'form') throw new Error('s1 is a page');
  edit(page.template.widgets);
  return template;
}

const W = 'steps.s1.template.widgets';

it('passes the example form', () => {
  expect(publishProblems(exampleFormTemplate())).toEqual([]);
});

it('needs at least one question on some page', () => {
  expect(publishProblems(blankFlowTemplate())).toEqual([{ path: '', message: copy.flows.publishNeedsQuestion }]);
});

it('needs a label that is more than spaces', () => {
  const template = editedExample((widgets) => {
    widgets[1]!.template.label = ' \t ';
  });
  expect(publishProblems(template)).toEqual([{ path: `${W}.1.template.label`, message: copy.flows.publishEmptyLabel }]);
});

it('needs choices on a choice question, none blank, none repeated ignoring case and spaces', () => {
  const none = editedExample((widgets) => {
    const plan = widgets[2]!;
    if (plan.type === 'MultipleChoice') plan.template.options = [];
  });
  expect(publishProblems(none)).toEqual([{ path: `${W}.2.template.options`, message: copy.flows.publishNeedsOptions }]);

  const messy = editedExample((widgets) => {
    const plan = widgets[2]!;
    if (plan.type === 'MultipleChoice') {
      plan.template.options = [
        { id: 'a', label: 'Free' },
        { id: 'b', label: '  ' },
        { id: 'c', label: 'FREE ' },
        { id: 'd', label: 'Pro' },
      ];
    }
  });
  expect(publishProblems(messy)).toEqual([
    { path: `${W}.2.template.options.1.label`, message: copy.flows.publishBlankOption },
    { path: `${W}.2.template.options.2.label`, message: copy.flows.publishDuplicateOption('FREE') },
  ]);
});

describe('conditions', () => {
  /** The plan form with `edit` applied to its steps. */
  function plan(edit: (steps: Record<string, FormStep>) => void): FlowTemplate {
    const template = planForm();
    edit(template.steps as Record<string, FormStep>);
    return template;
  }
  const startRule = (condition: Condition) => (steps: Record<string, FormStep>) => {
    steps.start!.nextStep.rules = [{ condition, nextStep: 'business' }];
  };
  const RULE = 'steps.start.nextStep.rules.0.condition';

  it('pass in a branching form whose conditions use questions asked before', () => {
    expect(publishProblems(planForm())).toEqual([]);
  });

  it('refuse a question the form does not have, or data that is no answer', () => {
    const template = plan((steps) => {
      steps.feedback!.template.widgets[0]!.template.visibleIf = { or: [{ isEmpty: [q('ghost')] }, { equals: [{ var: 'flow.name' }, 'x'] }] };
    });
    const at = 'steps.feedback.template.widgets.0.template.visibleIf.or';
    expect(publishProblems(template)).toEqual([
      { path: `${at}.0.isEmpty.0`, message: copy.conditions.unknownQuestion },
      { path: `${at}.1.equals.0`, message: copy.conditions.unknownQuestion },
    ]);
  });

  it('refuse a question further down the page, on a later page, or on another branch', () => {
    const template = plan((steps) => {
      steps.start!.template.widgets[0]!.template.visibleIf = { isNotEmpty: [q('seats')] };
      steps.start!.nextStep.rules = [{ condition: { isEmpty: [q('company')] }, nextStep: 'business' }];
      steps.business!.nextStep.rules = [{ condition: { isEmpty: [q('why')] }, nextStep: 'sales' }];
    });
    expect(publishProblems(template)).toEqual([
      { path: 'steps.start.template.widgets.0.template.visibleIf.isNotEmpty.0', message: copy.conditions.laterQuestion },
      { path: `${RULE}.isEmpty.0`, message: copy.conditions.laterQuestion },
      { path: 'steps.business.nextStep.rules.0.condition.isEmpty.0', message: copy.conditions.laterQuestion },
    ]);
  });

  it('let a page’s rules use every question of the page, and later pages every question before them', () => {
    const template = plan((steps) => {
      steps.sales!.template.widgets[0]!.template.visibleIf = {
        and: [{ in: [q('plan'), ['team']] }, { gt: [q('seats'), 100] }, { isNotEmpty: [q('company')] }],
      };
    });
    expect(publishProblems(template)).toEqual([]);
  });

  it('refuse an operator that does not fit the question (no text operators on numbers, spec 001 §5)', () => {
    const template = plan(
      startRule({ and: [{ contains: [q('seats'), '1'] }, { equalsIgnoreCase: [q('seats'), 1] }, { lt: [q('plan'), 'pro'] }] }),
    );
    expect(publishProblems(template)).toEqual([
      { path: `${RULE}.and.0.contains`, message: '"contains" cannot be used with this question' },
      { path: `${RULE}.and.1.equalsIgnoreCase`, message: copy.conditions.operatorNotAllowed('equals (case non-sensitive)') },
      { path: `${RULE}.and.2.lt`, message: copy.conditions.operatorNotAllowed('less than') },
    ]);
  });

  it('refuse a missing value, a number question compared with words, and a choice the question does not have', () => {
    const template = plan(startRule({ or: [{ equals: [q('plan'), ''] }, { gt: [q('seats'), 'many'] }, { in: [q('plan'), ['pro', 'gold']] }] }));
    expect(publishProblems(template)).toEqual([
      { path: `${RULE}.or.0.equals.1`, message: copy.conditions.needsValue },
      { path: `${RULE}.or.1.gt.1`, message: copy.conditions.needsNumber },
      { path: `${RULE}.or.2.in.1.1`, message: copy.conditions.unknownOption('gold') },
    ]);
  });

  it('refuse a date question compared with a date written another way', () => {
    const template = plan((steps) => {
      steps.feedback!.template.widgets.push(ask.date('day'), ask.text('late', { visibleIf: { lt: [q('day'), '03/01/2026'] } }));
    });
    expect(publishProblems(template)).toEqual([
      { path: 'steps.feedback.template.widgets.2.template.visibleIf.lt.1', message: copy.conditions.needsDate },
    ]);
  });

  it('refuse an empty group and a comparison that starts with a value instead of a question', () => {
    const template = plan(startRule({ or: [{ and: [] }, { equals: ['pro', q('plan')] }] }));
    expect(publishProblems(template)).toEqual([
      { path: `${RULE}.or.0.and`, message: copy.conditions.emptyGroup },
      { path: `${RULE}.or.1.equals.0`, message: copy.conditions.needsQuestion },
    ]);
  });
});

describe('statements, image cards and multi-selects', () => {
  const statement = (id: string, label = 'Please read'): Widget => ({ id, name: 'Note', type: 'Statement', template: { label, required: false, body: 'Hello' } });
  const cards = (imageUrls: Array<string | undefined>): Widget => ({
    id: 'pic',
    name: 'Picture',
    type: 'ImageChoice',
    template: {
      label: 'Picture',
      required: false,
      options: imageUrls.map((imageUrl, index) => ({ id: `o${index}`, label: `Card ${index}`, ...(imageUrl === undefined ? {} : { imageUrl }) })),
    },
  });
  const onlyPage = (...widgets: Widget[]) => form('p', page('p', widgets, 'end'), ending('end'));

  it('a Statement is no question: a form of statements alone cannot be published, and a Statement needs a heading', () => {
    expect(publishProblems(onlyPage(statement('s1')))).toEqual([{ path: '', message: copy.flows.publishNeedsQuestion }]);
    expect(publishProblems(onlyPage(statement('s1', ' '), ask.text('name')))).toEqual([
      { path: 'steps.p.template.widgets.0.template.label', message: copy.flows.publishEmptyLabel },
    ]);
  });

  it('no condition or piped label may use a Statement, and the editor never offers one', () => {
    const template = onlyPage(
      statement('intro'),
      ask.text('name', { visibleIf: { isNotEmpty: [q('intro')] } }),
      { id: 'city', name: 'city', type: 'ShortAnswer', template: { label: 'Where do you live, {{answers.intro}}?', required: false } },
    );
    expect(publishProblems(template)).toEqual([
      { path: 'steps.p.template.widgets.1.template.visibleIf.isNotEmpty.0', message: copy.conditions.unknownQuestion },
      { path: 'steps.p.template.widgets.2.template.label', message: copy.flows.pipedUnknownQuestion },
    ]);
    expect(conditionQuestions(template, 'p').map((widget) => widget.id)).toEqual(['name', 'city']);
  });

  it('every image card needs an image before the form goes live', () => {
    expect(publishProblems(onlyPage(cards(['https://images.example.com/a.png', 'https://images.example.com/b.png'])))).toEqual([]);
    expect(publishProblems(onlyPage(cards(['https://images.example.com/a.png', undefined, ' '])))).toEqual([
      { path: 'steps.p.template.widgets.0.template.options.1.imageUrl', message: copy.flows.publishNeedsImage },
      { path: 'steps.p.template.widgets.0.template.options.2.imageUrl', message: copy.flows.publishNeedsImage },
    ]);
  });

  it('a MultiSelect may not ask for more choices than it has; its choices are checked like any choice question’s', () => {
    const tags = (minSelections: number, labels: string[]): Widget => ({
      id: 'tags',
      name: 'Tags',
      type: 'MultiSelect',
      template: { label: 'Tags', required: false, minSelections, options: labels.map((label, index) => ({ id: `t${index}`, label })) },
    });
    expect(publishProblems(onlyPage(tags(2, ['Red', 'Blue'])))).toEqual([]);
    expect(publishProblems(onlyPage(tags(3, ['Red', 'red'])))).toEqual([
      { path: 'steps.p.template.widgets.0.template.options.1.label', message: copy.flows.publishDuplicateOption('red') },
      { path: 'steps.p.template.widgets.0.template.minSelections', message: copy.flows.minSelectionsAboveOptions },
    ]);
  });
});
