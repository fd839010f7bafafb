/**
 * The delay, filter and branch node modules (spec 001 §3 templates, §4 setup status, §5 Done rules and filter
 * operators, §9 defaults): their defaults, rules and status lines, publish checks, edges and outputs; workflow
 * conditions (the spec's field-to-value map, the operators offered, emptiness); the variables and condition subjects
 * a node after a branch is offered; and the gallery's `email_with_delay` and `email_with_filter` generators.
 */
import * as copy from '../src/copy';
import { WorkflowTemplate } from '../src/entities/workflow';
import type { FlowTemplate } from '../src/entities/flow-template';
import { exampleFormTemplate } from '../src/example-forms';
import { evaluateCondition } from '../src/rules/conditions';
import { nodeSetupStatus } from '../src/rules/workflow-status';
import { nextNodeIdEdge } from '../src/workflows/define';
import { workflowConditionSubjects } from '../src/workflows/condition-subjects';
import {
  isEmptyWorkflowCondition,
  normalizeWorkflowCondition,
  WorkflowCondition,
  workflowConditionHolds,
  workflowOperatorsFor,
} from '../src/workflows/conditions';
import { emailWithDelayTemplate, emailWithFilterTemplate, firstChoiceCondition } from '../src/workflows/gallery/email-with-delay-or-filter';
import { branchNode, BranchNodeTemplate, chooseBranch, newBranchName } from '../src/workflows/nodes/branch';
import { delayMs, delayNode, isDelayEmpty } from '../src/workflows/nodes/delay';
import { emailNode } from '../src/workflows/nodes/email';
import { filterNode, filterOutcome, isFilterEmpty } from '../src/workflows/nodes/filter';
import { templatePublishErrors } from '../src/workflows/publish-checks';
import { ancestorNodeIds, workflowVariables } from '../src/workflows/variables';

const setupNeeded = (message: string) => ({ complete: false, description: `Setup needed: ${message}` });

/** A complete email node template. */
function completeEmail() {
  return { ...emailNode.defaultTemplate(), recipients: { type: 'string' as const, list: [{ email: 'ada@example.com' }] } };
}

/** `{and: [{<op>: [{var: 'answers.<id>'}, value]}]}`. */
function when(operator: string, widgetId: string, value: unknown): unknown {
  return { and: [{ [operator]: [{ var: `answers.${widgetId}` }, value] }] };
}

