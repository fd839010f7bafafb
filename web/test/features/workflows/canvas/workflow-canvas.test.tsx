/**
 * The workflow canvas as a user meets it (src/features/workflows/canvas, spec 001 §2 "Workflow canvas", "Add-action
 * popover", §4 "Adding a node"), against the real product: the trigger and the nodes as cards with their setup status
 * lines, the edges leaving a branch labelled by the branch's name; adding a delay after the trigger from the "+"
 * (selected, its panel open, the draft unsaved, leaving asks first); deleting a node after confirming; Save storing the
 * draft on the server; a refused Publish marking the node it concerns; a viewer sees no add, delete or save; the trigger
 * picker's five form triggers; the popover's types (no AI for the EU_AGENT region, Beta on approval).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createWorkflow, getWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { emptyWorkflowCondition } from '@formloom/contracts/workflows/conditions';
import { paths } from '../../../../src/config/paths';
import { addActionOptions, AGENT_DATA_REGION } from '../../../../src/features/workflows/canvas/add-action-popover';
import { callEndpoint } from '../../../../src/lib/api-client';
import { currentUrl, renderApp, signInOrganizationMember, signUpUser } from '../../../render-app';

jest.setTimeout(120_000);

/** An owner, a form and a workflow: trigger → wait (delay) → choose (branch: Yes → after, No → nowhere). */
async function world(): Promise<{ flow: string; workflowId: string; organizationId: number; workspaceId: number }> {
  await signUpUser();
  const me = await callEndpoint(getMe, {});
  const workspace = me.workspaces[0]!;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Contact', type: 'form', workspaceId: workspace.id, flowTemplate: exampleFormTemplate() } });
  const template: WorkflowTemplate = {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: flow.publicIdentifier }, nextNodeId: 'wait' },
    nodes: {
      wait: { type: 'delay', template: { delay: 30, units: 'minutes' }, nextNodeId: 'choose' },
      choose: {
        type: 'branch',
        nextNodeId: null,
        template: { branches: [{ id: 'Yes', nextNodeId: 'after', condition: emptyWorkflowCondition() }, { id: 'No', nextNodeId: null, condition: emptyWorkflowCondition() }] },
      },
      after: { type: 'delay', template: { delay: 2, units: 'hours' }, nextNodeId: null },
    },
  };
  const { workflow } = await callEndpoint(createWorkflow, { body: { template, isHidden: false, name: 'Follow-up' } });
  return { flow: flow.publicIdentifier, workflowId: workflow.id, organizationId: me.organizations[0]!.id, workspaceId: workspace.id };
}

/** The card of node `nodeId`. */
function card(nodeId: string): HTMLElement {
  const found = screen.getAllByTestId('canvas-card').find((element) => element.getAttribute('data-node-id') === nodeId);
  if (!found) throw new Error(`no card for ${nodeId}`);
  return found;
}

