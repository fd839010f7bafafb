/**
 * The workflow canvas in headless Chromium (spec 001 §2 "Workflow canvas", "Add-action popover", §4 "Adding a node"):
 * an owner's thank-you workflow (made through the API from the gallery) opens on the canvas; a delay is added after the
 * trigger from the "+" and set to 10 hours in its panel; Save keeps it across a reload; Publish makes the workflow
 * Live; a node is deleted after confirming. Then the canvas at 390 px: nothing wider than the screen. And connecting by
 * dragging (spec 001 §4 "Connection rules"): a branch's free handle dragged onto another card draws the arrow (kept by
 * Save); a drag that would close a loop is refused with the spec's text. A card dragged elsewhere stays there across
 * Save and a reload, and "Tidy up" lays the graph out again. Screenshots go to `CANVAS_SCREENSHOTS` when set.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe, signUp } from '@formloom/contracts/api/workspaces-auth/auth';
import { createWorkflow, type WorkflowResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { apiOf, overflow, useProductInBrowser, violations } from './harness';

const running = useProductInBrowser();

/** Signs an owner up in `page`'s context, makes a form and a thank-you workflow from the gallery; their ids. */
async function ownerWorld(page: Page, url: string, tag: string): Promise<{ flow: string; workflowId: string }> {
  const api = page.request;
  const { post } = apiOf(api, url);
  await post(pathOf(signUp, {}), { firstName: 'Ada', lastName: 'Lovelace', email: `canvas-${tag}@example.com`, password: 'analytical-engine' });
  const me = (await (await api.get(`${url}${pathOf(getMe, {})}`)).json()) as { workspaces: { id: number }[] };
  const { flow } = await post<{ flow: { publicIdentifier: string } }>(pathOf(createFlow, {}), {
    name: 'Contact',
    type: 'form',
    workspaceId: me.workspaces[0]!.id,
    flowTemplate: exampleFormTemplate(),
  });
  const { workflow } = await post<WorkflowResponse>(pathOf(createWorkflow, {}), { galleryTemplate: 'thank_you_email', flowPublicIdentifier: flow.publicIdentifier });
  return { flow: flow.publicIdentifier, workflowId: workflow.id };
}

/** Saves a screenshot of the page when `CANVAS_SCREENSHOTS` names a folder. */
async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.CANVAS_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