describe('the delay node (spec 001 §3, §4, §5, §9)', () => {
  it('starts at 30 minutes and reads "Wait 30 minutes"', () => {
    const fresh = delayNode.defaultTemplate();
    expect(fresh).toEqual({ delay: 30, units: 'minutes' });
    expect(delayNode.schema.safeParse(fresh).success).toBe(true);
    expect(delayNode.status(fresh)).toEqual({ complete: true, description: 'Wait 30 minutes' });
    expect(nodeSetupStatus({ type: 'delay', template: fresh })).toEqual({ complete: true, description: 'Wait 30 minutes' });
    expect(delayNode.defaultTemplate()).not.toBe(fresh);
  });

  it('names one unit in the singular, and takes fractions', () => {
    expect(delayNode.status({ delay: 1, units: 'hours' }).description).toBe('Wait 1 hour');
    expect(delayNode.status({ delay: 1, units: 'days' }).description).toBe('Wait 1 day');
    expect(delayNode.status({ delay: 1.5, units: 'days' }).description).toBe('Wait 1.5 days');
    expect(delayNode.status({ delay: 2, units: 'minutes' }).description).toBe('Wait 2 minutes');
  });

  it('is complete once a delay above 0 and units exist', () => {
    expect(delayNode.status({ units: 'minutes' })).toEqual(setupNeeded(copy.workflowSteps.delay.delayRequired));
    expect(delayNode.status({ delay: 0, units: 'minutes' })).toEqual(setupNeeded('Enter a delay greater than 0'));
    expect(delayNode.status({ delay: -5, units: 'hours' })).toEqual(setupNeeded('Enter a delay greater than 0'));
    expect(delayNode.status({ delay: '30', units: 'hours' })).toEqual(setupNeeded('Enter a delay greater than 0'));
    expect(delayNode.status({ delay: 30 })).toEqual(setupNeeded(copy.workflowSteps.delay.unitsRequired));
    expect(delayNode.status({ delay: 30, units: 'weeks' })).toEqual(setupNeeded('Choose minutes, hours or days'));
    expect(delayNode.status(null)).toEqual(setupNeeded('Enter a delay greater than 0'));
  });

  it('allows at most 365 days in any unit', () => {
    expect(delayNode.status({ delay: 365, units: 'days' }).complete).toBe(true);
    expect(delayNode.status({ delay: 365 * 24, units: 'hours' }).complete).toBe(true);
    expect(delayNode.status({ delay: 366, units: 'days' })).toEqual(setupNeeded('A delay can be at most 365 days'));
    expect(delayNode.status({ delay: 365 * 24 * 60 + 1, units: 'minutes' })).toEqual(setupNeeded('A delay can be at most 365 days'));
  });

  it('refuses a publish with the rules first, relative to the node', () => {
    expect(delayNode.publishErrors({ nextNodeId: null, template: { delay: 0, units: 'weeks' } })).toEqual([
      { path: 'template.delay', message: copy.workflowSteps.delay.delayRequired },
      { path: 'template.units', message: copy.workflowSteps.delay.unitsRequired },
    ]);
    expect(delayNode.publishErrors({ nextNodeId: 'n2', template: { delay: 71, units: 'days' } })).toEqual([]);
  });

  it('counts a day as 24 hours of elapsed time', () => {
    expect(delayMs({ delay: 1, units: 'days' })).toBe(24 * 60 * 60 * 1000);
    expect(delayMs({ delay: 71, units: 'days' })).toBe(71 * 86_400_000);
    expect(delayMs({ delay: 1.5, units: 'hours' })).toBe(90 * 60 * 1000);
    expect(delayMs({ delay: 30, units: 'minutes' })).toBe(30 * 60 * 1000);
  });

  it('holds back Done while the delay or its units are empty (spec 001 §5)', () => {
    expect(isDelayEmpty({ delay: 30, units: 'minutes' })).toBe(false);
    expect(isDelayEmpty({ units: 'minutes' })).toBe(true);
    expect(isDelayEmpty({ delay: 0, units: 'minutes' })).toBe(true);
    expect(isDelayEmpty({ delay: 5 })).toBe(true);
  });

  it('has the one edge nextNodeId, and offers when it waited until to later steps', () => {
    expect(delayNode.edges({ nextNodeId: 'n2', template: {} })).toEqual(nextNodeIdEdge({ nextNodeId: 'n2', template: {} }));
    expect(delayNode.outputs({})).toEqual([{ field: 'until', label: 'Waited until' }]);
  });
});

