/**
 * The delay, filter and branch panels of the workflow editor (`features/workflows/nodes/{delay,filter,branch}.tsx`):
 * editing changes the node's template through `onChange` (the canvas keeps it), the status line and the Done rules
 * follow (spec 001 §4, §5), a viewer edits nothing, and the conditions offer the form's questions and the earlier
 * steps' outputs with spec 001 §5's filter operators.
 */
import { useState } from 'react';
import axe from 'axe-core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { nodeUi } from '../../../src/features/workflows/nodes/registry';
import type { NodeUi, WorkflowEditorContext } from '../../../src/features/workflows/nodes/types';

/** The example form (Name w1, Email w2, Plan w3 with Free o1 / Pro o2) and a number question Seats (w4). */
function form(): FlowTemplate {
  const template = exampleFormTemplate();
  const page = template.steps.s1;
  if (page?.type !== 'form') throw new Error('the example form starts with a form page');
  page.template.widgets.push({ id: 'w4', name: 'Seats', type: 'NumberInput', template: { label: 'Seats', required: false } });
  return template;
}

/** trigger → d1 (a delay) → `nodeId` (the node under test). */
function workflow(nodeId: string, node: WorkflowTemplate['nodes'][string]): WorkflowTemplate {
  return {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'd1' },
    nodes: { d1: { type: 'delay', template: { delay: 5, units: 'minutes' }, nextNodeId: nodeId }, [nodeId]: node },
  };
}

/** What a panel was last handed, and how to read it. */
interface Rendered {
  ui: NodeUi;
  /** The template as the panel's `onChange` calls left it (the initial one before any). */
  template(): unknown;
  changes: unknown[];
  user: ReturnType<typeof userEvent.setup>;
}

