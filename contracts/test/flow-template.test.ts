import {
  BLANK_TEMPLATE_IDS,
  blankFlowTemplate,
  formWidgets,
  orderedSteps,
  validateFlowTemplate,
} from '../src/rules/flow-template';
import type { FlowTemplate } from '../src/entities/flow-template';
import * as copy from '../src/copy';
import { MAX_CONDITION_DEPTH, MAX_PAGE_RULES, MAX_STEPS_PER_FLOW, MAX_WIDGETS_PER_STEP } from '../src/limits';
import { allWidgetsTemplate, deleteAt, exampleTemplateJson, pageOneWidgets, pageTwoWidgets, setAt } from './fixtures';

function errorsOf(input: unknown) {
  const result = validateFlowTemplate(input);
  if (result.ok) throw new Error('expected the template to be refused');
  return result.errors;
}

describe('validateFlowTemplate', () => {
  it('accepts the example template of the issue and returns it parsed', () => {
    const result = validateFlowTemplate(exampleTemplateJson());
    expect(result).toEqual({ ok: true, template: exampleTemplateJson() });
  });

  it('accepts the all-widgets fixture and the blank template', () => {
    expect(validateFlowTemplate(allWidgetsTemplate()).ok).toBe(true);
    expect(validateFlowTemplate(blankFlowTemplate()).ok).toBe(true);
  });

  it('defaults required to false and drops unknown keys', () => {
    const json = exampleTemplateJson();
    deleteAt(json, 'steps.s1.template.widgets.0.template.required');
    setAt(json, 'steps.s1.template.widgets.0.template.colour', 'red');
    const result = validateFlowTemplate(json);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const page = result.template.steps.s1;
    expect(page?.type === 'form' && page.template.widgets[0]?.template).toEqual({ label: 'Your name', required: false });
    expect(JSON.stringify(result.template)).not.toContain('colour');
  });

  it('refuses a firstStep that names no step', () => {
    const json = exampleTemplateJson();
    setAt(json, 'firstStep', 'nope');
    expect(errorsOf(json)).toEqual([{ path: 'firstStep', message: copy.flows.unknownStep('nope') }]);
  });

  it('refuses a defaultNextStep that names no step', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.nextStep.defaultNextStep', 'missing');
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.nextStep.defaultNextStep', message: copy.flows.unknownStep('missing') },
    ]);
  });

  it('does not take inherited properties for steps', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.nextStep.defaultNextStep', 'toString');
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.nextStep.defaultNextStep', message: copy.flows.unknownStep('toString') },
    ]);
  });

  it('refuses duplicate widget ids across pages, at the repeat', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.nextStep.defaultNextStep', 's2');
    setAt(json, 'steps.s2', {
      id: 's2',
      name: 'Page 2',
      type: 'form',
      template: { widgets: [{ id: 'w2', name: 'Again', type: 'ShortAnswer', template: { label: 'Again' } }] },
      nextStep: { defaultNextStep: 'end' },
    });
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s2.template.widgets.0.id', message: copy.flows.duplicateWidgetId('w2') },
    ]);
  });

  it('refuses duplicate widget ids on one page', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.template.widgets.2.id', 'w1');
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.template.widgets.2.id', message: copy.flows.duplicateWidgetId('w1') },
    ]);
  });

  it('refuses an unknown widget type at the widget type path', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.template.widgets.2.type', 'Hologram');
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.template.widgets.2.type', message: copy.flows.unknownWidgetType('Hologram') },
    ]);
    expect(copy.flows.unknownWidgetType('Hologram')).toBe('Unknown question type "Hologram"');
  });

  it('refuses a missing widget type as required', () => {
    const json = exampleTemplateJson();
    deleteAt(json, 'steps.s1.template.widgets.0.type');
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.template.widgets.0.type', message: copy.validation.required },
    ]);
  });

  it('refuses an unknown step type', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.end.type', 'checkout');
    expect(errorsOf(json)).toEqual([{ path: 'steps.end.type', message: copy.flows.unknownStepType('checkout') }]);
  });

  it('refuses a step whose key differs from its id', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.end.id', 'finish');
    expect(errorsOf(json)).toEqual([{ path: 'steps.end.id', message: copy.flows.stepIdMismatch('end') }]);
  });

  it('refuses duplicate option ids within a widget', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.template.widgets.2.template.options.1.id', 'o1');
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.template.widgets.2.template.options.1.id', message: copy.flows.duplicateOptionId('o1') },
    ]);
  });

  it('allows equal option ids in different widgets', () => {
    const template = allWidgetsTemplate(); // three option widgets share the ids a, b, c
    expect(validateFlowTemplate(template).ok).toBe(true);
  });

  it('refuses a NumberInput whose min is above its max, accepts min == max', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.template.widgets.3', { id: 'n', name: 'N', type: 'NumberInput', template: { label: 'N', min: 5, max: 1 } });
    expect(errorsOf(json)).toEqual([{ path: 'steps.s1.template.widgets.3.template.min', message: copy.flows.minAboveMax }]);
    setAt(json, 'steps.s1.template.widgets.3.template.max', 5);
    expect(validateFlowTemplate(json).ok).toBe(true);
  });

  it('refuses more steps than MAX_STEPS_PER_FLOW', () => {
    const json = exampleTemplateJson();
    const ending = (id: string) => ({ id, name: 'E', type: 'ending', template: { title: 't', body: 'b' }, nextStep: null });
    for (let i = 2; i < MAX_STEPS_PER_FLOW; i += 1) setAt(json, `steps.e${i}`, ending(`e${i}`)); // 2 steps already
    expect(validateFlowTemplate(json).ok).toBe(true); // exactly the maximum
    setAt(json, 'steps.extra', ending('extra'));
    expect(errorsOf(json)).toEqual([{ path: 'steps', message: copy.flows.tooManySteps(MAX_STEPS_PER_FLOW) }]);
  });

  it('refuses more widgets on a page than MAX_WIDGETS_PER_STEP', () => {
    const json = exampleTemplateJson();
    const checkbox = (id: string) => ({ id, name: 'X', type: 'Checkbox', template: { label: 'X' } });
    for (let i = 3; i < MAX_WIDGETS_PER_STEP; i += 1) setAt(json, `steps.s1.template.widgets.${i}`, checkbox(`x${i}`)); // 3 already
    expect(validateFlowTemplate(json).ok).toBe(true);
    setAt(json, `steps.s1.template.widgets.${MAX_WIDGETS_PER_STEP}`, checkbox('one-too-many'));
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.template.widgets', message: copy.flows.tooManyWidgets(MAX_WIDGETS_PER_STEP) },
    ]);
  });

  it.each([
    ['a non-object', null, [{ path: '', message: 'Expected an object' }]],
    ['an array of steps', { firstStep: 's1', steps: [] }, [{ path: 'steps', message: 'Expected an object' }]],
    ['a missing firstStep', { steps: {} }, [{ path: 'firstStep', message: copy.validation.required }]],
    ['an empty firstStep', { firstStep: '', steps: {} }, [{ path: 'firstStep', message: copy.validation.notEmpty }]],
  ])('maps zod issues to readable errors: %s', (_name, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });

  it('maps nested type errors to their dotted path', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.template.widgets.0.template.label', 5);
    setAt(json, 'steps.end.nextStep', { defaultNextStep: 's1' });
    expect(errorsOf(json)).toEqual([
      { path: 'steps.s1.template.widgets.0.template.label', message: copy.validation.expected('text') },
      { path: 'steps.end.nextStep', message: copy.validation.expected('null') },
    ]);
  });
});