describe('workflow conditions', () => {
  it("offers spec 001 §5's filter operators that fit what is compared", () => {
    // "The number-type filter key allows only equals, does not equal, less than, greater than, is empty, is not empty."
    expect(workflowOperatorsFor('number')).toEqual(['equals', 'notEquals', 'lt', 'gt', 'isEmpty', 'isNotEmpty']);
    expect(workflowOperatorsFor('text')).toEqual(['equals', 'notEquals', 'equalsIgnoreCase', 'contains', 'isEmpty', 'isNotEmpty']);
    expect(workflowOperatorsFor('choice')).toEqual(['equals', 'notEquals', 'isEmpty', 'isNotEmpty']);
    expect(workflowOperatorsFor('choices')).toEqual(['contains', 'equals', 'notEquals', 'isEmpty', 'isNotEmpty']);
    expect(workflowOperatorsFor('date')).toEqual(['equals', 'notEquals', 'lt', 'gt', 'isEmpty', 'isNotEmpty']);
    expect(workflowOperatorsFor('structured')).toEqual(['isEmpty', 'isNotEmpty']);
    expect(copy.conditions.operators.equalsIgnoreCase).toBe('equals (case non-sensitive)');
  });

  it("reads the spec's field-to-value map (spec 001 §3) as an `and` of comparisons", () => {
    expect(
      normalizeWorkflowCondition({
        w3: 'o2',
        w4: ['a', 'b'],
        w5: { not: 'x' },
        w6: { not: ['y', 'z'] },
        seats: { gte: 3 },
        'nodes.n1.statusCode': { lt: 300 },
        'urlParams.utm': { contains: 'mail' },
        w7: { in: ['p'] },
        w8: { notIn: ['q'] },
        w9: { lte: 1 },
        w10: { gt: 2 },
      }),
    ).toEqual({
      and: [
        { equals: [{ var: 'answers.w3' }, 'o2'] },
        { in: [{ var: 'answers.w4' }, ['a', 'b']] },
        { notEquals: [{ var: 'answers.w5' }, 'x'] },
        { notIn: [{ var: 'answers.w6' }, ['y', 'z']] },
        { gte: [{ var: 'answers.seats' }, 3] },
        { lt: [{ var: 'nodes.n1.statusCode' }, 300] },
        { contains: [{ var: 'urlParams.utm' }, 'mail'] },
        { in: [{ var: 'answers.w7' }, ['p']] },
        { notIn: [{ var: 'answers.w8' }, ['q']] },
        { lte: [{ var: 'answers.w9' }, 1] },
        { gt: [{ var: 'answers.w10' }, 2] },
      ],
    });
    expect(normalizeWorkflowCondition({})).toEqual({ and: [] });
    // A Condition stays as it is; a map that does not fit is left for the schema to refuse.
    const condition = when('equals', 'w3', 'o2');
    expect(normalizeWorkflowCondition(condition)).toBe(condition);
    expect(normalizeWorkflowCondition({ w3: { between: [1, 2] } })).toEqual({ w3: { between: [1, 2] } });
    expect(WorkflowCondition.safeParse({ w3: { between: [1, 2] } }).success).toBe(false);
    expect(WorkflowCondition.parse({ w3: 'o2' })).toEqual(when('equals', 'w3', 'o2'));
  });

  it('evaluates with the one evaluator, an empty condition never holding', () => {
    const context = { answers: { w3: 'o2', seats: 5 }, nodes: { n1: { statusCode: 201 } } };
    expect(workflowConditionHolds({ w3: 'o2', seats: { gt: 4 } }, context)).toBe(true);
    expect(workflowConditionHolds({ w3: 'o2', seats: { gt: 5 } }, context)).toBe(false);
    expect(workflowConditionHolds({ 'nodes.n1.statusCode': { lt: 300 } }, context)).toBe(true);
    // `{and: []}` holds for the evaluator; a filter or branch left empty must not let runs through.
    expect(evaluateCondition({ and: [] }, context)).toBe(true);
    expect(workflowConditionHolds({ and: [] }, context)).toBe(false);
    expect(isEmptyWorkflowCondition({ and: [] })).toBe(true);
    expect(isEmptyWorkflowCondition({ or: [{ and: [] }] })).toBe(true);
    expect(isEmptyWorkflowCondition(undefined)).toBe(true);
    expect(isEmptyWorkflowCondition({ w3: 'o2' })).toBe(false);
  });
});