it('shows the graph, adds a delay after the trigger, deletes a node after confirming and saves the draft', async () => {
  const { flow, workflowId } = await world();
  const app = renderApp(paths.workflowCanvas.getHref(flow, workflowId));
  await screen.findByTestId('workflow-canvas');
  expect(screen.getByTestId('workflow-name')).toHaveTextContent('Follow-up');
  expect(screen.getByTestId('workflow-state')).toHaveTextContent(copy.workflows.canvas.draft);

  // The trigger and three nodes, each with its setup status line; the branch's is incomplete.
  const cards = await screen.findAllByTestId('canvas-card');
  expect(cards.map((element) => element.getAttribute('data-kind'))).toEqual(['trigger', 'node', 'node', 'node']);
  expect(within(card('wait')).getByTestId('node-setup-status')).toHaveTextContent('Wait 30 minutes');
  expect(within(card('choose')).getByTestId('node-setup-status').textContent).toMatch(/^Setup needed: /);
  // The edge leaving the branch's 'Yes' is labelled by it; 'No' and 'Otherwise' lead nowhere and offer "+".
  const labels = screen.getAllByTestId('edge-label').map((element) => element.textContent);
  expect(labels).toEqual(['Yes']);
  expect(within(card('choose')).getAllByTestId('handle-label').map((element) => element.textContent)).toEqual(['No', 'Otherwise']);

  // Add a delay after the trigger: the "+" on the trigger's edge, then Delay.
  const plus = screen.getAllByTestId('add-action').find((element) => element.getAttribute('data-source') === 'edge:trigger->nextNodeId')!;
  await app.user.click(plus);
  const popover = await screen.findByTestId('add-action-popover');
  expect(within(popover).getByText('Approval').closest('[data-type]')).toHaveAttribute('data-type', 'approval');
  expect(within(popover).getByText('Beta')).toBeInTheDocument();
  await app.user.click(within(popover).getByText(copy.workflowSteps.delay.title));
  await waitFor(() => expect(screen.getAllByTestId('canvas-card')).toHaveLength(5));
  // The new node is selected and its panel open (`?edit-node=`); the draft is unsaved.
  const panel = await screen.findByTestId('node-panel');
  const newId = panel.getAttribute('data-target')!;
  expect(newId).not.toBe('wait');
  expect(currentUrl(app.router)).toContain(`edit-node=${newId}`);
  expect(within(panel).getByTestId('delay-panel')).toBeInTheDocument();
  expect(within(card(newId)).getByTestId('node-setup-status')).toHaveTextContent('Wait 30 minutes');
  expect(screen.getByTestId('save-state')).toHaveTextContent(copy.workflows.canvas.unsavedChanges);
  // Leaving with unsaved changes asks first; Stay keeps the canvas.
  await app.user.click(screen.getByRole('link', { name: copy.workflows.canvas.runs }));
  expect(await screen.findByText(copy.workflows.canvas.leaveTitle)).toBeInTheDocument();
  await app.user.click(screen.getByRole('button', { name: copy.workflows.canvas.stay }));
  expect(currentUrl(app.router)).toContain(`/editor/${flow}/workflows-edit/${workflowId}`); // still on the canvas
  await app.user.click(within(panel).getByTestId('panel-done'));
  await waitFor(() => expect(screen.queryByTestId('node-panel')).not.toBeInTheDocument());

  // Delete 'wait' after confirming: the new node now leads to the branch.
  // (A click, not a pointer sequence: React Flow's drag handling reads the event's window, which jsdom's lacks.)
  fireEvent.click(card('wait'));
  const actions = await within(card('wait')).findByTestId('card-actions');
  fireEvent.click(within(actions).getByRole('button', { name: copy.workflows.canvas.delete }));
  expect(await screen.findByText(copy.workflows.canvas.deleteTitle)).toBeInTheDocument();
  await app.user.click(screen.getByTestId('confirm-delete'));
  await waitFor(() => expect(screen.getAllByTestId('canvas-card')).toHaveLength(4));
  expect(screen.getAllByTestId('canvas-card').some((element) => element.getAttribute('data-node-id') === 'wait')).toBe(false);

  // Save stores the draft on the server.
  await app.user.click(screen.getByTestId('save-workflow'));
  await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent(copy.workflows.canvas.allSaved));
  const { workflow } = await callEndpoint(getWorkflow, { params: { id: workflowId } });
  expect(workflow.template.trigger.nextNodeId).toBe(newId);
  expect(workflow.template.nodes[newId]).toMatchObject({ type: 'delay', nextNodeId: 'choose' });
  expect(workflow.template.nodes).not.toHaveProperty('wait');
  expect(workflow.publishedAt).toBeNull();

  // Publish is refused while the branch has no conditions: a toast, and the branch's card says why.
  await app.user.click(screen.getByTestId('publish-workflow'));
  expect(await screen.findByText(copy.workflows.canvas.cannotPublish)).toBeInTheDocument();
  await waitFor(() => expect(within(card('choose')).getByTestId('node-problem')).toHaveTextContent('Yes'));
  expect(screen.getByTestId('workflow-state')).toHaveTextContent(copy.workflows.canvas.draft);
});

it('opens a node’s panel from ?edit-node= and shows a viewer the canvas read-only', async () => {
  const { flow, workflowId, organizationId, workspaceId } = await world();
  await signInOrganizationMember(organizationId, { workspaces: [{ workspaceId, accessLevel: 'read' }] });
  renderApp(paths.workflowCanvas.getHref(flow, workflowId, { editNode: 'wait' }));
  const panel = await screen.findByTestId('node-panel');
  expect(panel).toHaveAttribute('data-target', 'wait');
  await waitFor(() => expect(within(panel).getByTestId('delay-amount')).toBeDisabled());
  expect(within(panel).getByTestId('panel-done')).toHaveTextContent(copy.workflows.canvas.close);
  expect(screen.queryAllByTestId('add-action')).toEqual([]);
  expect(screen.queryByTestId('save-workflow')).not.toBeInTheDocument();
  expect(screen.queryByTestId('publish-workflow')).not.toBeInTheDocument();
  expect(within(screen.getAllByTestId('canvas-card')[0]!).getByRole('button', { name: copy.workflows.canvas.view })).toBeInTheDocument();
});

it('changes the trigger from the picker, which offers the five form triggers', async () => {
  const { flow, workflowId } = await world();
  const app = renderApp(paths.workflowCanvas.getHref(flow, workflowId));
  await screen.findByTestId('workflow-canvas');
  await app.user.click(await screen.findByRole('button', { name: copy.workflows.canvas.changeTrigger }));
  const picker = await screen.findByTestId('trigger-picker');
  const offered = within(picker).getAllByRole('menuitem').map((item) => item.getAttribute('data-type'));
  expect(offered).toEqual(['formSubmission', 'formAbandoned', 'beforeEventStarts', 'eventCanceled', 'eventRescheduled']);
  fireEvent.click(within(picker).getByText(copy.workflowTriggers.names.formAbandoned));
  const trigger = screen.getAllByTestId('canvas-card')[0]!;
  await waitFor(() => expect(trigger).toHaveTextContent(copy.workflowTriggers.names.formAbandoned));
  expect(await screen.findByTestId('node-panel')).toHaveAttribute('data-target', 'trigger');
  // The nodes after it stay.
  expect(within(card('wait')).getByTestId('node-setup-status')).toHaveTextContent('Wait 30 minutes');
});

it('offers the action types of a form, without the AI action for the EU_AGENT region', () => {
  const types = addActionOptions('form', undefined).map((ui) => ui.type);
  expect(types).toEqual(expect.arrayContaining(['email', 'delay', 'filter', 'branch', 'approval', 'ai']));
  expect(addActionOptions('form', AGENT_DATA_REGION).map((ui) => ui.type)).not.toContain('ai');
  expect(addActionOptions('form', undefined).find((ui) => ui.type === 'approval')?.badge).toBe('Beta');
});