describe('orderedSteps', () => {
  const ids = (template: FlowTemplate) => orderedSteps(template).map((step) => step.id);

  it('follows firstStep → defaultNextStep, whatever the key order', () => {
    expect(ids(allWidgetsTemplate())).toEqual(['p1', 'p2', 'end']);
  });

  it('stops at a repeat and appends unreachable steps once', () => {
    const template = allWidgetsTemplate();
    const p2 = template.steps.p2;
    if (p2?.type !== 'form') throw new Error('fixture');
    p2.nextStep.defaultNextStep = 'p1'; // cycle p1 → p2 → p1
    expect(ids(template)).toEqual(['p1', 'p2', 'end']);
  });

  it('stops at a missing step', () => {
    const template = allWidgetsTemplate();
    template.firstStep = 'ghost';
    expect(ids(template)).toEqual(['end', 'p2', 'p1']);
  });
});

describe('formWidgets', () => {
  it('lists widgets in page order with their step id', () => {
    const placed = formWidgets(allWidgetsTemplate()).map(({ stepId, widget }) => `${stepId}:${widget.id}`);
    expect(placed).toEqual([
      ...pageOneWidgets.map((widget) => `p1:${widget.id}`),
      ...pageTwoWidgets.map((widget) => `p2:${widget.id}`),
    ]);
    expect(placed.slice(0, 2)).toEqual(['p1:shortanswer', 'p1:longanswer']);
  });
});