it('adds a delay from the popover, saves it across a reload, publishes and deletes a node after confirming', async () => {
  const url = running.product().url;
  const context = await running.browser().newContext({ viewport: { width: 1280, height: 860 }, bypassCSP: true });
  const page = await context.newPage();
  const { flow, workflowId } = await ownerWorld(page, url, 'wide');
  await page.goto(`${url}/editor/${flow}/workflows-edit/${workflowId}`);
  const cards = page.getByTestId('canvas-card');
  await page.locator('[data-testid="canvas-card"][data-kind="node"]').first().waitFor();
  expect(await cards.count()).toBe(2);
  await shoot(page, 'canvas-1280');
  expect(await violations(page)).toEqual([]);

  // The "+" on the trigger's edge → Delay: a new card, selected, with its panel open.
  await page.locator('[data-testid="add-action"][data-source="edge:trigger->nextNodeId"]').click();
  await page.getByTestId('add-action-popover').waitFor();
  await shoot(page, 'canvas-popover-1280');
  await page.getByRole('menuitem', { name: new RegExp(`^${copy.workflowSteps.delay.title}`) }).click();
  const panel = page.getByTestId('node-panel');
  await panel.waitFor();
  const newId = (await panel.getAttribute('data-target'))!;
  await panel.getByTestId('delay-amount').fill('10');
  await panel.getByTestId('delay-units').click();
  await page.getByRole('option', { name: 'hours' }).click();
  await shoot(page, 'canvas-panel-1280');
  await panel.getByTestId('panel-done').click();
  const added = page.locator(`[data-testid="canvas-card"][data-node-id="${newId}"]`);
  await expect(added.getByTestId('node-setup-status').textContent()).resolves.toBe('Wait 10 hours');
  await expect(page.getByTestId('save-state').textContent()).resolves.toBe(copy.workflows.canvas.unsavedChanges);

  // Save, reload: still there.
  await page.getByTestId('save-workflow').click();
  await page.getByTestId('save-state').getByText(copy.workflows.canvas.allSaved).waitFor();
  await page.reload();
  await added.getByTestId('node-setup-status').getByText('Wait 10 hours').waitFor();
  expect(await cards.count()).toBe(3);

  // Publish: Live.
  await page.getByTestId('publish-workflow').click();
  await page.getByTestId('workflow-state').getByText(copy.workflows.canvas.live).waitFor();

  // Delete the email after confirming.
  const emailCard = page.locator(`[data-testid="canvas-card"][data-kind="node"]:not([data-node-id="${newId}"])`);
  expect(await emailCard.count()).toBe(1);
  await emailCard.click();
  await emailCard.getByRole('button', { name: copy.workflows.canvas.delete }).click();
  await page.getByText(copy.workflows.canvas.deleteTitle).waitFor();
  await page.getByTestId('confirm-delete').click();
  await page.waitForFunction(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('[data-testid="canvas-card"]').length === 2);
  await shoot(page, 'canvas-deleted-1280');
  expect(await overflow(page)).toBe(0);

  // A branch after the delay: its handles carry the branches' names and 'Otherwise'.
  await page.locator(`[data-testid="add-action"][data-source="${newId}:nextNodeId"]`).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${copy.workflowSteps.branch.title}`) }).click();
  await page.getByTestId('node-panel').waitFor();
  await page.getByTestId('panel-done').click();
  const labels = page.locator('[data-testid="canvas-card"][data-kind="node"]').getByTestId('handle-label');
  await labels.first().waitFor();
  expect(await labels.allTextContents()).toEqual(['Branch 1', 'Branch 2', copy.workflowSteps.branch.otherwise]);
  await shoot(page, 'canvas-branch-1280');
  expect(await violations(page)).toEqual([]);

  // A phone: the canvas fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('save-workflow').click();
  await page.getByTestId('save-state').getByText(copy.workflows.canvas.allSaved).waitFor();
  await page.reload();
  await page.locator(`[data-testid="canvas-card"][data-node-id="${newId}"]`).click();
  await shoot(page, 'canvas-390');
  await page.locator(`[data-testid="canvas-card"][data-node-id="${newId}"]`).getByRole('button', { name: copy.workflows.canvas.edit }).click();
  await page.getByTestId('node-panel').waitFor();
  await shoot(page, 'canvas-panel-390');
  expect(await overflow(page)).toBe(0);
  await context.close();
});

/** Drags from `from`'s centre to `to`'s centre with the mouse, in small steps (React Flow follows pointer moves). */
async function drag(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>): Promise<void> {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** A new owner's thank-you workflow open on the canvas at 1280 px (`tag` names the owner); its email card. */
async function openThankYouCanvas(tag: string) {
  const url = running.product().url;
  const context = await running.browser().newContext({ viewport: { width: 1280, height: 860 }, bypassCSP: true });
  const page = await context.newPage();
  const { flow, workflowId } = await ownerWorld(page, url, tag);
  await page.goto(`${url}/editor/${flow}/workflows-edit/${workflowId}`);
  const emailCard = page.locator('[data-testid="canvas-card"][data-kind="node"]').first();
  await emailCard.waitFor();
  const emailId = (await emailCard.getAttribute('data-node-id'))!;
  return { context, page, emailCard, emailId };
}

it('connects two cards by dragging from a handle, and refuses a connection that would make a loop', async () => {
  const { context, page, emailId } = await openThankYouCanvas('connect');

  // trigger → email → branch (Branch 1 → a delay; Branch 2 and Otherwise lead nowhere).
  await page.locator(`[data-testid="add-action"][data-source="${emailId}:nextNodeId"]`).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${copy.workflowSteps.branch.title}`) }).click();
  const branchId = (await page.getByTestId('node-panel').getAttribute('data-target'))!;
  await page.getByTestId('panel-done').click();
  await page.locator(`[data-testid="add-action"][data-source="${branchId}:template.branches.0.nextNodeId"]`).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${copy.workflowSteps.delay.title}`) }).click();
  const delayId = (await page.getByTestId('node-panel').getAttribute('data-target'))!;
  await page.getByTestId('panel-done').click();
  const edges = page.getByTestId('canvas-edge');
  await page.locator(`[data-testid="canvas-card"][data-node-id="${delayId}"]`).waitFor();
  const before = await edges.count();

  // Branch 2's handle dragged onto the delay: a second arrow into it, labelled 'Branch 2'; the "+" under it is gone.
  const handle = (nodeId: string, kind: 'source' | 'target', handleId?: string) =>
    page.locator(`.react-flow__handle.${kind}[data-nodeid="node:${nodeId}"]${handleId ? `[data-handleid="${handleId}"]` : ''}`);
  await drag(page, handle(branchId, 'source', 'template.branches.1.nextNodeId'), handle(delayId, 'target'));
  await page.locator(`[data-testid="canvas-edge"][data-label="Branch 2"]`).waitFor();
  expect(await edges.count()).toBe(before + 1);
  expect(await page.locator(`[data-testid="add-action"][data-source="${branchId}:template.branches.1.nextNodeId"]`).count()).toBe(0);
  await expect(page.getByTestId('save-state').textContent()).resolves.toBe(copy.workflows.canvas.unsavedChanges);

  // The delay's free handle dragged onto the email, which leads to it: refused with the spec's text, nothing drawn.
  await drag(page, handle(delayId, 'source', 'nextNodeId'), handle(emailId, 'target'));
  await page.getByTestId('canvas-refusal').getByText(copy.workflows.loopDetected).waitFor();
  expect(await edges.count()).toBe(before + 1);

  // Saved, the connection is kept.
  await page.getByTestId('save-workflow').click();
  await page.getByTestId('save-state').getByText(copy.workflows.canvas.allSaved).waitFor();
  await page.reload();
  await page.locator(`[data-testid="canvas-edge"][data-label="Branch 2"]`).waitFor();
  await context.close();
});

/** The flow position of card `cardId` (React Flow's `translate(x px, y px)` of its node; px of the graph). */
async function flowPosition(page: Page, cardId: string): Promise<{ x: number; y: number }> {
  const transform = await page.locator(`.react-flow__node[data-id="${cardId}"]`).evaluate((element) => (element as unknown as { style: { transform: string } }).style.transform);
  const [, x, y] = /translate\(\s*(-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform) ?? [];
  return { x: Number(x), y: Number(y) };
}

it('moves a card by dragging it, keeps it there across Save and a reload, and tidies up', async () => {
  const { context, page, emailCard, emailId } = await openThankYouCanvas('move');
  const cardId = `node:${emailId}`;
  const laidOut = await flowPosition(page, cardId);
  expect(await page.getByTestId('canvas-tidy-up').count()).toBe(0);

  // Grabbed by its icon and dropped 180 px right and 60 px down. (React Flow starts the drag once the pointer has
  // moved DRAG_THRESHOLD_PX; the card then follows it, less the move that started the drag.)
  const box = (await emailCard.boundingBox())!;
  await page.mouse.move(box.x + 24, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 24 + 180, box.y + box.height / 2 + 60, { steps: 30 });
  await page.mouse.up();
  await expect(page.getByTestId('save-state').textContent()).resolves.toBe(copy.workflows.canvas.unsavedChanges);
  const zoom = box.width / 240;
  const dropped = await flowPosition(page, cardId);
  expect((dropped.x - laidOut.x) * zoom).toBeGreaterThan(170);
  expect((dropped.y - laidOut.y) * zoom).toBeGreaterThan(55);
  expect(await page.getByTestId('node-panel').count()).toBe(0);
  await shoot(page, 'canvas-moved-1280');

  // Saved and reloaded: where it was dropped.
  await page.getByTestId('save-workflow').click();
  await page.getByTestId('save-state').getByText(copy.workflows.canvas.allSaved).waitFor();
  await page.reload();
  await emailCard.waitFor();
  const reloaded = await flowPosition(page, cardId);
  expect(Math.abs(reloaded.x - dropped.x)).toBeLessThan(1);
  expect(Math.abs(reloaded.y - dropped.y)).toBeLessThan(1);

  expect(await violations(page)).toEqual([]);

  // "Tidy up": laid out again as at first, and nothing left to tidy.
  await page.getByTestId('canvas-tidy-up').click();
  await page.waitForFunction(
    ([id, x, y]) => {
      const element = (globalThis as unknown as { document: { querySelector(s: string): { style: { transform: string } } | null } }).document.querySelector(`.react-flow__node[data-id="${id}"]`);
      return element?.style.transform.replace(/\s/g, '') === `translate(${x}px,${y}px)`;
    },
    [cardId, laidOut.x, laidOut.y] as const,
  );
  expect(await page.getByTestId('canvas-tidy-up').count()).toBe(0);
  await context.close();
});