describe('the filter node (spec 001 §3, §4, §5)', () => {
  it('starts empty: incomplete, Done held back', () => {
    const fresh = filterNode.defaultTemplate();
    expect(fresh).toEqual({ condition: { and: [] } });
    expect(filterNode.schema.safeParse(fresh).success).toBe(true);
    expect(filterNode.status(fresh)).toEqual(setupNeeded(copy.workflowSteps.filter.conditionRequired));
    expect(filterNode.status({})).toEqual(setupNeeded('Add a condition'));
    expect(isFilterEmpty(fresh)).toBe(true);
    expect(isFilterEmpty({ condition: { and: [{ isEmpty: [{ var: 'answers.w1' }] }] } })).toBe(false);
    expect(isFilterEmpty({ condition: { w3: 'o2' } })).toBe(false);
  });

  it('is complete when a condition is set, and says how many it has', () => {
    expect(filterNode.status({ condition: when('equals', 'w3', 'o2') })).toEqual({ complete: true, description: 'Continue only if 1 condition is met' });
    expect(filterNode.status({ condition: { w3: 'o2', seats: { gt: 2 } } })).toEqual({ complete: true, description: 'Continue only if all of 2 conditions are met' });
    const any = { or: [{ equals: [{ var: 'answers.w3' }, 'o1'] }, { and: [{ gt: [{ var: 'answers.seats' }, 1] }, { isNotEmpty: [{ var: 'answers.w1' }] }] }] };
    expect(filterNode.status({ condition: any })).toEqual({ complete: true, description: 'Continue only if any of 3 conditions are met' });
    // No value for is empty / is not empty (spec 001 §5).
    expect(filterNode.status({ condition: { and: [{ isEmpty: [{ var: 'answers.w1' }] }] } }).complete).toBe(true);
  });

  it('points at each comparison that is not filled in', () => {
    const template = {
      condition: {
        and: [
          { equals: [{ var: 'answers.w3' }, ''] },
          { contains: ['plain text', 'x'] },
          { or: [] },
          { in: [{ var: 'answers.w4' }, ['', null]] },
          { equals: [{ var: 'answers.w5' }, { var: 'answers.w6' }] },
        ],
      },
    };
    expect(filterNode.rules(template)).toEqual([
      { path: 'condition.and.2.or', message: copy.conditions.emptyGroup },
      { path: 'condition.and.0.equals.1', message: copy.conditions.needsValue },
      { path: 'condition.and.1.contains.0', message: copy.workflowSteps.needsSubject },
      { path: 'condition.and.3.in.1', message: copy.conditions.needsValue },
    ]);
    expect(filterNode.status(template)).toEqual(setupNeeded(copy.conditions.emptyGroup));
    expect(filterNode.publishErrors({ nextNodeId: null, template })[0]).toEqual({ path: 'template.condition.and.2.or', message: copy.conditions.emptyGroup });
    expect(filterNode.publishErrors({ nextNodeId: null, template: { condition: { w3: { between: 1 } } } })).toEqual([
      { path: 'template.condition', message: 'Add a condition' },
    ]);
  });

  it("passes or stops a run, reading the answers and earlier steps' outputs", () => {
    const template = filterNode.schema.parse({ condition: { w3: 'o2', 'nodes.n1.statusCode': { lt: 300 } } });
    expect(filterOutcome(template, { answers: { w3: 'o2' }, nodes: { n1: { statusCode: 200 } } })).toEqual({ passed: true, message: 'Condition met' });
    expect(filterOutcome(template, { answers: { w3: 'o1' }, nodes: { n1: { statusCode: 200 } } })).toEqual({ passed: false, message: 'Stopped by filter' });
    expect(filterOutcome(template, { answers: { w3: 'o2' } })).toEqual({ passed: false, message: copy.workflowSteps.filter.stopped });
    expect(filterNode.edges({ nextNodeId: 'n2', template })).toEqual([{ path: 'nextNodeId', target: 'n2' }]);
  });
});