/** Renders node `nodeId` of `type` with `initial` as its template, keeping what `onChange` gives like the canvas does. */
function renderPanel(type: string, initial: unknown, options: { readOnly?: boolean; nodeId?: string } = {}): Rendered {
  const ui = nodeUi(type);
  if (!ui) throw new Error(`no panel for ${type}`);
  const nodeId = options.nodeId ?? 'x1';
  const changes: unknown[] = [];
  let latest = initial;
  function Canvas() {
    const [template, setTemplate] = useState(initial);
    const node = { type: ui!.type, template: template as Record<string, unknown>, nextNodeId: null };
    const context: WorkflowEditorContext = {
      flowPublicIdentifier: 'abc',
      formTemplate: form(),
      template: workflow(nodeId, node),
      currentUser: { id: 1, email: 'ada@example.com' },
    };
    const Panel = ui!.Panel;
    return (
      <Panel
        nodeId={nodeId}
        node={node}
        status={ui!.status(template)}
        readOnly={options.readOnly ?? false}
        context={context}
        onChange={(next) => {
          changes.push(next);
          latest = next;
          setTemplate(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <Canvas />
    </MantineProvider>,
  );
  return { ui, template: () => latest, changes, user };
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(user: Rendered['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The options a Mantine select labelled `label` offers. */
async function optionsOf(user: Rendered['user'], label: string): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return options;
}

describe('the delay panel', () => {
  it('edits how long and in which unit; Done waits for a delay above 0', async () => {
    const panel = renderPanel('delay', { delay: 30, units: 'minutes' });
    expect(panel.ui.status(panel.template())).toEqual({ complete: true, description: 'Wait 30 minutes' });
    const amount = screen.getByRole('textbox', { name: 'Wait for' });
    expect(amount).toHaveValue('30');

    await panel.user.clear(amount);
    expect(panel.template()).toEqual({ delay: null, units: 'minutes' });
    expect(panel.ui.doneBlocked?.(panel.template())).toEqual({});
    expect(panel.ui.status(panel.template())).toEqual({ complete: false, description: 'Setup needed: Enter a delay greater than 0' });
    expect(screen.getByText('Enter a delay greater than 0')).toBeInTheDocument();

    await panel.user.type(amount, '1.5');
    await choose(panel.user, 'Units', 'days');
    expect(panel.template()).toEqual({ delay: 1.5, units: 'days' });
    expect(panel.ui.doneBlocked?.(panel.template())).toBe(false);
    expect(panel.ui.status(panel.template())).toEqual({ complete: true, description: 'Wait 1.5 days' });

    await panel.user.clear(amount);
    await panel.user.type(amount, '400');
    expect(screen.getByText('A delay can be at most 365 days')).toBeInTheDocument();
  });

  it('shows a viewer the delay without letting them change it', async () => {
    const panel = renderPanel('delay', { delay: 2, units: 'hours' }, { readOnly: true });
    const amount = screen.getByRole('textbox', { name: 'Wait for' });
    expect(amount).toHaveValue('2');
    expect(amount).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Units' })).toBeDisabled();
    await panel.user.type(amount, '5');
    expect(panel.changes).toEqual([]);
  });
});

describe('the filter panel', () => {
  it('starts empty with Done held back, then builds a condition on a question', async () => {
    const panel = renderPanel('filter', { condition: { and: [] } });
    expect(panel.ui.doneBlocked?.(panel.template())).toEqual({});
    expect(panel.ui.status(panel.template())).toEqual({ complete: false, description: 'Setup needed: Add a condition' });

    await panel.user.click(screen.getByTestId('add-condition'));
    expect(panel.ui.doneBlocked?.(panel.template())).toBe(false);
    await choose(panel.user, 'Filter, condition 1: question', 'Plan');
    // A choice question: spec 001 §5's filter operators that fit a single choice.
    expect(await optionsOf(panel.user, 'Filter, condition 1: operator')).toEqual(['equals', 'does not equal', 'is empty', 'is not empty']);
    await choose(panel.user, 'Filter, condition 1: value', 'Pro');
    expect(panel.template()).toEqual({ condition: { and: [{ equals: [{ var: 'answers.w3' }, 'o2'] }] } });
    expect(panel.ui.status(panel.template())).toEqual({ complete: true, description: 'Continue only if 1 condition is met' });
    expect(screen.getByText(/the run stops here/)).toBeInTheDocument();
  });

  it('offers the number operators of spec 001 §5, and no value for is empty', async () => {
    const panel = renderPanel('filter', { condition: { and: [{ equals: [{ var: 'answers.w4' }, 3] }] } });
    expect(await optionsOf(panel.user, 'Filter, condition 1: operator')).toEqual(['equals', 'does not equal', 'less than', 'greater than', 'is empty', 'is not empty']);
    await choose(panel.user, 'Filter, condition 1: operator', 'is empty');
    expect(screen.queryByRole('textbox', { name: 'Filter, condition 1: value' })).toBeNull();
    expect(panel.template()).toEqual({ condition: { and: [{ isEmpty: [{ var: 'answers.w4' }] }] } });
  });

  it("compares earlier steps' outputs, listed under the step", async () => {
    const panel = renderPanel('filter', { condition: { and: [{ isNotEmpty: [{ var: 'answers.w1' }] }] } });
    await panel.user.click(screen.getByRole('combobox', { name: 'Filter, condition 1: question' }));
    const group = (await screen.findByText('Delay (d1)')).closest('[role="group"]') as HTMLElement | null;
    expect(group).not.toBeNull();
    await panel.user.click(within(group!).getByRole('option', { name: 'Waited until' }));
    // A text like the question before: the operator stays.
    expect(panel.template()).toEqual({ condition: { and: [{ isNotEmpty: [{ var: 'nodes.d1.until' }] }] } });
    expect(await optionsOf(panel.user, 'Filter, condition 1: operator')).toEqual(['equals', 'does not equal', 'equals (case non-sensitive)', 'contains', 'is empty', 'is not empty']);
  });

  it("shows a condition stored in the spec's field-to-value form as the comparisons it stands for", async () => {
    renderPanel('filter', { condition: { w3: 'o2', w4: { gt: 10 } } });
    expect(screen.getByRole('combobox', { name: 'Filter, condition 1: question' })).toHaveValue('Plan');
    expect(screen.getByRole('combobox', { name: 'Filter, condition 2: operator' })).toHaveValue('greater than');
  });

  it('lets a viewer see the condition but change nothing', () => {
    renderPanel('filter', { condition: { and: [{ equals: [{ var: 'answers.w3' }, 'o2'] }] } }, { readOnly: true });
    expect(screen.getByRole('combobox', { name: 'Filter, condition 1: question' })).toBeDisabled();
    expect(screen.getByTestId('add-condition')).toBeDisabled();
  });
});

describe('the branch panel', () => {
  const ready = (id: string, nextNodeId: string | null, value: string) => ({ id, nextNodeId, condition: { and: [{ equals: [{ var: 'answers.w3' }, value] }] } });

  it('starts with Branch 1 and Branch 2; adds, removes and keeps one', async () => {
    const panel = renderPanel('branch', {
      branches: [
        { id: 'Branch 1', nextNodeId: null, condition: { and: [] } },
        { id: 'Branch 2', nextNodeId: null, condition: { and: [] } },
      ],
    });
    expect(screen.getAllByTestId('branch-name').map((input) => (input as HTMLInputElement).value)).toEqual(['Branch 1', 'Branch 2']);
    expect(panel.ui.status(panel.template())).toEqual({ complete: false, description: 'Setup needed: Add a condition to Branch 1' });

    await panel.user.click(screen.getByTestId('add-branch'));
    expect(panel.template()).toEqual({
      branches: [
        { id: 'Branch 1', nextNodeId: null, condition: { and: [] } },
        { id: 'Branch 2', nextNodeId: null, condition: { and: [] } },
        { id: 'Branch 3', nextNodeId: null, condition: { and: [] } },
      ],
    });
    await panel.user.click(screen.getByRole('button', { name: 'Remove Branch 1' }));
    await panel.user.click(screen.getByRole('button', { name: 'Remove Branch 2' }));
    expect((panel.template() as { branches: { id: string }[] }).branches.map((branch) => branch.id)).toEqual(['Branch 3']);
    expect(screen.getByRole('button', { name: 'Remove Branch 3' })).toBeDisabled();
  });

  it('gives each branch its own condition, and counts the branches once all are set', async () => {
    const panel = renderPanel('branch', { branches: [ready('Pro', 'n1', 'o2'), { id: 'Free', nextNodeId: 'n2', condition: { and: [] } }] });
    const [, free] = screen.getAllByTestId('branch');
    await panel.user.click(within(free!).getByTestId('add-condition'));
    await choose(panel.user, 'Free, condition 1: question', 'Plan');
    expect(panel.template()).toEqual({
      branches: [ready('Pro', 'n1', 'o2'), { id: 'Free', nextNodeId: 'n2', condition: { and: [{ equals: [{ var: 'answers.w3' }, 'o1'] }] } }],
    });
    expect(panel.ui.status(panel.template())).toEqual({ complete: true, description: '2 branches' });
  });

  it('renames a branch on Enter, refuses a name another branch has, and puts it back on Escape', async () => {
    const panel = renderPanel('branch', { branches: [ready('Pro', 'n1', 'o2'), ready('Free', 'n2', 'o1')] });
    const [, free] = screen.getAllByTestId('branch-name') as HTMLInputElement[];
    await panel.user.clear(free!);
    await panel.user.type(free!, ' pro ');
    expect(screen.getByText('A branch with this name already exists')).toBeInTheDocument();
    await panel.user.keyboard('{Enter}');
    expect(panel.changes).toEqual([]);
    await panel.user.keyboard('{Escape}');
    expect(free).toHaveValue('Free');

    await panel.user.clear(free!);
    expect(screen.getByText('Name this branch')).toBeInTheDocument();
    await panel.user.type(free!, 'Starter{Enter}');
    expect(panel.template()).toEqual({ branches: [ready('Pro', 'n1', 'o2'), { ...ready('Free', 'n2', 'o1'), id: 'Starter' }] });
  });

  it('moves a branch in the checking order, with the step it leads to', async () => {
    const panel = renderPanel('branch', { branches: [ready('Pro', 'n1', 'o2'), ready('Free', 'n2', 'o1')] });
    expect(screen.getByRole('button', { name: 'Move Pro up' })).toBeDisabled();
    await panel.user.click(screen.getByRole('button', { name: 'Move Pro down' }));
    expect(panel.template()).toEqual({ branches: [ready('Free', 'n2', 'o1'), ready('Pro', 'n1', 'o2')] });
  });

  it('lets a viewer see the branches but change nothing', () => {
    renderPanel('branch', { branches: [ready('Pro', 'n1', 'o2')] }, { readOnly: true });
    expect(screen.getByTestId('branch-name')).toHaveAttribute('readonly');
    expect(screen.queryByTestId('add-branch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Pro' })).toBeNull();
  });
});

describe('accessibility', () => {
  it.each([
    ['delay', { delay: 30, units: 'minutes' }],
    ['filter', { condition: { and: [{ equals: [{ var: 'answers.w3' }, 'o2'] }, { gt: [{ var: 'answers.w4' }, 3] }] } }],
    ['branch', { branches: [{ id: 'Pro', nextNodeId: null, condition: { w3: 'o2' } }, { id: 'Free', nextNodeId: null, condition: { and: [] } }] }],
  ])('the %s panel breaks no WCAG 2 A or AA rule axe can check without layout', async (type, template) => {
    renderPanel(type, template);
    // jsdom has no layout: colour contrast is left to the browser tests (web/e2e/accessibility.test.ts).
    const result = await axe.run(document.body, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});