describe('blankFlowTemplate', () => {
  it('has one empty page "Page 1" leading to the "Thank you" ending', () => {
    expect(blankFlowTemplate()).toEqual({
      firstStep: BLANK_TEMPLATE_IDS.firstPage,
      steps: {
        page1: { id: 'page1', name: 'Page 1', type: 'form', template: { widgets: [] }, nextStep: { defaultNextStep: 'ending' } },
        ending: {
          id: 'ending',
          name: 'Thank you',
          type: 'ending',
          template: { title: 'Thanks!', body: "We've received your submission." },
          nextStep: null,
        },
      },
    });
  });

  it('returns a fresh object each call', () => {
    const first = blankFlowTemplate();
    const page = first.steps.page1;
    if (page?.type === 'form') page.template.widgets.push({ id: 'x', name: 'x', type: 'Checkbox', template: { label: 'x', required: false } });
    expect(formWidgets(blankFlowTemplate())).toEqual([]);
  });
});

describe('navigation rules and conditions at save time', () => {
  const rule = { condition: { equals: [{ var: 'answers.w3' }, 'o2'] }, nextStep: 'end' };

  it('keeps rules and a question’s visibleIf through saving', () => {
    const input = exampleTemplateJson();
    setAt(input, 'steps.s1.nextStep.rules', [rule]);
    setAt(input, 'steps.s1.template.widgets.1.template.visibleIf', { isNotEmpty: [{ var: 'answers.w1' }] });
    const result = validateFlowTemplate(input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const page = result.template.steps.s1;
    expect(page?.type === 'form' && page.nextStep).toEqual({ defaultNextStep: 'end', rules: [rule] });
    expect(page?.type === 'form' && page.template.widgets[1]?.template.visibleIf).toEqual({ isNotEmpty: [{ var: 'answers.w1' }] });
  });

  it('refuses a rule that links to a step that does not exist (a dangling page link)', () => {
    const input = exampleTemplateJson();
    setAt(input, 'steps.s1.nextStep.rules', [rule, { ...rule, nextStep: 'ghost' }]);
    expect(errorsOf(input)).toEqual([{ path: 'steps.s1.nextStep.rules.1.nextStep', message: copy.flows.unknownStep('ghost') }]);
  });

  it('refuses a condition with two operators in one object, or an unknown operator, at the condition', () => {
    const input = exampleTemplateJson();
    setAt(input, 'steps.s1.nextStep.rules', [{ ...rule, condition: { equals: [{ var: 'answers.w1' }, 'x'], gt: [{ var: 'answers.w1' }, 1] } }]);
    setAt(input, 'steps.s1.template.widgets.2.template.visibleIf', { like: [{ var: 'answers.w1' }, 'A%'] });
    expect(errorsOf(input)).toEqual([
      { path: 'steps.s1.template.widgets.2.template.visibleIf', message: copy.validation.invalidValue },
      { path: 'steps.s1.nextStep.rules.0.condition', message: copy.validation.invalidValue },
    ]);
  });

  it('refuses conditions nested deeper than MAX_CONDITION_DEPTH', () => {
    let deep: unknown = { isEmpty: [{ var: 'answers.w1' }] };
    for (let depth = 1; depth <= MAX_CONDITION_DEPTH; depth += 1) deep = { and: [deep] };
    const input = exampleTemplateJson();
    setAt(input, 'steps.s1.nextStep.rules', [{ condition: deep, nextStep: 'end' }]);
    expect(errorsOf(input)).toEqual([{ path: 'steps.s1.nextStep.rules.0.condition', message: copy.conditions.tooDeep(MAX_CONDITION_DEPTH) }]);
  });

  it('refuses more than MAX_PAGE_RULES rules on a page', () => {
    const input = exampleTemplateJson();
    setAt(input, 'steps.s1.nextStep.rules', Array.from({ length: MAX_PAGE_RULES + 1 }, () => rule));
    expect(errorsOf(input)).toEqual([{ path: 'steps.s1.nextStep.rules', message: copy.validation.tooManyItems(MAX_PAGE_RULES) }]);
  });
});