describe('the branch node (spec 001 §2, §3, §4, §9)', () => {
  it('starts with two empty branches named Branch 1 and Branch 2, and is incomplete', () => {
    const fresh = branchNode.defaultTemplate();
    expect(fresh).toEqual({
      branches: [
        { id: 'Branch 1', nextNodeId: null, condition: { and: [] } },
        { id: 'Branch 2', nextNodeId: null, condition: { and: [] } },
      ],
    });
    expect(branchNode.schema.safeParse(fresh).success).toBe(true);
    expect(branchNode.status(fresh)).toEqual(setupNeeded('Add a condition to Branch 1'));
  });

  it('is incomplete if any branch condition is empty; otherwise shows the branch count', () => {
    const two = {
      branches: [
        { id: 'Pro', nextNodeId: 'n1', condition: when('equals', 'w3', 'o2') },
        { id: 'Free', nextNodeId: null, condition: { and: [] } },
      ],
    };
    expect(branchNode.status(two)).toEqual(setupNeeded(copy.workflowSteps.branch.conditionRequired('Free')));
    two.branches[1]!.condition = when('equals', 'w3', 'o1');
    expect(branchNode.status(two)).toEqual({ complete: true, description: '2 branches' });
    expect(branchNode.status({ branches: [two.branches[0]] })).toEqual({ complete: true, description: '1 branch' });
  });

  it('needs at least one branch, at most 10, each with a name of its own', () => {
    expect(branchNode.status({ branches: [] })).toEqual(setupNeeded('Add at least one branch'));
    const named = (id: string) => ({ id, nextNodeId: null, condition: { and: [{ isNotEmpty: [{ var: 'answers.w1' }] }] } });
    const eleven = { branches: Array.from({ length: 11 }, (_, i) => named(`B${i}`)) };
    expect(branchNode.rules(eleven)).toEqual([{ path: 'branches', message: 'A branch step can have at most 10 branches' }]);
    const clash = [named('Pro'), named(' pro '), named('  ')];
    expect(branchNode.rules({ branches: clash })).toEqual([
      { path: 'branches.1.id', message: copy.workflowSteps.branch.duplicateName },
      { path: 'branches.2.id', message: copy.workflowSteps.branch.nameRequired },
    ]);
    expect(BranchNodeTemplate.safeParse({ branches: clash.slice(0, 2) }).success).toBe(false);
  });

  it('declares one edge per branch labelled by its name, then Otherwise (its own nextNodeId)', () => {
    const node = {
      nextNodeId: 'n9',
      template: {
        branches: [
          { id: 'Pro', nextNodeId: 'n1', condition: { and: [] } },
          { id: 'Free', nextNodeId: null, condition: { and: [] } },
        ],
      },
    };
    expect(branchNode.edges(node)).toEqual([
      { path: 'template.branches.0.nextNodeId', target: 'n1', label: 'Pro' },
      { path: 'template.branches.1.nextNodeId', target: null, label: 'Free' },
      { path: 'nextNodeId', target: 'n9', label: 'Otherwise' },
    ]);
    expect(branchNode.edges({ nextNodeId: null, template: null })).toEqual([{ path: 'nextNodeId', target: null, label: 'Otherwise' }]);
  });

  it('takes the first branch whose condition holds', () => {
    const template = branchNode.schema.parse({
      branches: [
        { id: 'Big', nextNodeId: 'n1', condition: { seats: { gt: 10 } } },
        { id: 'Pro', nextNodeId: 'n2', condition: { w3: 'o2' } },
        { id: 'Empty', nextNodeId: 'n3', condition: { and: [] } },
      ],
    });
    expect(chooseBranch(template, { answers: { seats: 20, w3: 'o2' } })).toBe(0);
    expect(chooseBranch(template, { answers: { seats: 2, w3: 'o2' } })).toBe(1);
    expect(chooseBranch(template, { answers: { seats: 2, w3: 'o1' } })).toBe(-1);
    expect(branchNode.outputs({})).toEqual([{ field: 'branch', label: 'Branch taken' }]);
  });

  it('names a new branch after the ones taken', () => {
    expect(newBranchName(['Branch 1', 'Branch 2'])).toBe('Branch 3');
    expect(newBranchName(['branch 1', 'Pro'])).toBe('Branch 2');
    expect(newBranchName([])).toBe('Branch 1');
  });
});

