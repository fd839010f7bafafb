/**
 * A workflow built on the canvas, tried as a new owner would (spec 001 §2 "Workflow canvas", "Add-action popover",
 * §4 "Adding a node", "Approval states"): from the gallery's thank-you email, the owner inserts filter (Plan is
 * Pro) → branch (Pro / Free) → delay (1 minute) → approval, each from a "+" of the canvas and set in its panel; the
 * thank-you email ends up after the approval's first state, as inserting rewires. Published, the form gets a Pro
 * submission; a minute later the owner approves from the approval email's link; the run's steps completed in order.
 */
import type { Page } from 'playwright-core';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { listMail } from '@formloom/contracts/api/workflows-engine/mail';
import { getWorkflowRun, listWorkflowRuns } from '@formloom/contracts/api/workflows-engine/runs';
import { createWorkflow, type WorkflowResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { apiOf, eventually, signUpInBrowser, useProductInBrowser } from './harness';

const running = useProductInBrowser();

/** Opens the add-action popover of the "+" `source` (its `data-source`) and picks `title`; the new node's id. */
async function addAction(page: Page, source: string, title: string): Promise<string> {
  await page.locator(`[data-testid="add-action"][data-source="${source}"]`).click();
  await page.getByTestId('add-action-popover').waitFor();
  await page.getByRole('menuitem', { name: new RegExp(`^${title}`) }).click();
  const panel = page.getByTestId('node-panel');
  await panel.waitFor();
  return (await panel.getAttribute('data-target'))!;
}

/** In the open panel, sets the `index`-th condition editor to "Plan is `plan`" (adding its first row). */
async function planIs(page: Page, plan: 'Free' | 'Pro', index = 0): Promise<void> {
  const editor = page.getByTestId('node-panel').getByTestId('condition-editor').nth(index);
  if ((await editor.getByTestId('condition-row').count()) === 0) await editor.getByTestId('add-condition').click();
  await editor.getByTestId('condition-question').click();
  await page.getByRole('option', { name: /Plan/ }).first().click();
  await editor.getByTestId('condition-value').click();
  await page.getByRole('option', { name: plan, exact: true }).click();
}

/** The setup status line of the card of node `nodeId`. */
function statusOf(page: Page, nodeId: string): Promise<string | null> {
  return page.locator(`[data-testid="canvas-card"][data-node-id="${nodeId}"]`).getByTestId('node-setup-status').textContent();
}

it('builds filter → branch → delay → approval → email on the canvas, and a Pro submission runs it in order once approved', async () => {
  const { url } = running.product();
  const page = await running.browser().newPage({ viewport: { width: 1280, height: 900 } });
  await signUpInBrowser(page, url, 'builder@example.com');
  const api = page.request;
  const { post, get } = apiOf(api, url);
  const me = await get<{ workspaces: { id: number }[] }>(pathOf(getMe));
  const { flow } = await post<{ flow: { publicIdentifier: string } }>(pathOf(createFlow), {
    name: 'Orders',
    type: 'form',
    workspaceId: me.workspaces[0]!.id,
    flowTemplate: exampleFormTemplate(),
  });
  await post(pathOf(publishFlow, { publicIdentifier: flow.publicIdentifier }), {});
  const { workflow } = await post<WorkflowResponse>(pathOf(createWorkflow), { galleryTemplate: 'thank_you_email', flowPublicIdentifier: flow.publicIdentifier });
  const emailId = workflow.template.trigger.nextNodeId!;

  await page.goto(`${url}/editor/${flow.publicIdentifier}/workflows-edit/${workflow.id}`);
  await page.locator(`[data-testid="canvas-card"][data-node-id="${emailId}"]`).waitFor();

  // Filter after the trigger: Plan is Pro.
  const filterId = await addAction(page, 'edge:trigger->nextNodeId', copy.workflowSteps.filter.title);
  await planIs(page, 'Pro');
  await page.getByTestId('panel-done').click();
  expect(await statusOf(page, filterId)).not.toMatch(/^Setup needed/);

  // Branch after the filter: Branch 1 when Pro, Branch 2 when Free.
  const branchId = await addAction(page, `edge:${filterId}->nextNodeId`, copy.workflowSteps.branch.title);
  await planIs(page, 'Pro', 0);
  await planIs(page, 'Free', 1);
  await page.getByTestId('panel-done').click();
  expect(await statusOf(page, branchId)).not.toMatch(/^Setup needed/);

  // Delay of 1 minute after Branch 1 (the email moved there when the branch came in).
  const delayId = await addAction(page, `edge:${branchId}->template.branches.0.nextNodeId`, copy.workflowSteps.delay.title);
  await page.getByTestId('node-panel').getByTestId('delay-amount').fill('1');
  await page.getByTestId('panel-done').click();
  expect(await statusOf(page, delayId)).toBe('Wait 1 minute');

  // Approval after the delay: the owner is its approver by default.
  const approvalId = await addAction(page, `edge:${delayId}->nextNodeId`, 'Approval');
  await page.getByTestId('approval-panel').waitFor();
  await page.getByTestId('panel-done').click();
  expect(await statusOf(page, approvalId)).not.toMatch(/^Setup needed/);

  await page.getByTestId('publish-workflow').click();
  await page.getByTestId('workflow-state').getByText(copy.workflows.canvas.live).waitFor();
  const { workflow: live } = await get<WorkflowResponse>(`/admin/workflows/${workflow.id}`);
  expect(live.template.trigger.nextNodeId).toBe(filterId);
  expect(live.template.nodes[filterId]!.nextNodeId).toBe(branchId);
  expect((live.template.nodes[branchId]!.template as { branches: { nextNodeId: string | null }[] }).branches[0]!.nextNodeId).toBe(delayId);
  expect(live.template.nodes[delayId]!.nextNodeId).toBe(approvalId);
  const states = (live.template.nodes[approvalId]!.template as { states: { id: string; name: string; nextNodeId: string | null }[] }).states;
  expect(states[0]!.nextNodeId).toBe(emailId);

  // A Pro submission; after the minute's delay, the approval email; the owner decides from its link.
  await post(pathOf(submitAnswers, { publicIdentifier: flow.publicIdentifier }), { answers: { w1: 'Grace Hopper', w2: 'grace@example.com', w3: 'o2' } });
  let link = '';
  const firstState = states[0]!.name;
  await eventually(async () => {
    const { messages } = await get<{ messages: { to: string[]; text: string }[] }>(`${pathOf(listMail)}?limit=20`);
    const found = messages.find((message) => message.to.includes('builder@example.com'))?.text.match(new RegExp(`${firstState}: (\\S+)`))?.[1];
    if (found) link = found;
    return Boolean(found);
  }, 120_000);
  const approver = await running.browser().newPage();
  await approver.goto(link);
  await approver.getByRole('button', { name: copy.approval.confirm(firstState) }).click();
  await approver.getByText(copy.approval.recorded(firstState)).waitFor();

  await eventually(async () => {
    const { runs } = await get<{ runs: { status: string }[] }>(pathOf(listWorkflowRuns, { id: workflow.id }));
    return runs[0]?.status === 'succeeded';
  });
  const { runs } = await get<{ runs: { id: string }[] }>(pathOf(listWorkflowRuns, { id: workflow.id }));
  const { run } = await get<{ run: { steps: { nodeId: string; status: string }[] } }>(pathOf(getWorkflowRun, { id: workflow.id, runId: runs[0]!.id }));
  expect(run.steps.map((step) => [step.nodeId, step.status])).toEqual([
    [filterId, 'succeeded'],
    [branchId, 'succeeded'],
    [delayId, 'succeeded'],
    [approvalId, 'succeeded'],
    [emailId, 'succeeded'],
  ]);
  const { messages } = await get<{ messages: { to: string[] }[] }>(`${pathOf(listMail)}?limit=20`);
  expect(messages.filter((message) => message.to.includes('grace@example.com'))).toHaveLength(1);

  // The run's page shows the steps in that order.
  await page.goto(`${url}/editor/${flow.publicIdentifier}/workflows-edit/${workflow.id}/runs/${runs[0]!.id}`);
  await page.getByText(copy.workflowSteps.delay.title).first().waitFor();
});