describe('after a branch: what a step may read', () => {
  /** trigger → d1 (delay) → b1 (branch: Pro → pro, Free → free, Otherwise → other); pro → end; free → end. */
  const template = WorkflowTemplate.parse({
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'f' }, nextNodeId: 'd1' },
    nodes: {
      d1: { type: 'delay', template: { delay: 1, units: 'hours' }, nextNodeId: 'b1' },
      b1: {
        type: 'branch',
        nextNodeId: 'other',
        template: {
          branches: [
            { id: 'Pro', nextNodeId: 'pro', condition: { w3: 'o2' } },
            { id: 'Free', nextNodeId: 'free', condition: { w3: 'o1' } },
          ],
        },
      },
      pro: { type: 'email', template: completeEmail(), nextNodeId: 'end' },
      free: { type: 'email', template: completeEmail(), nextNodeId: 'end' },
      other: { type: 'email', template: completeEmail(), nextNodeId: null },
      end: { type: 'email', template: completeEmail(), nextNodeId: null },
    },
  });

  it('reads the steps before it through every branch, never a step on another branch', () => {
    expect(ancestorNodeIds(template, 'pro')).toEqual(['d1', 'b1']);
    expect(ancestorNodeIds(template, 'other')).toEqual(['d1', 'b1']);
    expect(ancestorNodeIds(template, 'end')).toEqual(['d1', 'b1', 'pro', 'free']);
    const groups = workflowVariables({ template, nodeId: 'pro', nodeTitle: (type) => (type === 'branch' ? 'Branch' : type === 'delay' ? 'Delay' : type) });
    expect(groups.filter((group) => group.key.startsWith('nodes.'))).toEqual([
      { key: 'nodes.d1', label: 'Delay (d1)', variables: [{ path: 'nodes.d1.until', label: 'Waited until' }] },
      { key: 'nodes.b1', label: 'Branch (b1)', variables: [{ path: 'nodes.b1.branch', label: 'Branch taken' }] },
    ]);
  });

  it("offers conditions the form's hidden fields, calculations, then earlier steps' outputs", () => {
    const form: FlowTemplate = { ...exampleFormTemplate(), urlParams: [{ id: 'u', name: 'utm_source' }] };
    expect(workflowConditionSubjects({ template, nodeId: 'pro', formTemplate: form })).toEqual([
      { path: 'urlParams.utm_source', source: 'urlParam', kind: 'text', label: 'utm_source' },
      { path: 'nodes.d1.until', source: 'step', kind: 'text', label: 'Waited until', group: 'delay (d1)' },
      { path: 'nodes.b1.branch', source: 'step', kind: 'text', label: 'Branch taken', group: 'branch (b1)' },
    ]);
    expect(workflowConditionSubjects({ template, nodeId: 'd1' })).toEqual([]);
  });

  it('publishes once every step is complete', () => {
    expect(templatePublishErrors(template)).toEqual([]);
    const withBranchEmpty = WorkflowTemplate.parse({
      ...template,
      nodes: { ...template.nodes, b1: { ...template.nodes.b1, template: { branches: [{ id: 'Pro', nextNodeId: 'pro', condition: { and: [] } }] } } },
    });
    expect(templatePublishErrors(withBranchEmpty)).toContainEqual({ path: 'nodes.b1.template.branches.0.condition', message: 'Add a condition to Pro' });
  });
});

describe('the gallery: email_with_delay and email_with_filter (spec 001 §2)', () => {
  it('puts a 30-minute delay before the thank-you email', () => {
    const template = emailWithDelayTemplate({ flowPublicIdentifier: 'abc', emailWidgetId: 'w2', nodeId: 'n1', stepNodeId: 'd1' });
    expect(template).toEqual({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'd1' },
      nodes: {
        d1: { type: 'delay', template: { delay: 30, units: 'minutes' }, nextNodeId: 'n1' },
        n1: expect.objectContaining({ type: 'email', nextNodeId: null, template: expect.objectContaining({ recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] } }) }),
      },
    });
    expect(templatePublishErrors(WorkflowTemplate.parse(template))).toEqual([]);
  });

  it("filters on the form's first choice question's first option", () => {
    const template = emailWithFilterTemplate({ flowPublicIdentifier: 'abc', emailWidgetId: 'w2', formTemplate: exampleFormTemplate(), nodeId: 'n1', stepNodeId: 'f1' });
    expect(template.trigger.nextNodeId).toBe('f1');
    expect(template.nodes.f1).toEqual({ type: 'filter', template: { condition: { and: [{ equals: [{ var: 'answers.w3' }, 'o1'] }] } }, nextNodeId: 'n1' });
    expect(templatePublishErrors(WorkflowTemplate.parse(template))).toEqual([]);
  });

  it('uses contains for a question of several choices, and leaves the filter to set up without one', () => {
    const form = exampleFormTemplate({ withPlan: false });
    expect(firstChoiceCondition(form)).toEqual({ and: [] });
    const template = emailWithFilterTemplate({ flowPublicIdentifier: 'abc', emailWidgetId: 'w2', formTemplate: form, stepNodeId: 'f1' });
    expect(nodeSetupStatus(template.nodes.f1!)).toEqual(setupNeeded('Add a condition'));
    const page = form.steps.s1!;
    if (page.type !== 'form') throw new Error('the example form starts with a form page');
    page.template.widgets.push(
      { id: 'w4', name: 'Topics', type: 'Checkboxes', template: { label: 'Topics', required: false, options: [{ id: 't1', label: 'News' }] } },
      { id: 'w5', name: 'Plan', type: 'Dropdown', template: { label: 'Plan', required: false, options: [{ id: 'p1', label: 'Free' }] } },
    );
    expect(firstChoiceCondition(form)).toEqual({ and: [{ contains: [{ var: 'answers.w4' }, 't1'] }] });
  });
});
