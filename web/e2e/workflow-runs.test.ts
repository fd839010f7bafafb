/**
 * A workflow's runs page, a failed run's page and the test runs in headless Chromium, at 1280 px and at 390 px: no WCAG 2 A/AA
 * violation (axe-core, colour contrast included), nothing wider than the screen, and the failed step's error and
 * 'Retry from this step' in view. The workflow (n1 emails a fixed address; n2 emails the Name answer, which is no
 * address, so it fails) is made through the API as its owner, and a respondent submits the form.
 */
import type { Browser, Page } from 'playwright-core';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe, signUp } from '@formloom/contracts/api/workspaces-auth/auth';
import { listWorkflowRuns, startTestRun, type WorkflowRunsResponse } from '@formloom/contracts/api/workflows-engine/runs';
import { createWorkflow, enableOrDisableWorkflow, publishWorkflow, type WorkflowResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { apiOf, overflow, useProductInBrowser, violations } from './harness';

const running = useProductInBrowser();

/** Signs an owner up in `page`'s context and makes the form and the live workflow; returns their ids. */
async function ownerWorld(page: Page, url: string, tag: string): Promise<{ flow: string; workflowId: string }> {
  const api = page.request;
  const { post } = apiOf(api, url);
  await post(pathOf(signUp, {}), { firstName: 'Ada', lastName: 'Lovelace', email: `runs-${tag}@example.com`, password: 'analytical-engine' });
  const me = (await (await api.get(`${url}${pathOf(getMe, {})}`)).json()) as { workspaces: { id: number }[] };
  const { flow } = await post<{ flow: { publicIdentifier: string } }>(pathOf(createFlow, {}), {
    name: 'Contact',
    type: 'form',
    workspaceId: me.workspaces[0]!.id,
    flowTemplate: exampleFormTemplate(),
  });
  await post(pathOf(publishFlow, { publicIdentifier: flow.publicIdentifier }), {});
  const template = {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: flow.publicIdentifier }, nextNodeId: 'n1' },
    nodes: {
      n1: {
        type: 'email',
        nextNodeId: 'n2',
        template: {
          email: { subject: 'Thanks {{answers.w1}}', from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hi {{answers.w1}}' }] },
          recipients: { type: 'string', list: [{ email: 'ada@example.com' }] },
        },
      },
      n2: {
        type: 'email',
        nextNodeId: null,
        template: {
          email: { subject: 'To the name', from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hello' }] },
          recipients: { type: 'picker', list: [{ email: { var: 'answers.w1' } }] },
        },
      },
    },
  };
  const { workflow } = await post<WorkflowResponse>(pathOf(createWorkflow, {}), { template, isHidden: false, name: 'Thank you' });
  await post(pathOf(publishWorkflow, {}), { id: workflow.id, template });
  await post(pathOf(enableOrDisableWorkflow, {}), { id: workflow.id, isActive: true });
  return { flow: flow.publicIdentifier, workflowId: workflow.id };
}

/** Audits the runs page and the failed run's page at `viewport`; the problems found, by screen. */
async function auditAt(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const check = async (page: Page, screen: string) => {
    const list = await violations(page);
    const wider = await overflow(page);
    if (wider > 0) list.push(`the page is ${wider} px wider than the window`);
    if (list.length > 0) found[screen] = list;
  };
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  const { flow, workflowId } = await ownerWorld(page, url, String(viewport.width));

  const visitor = await browser.newContext();
  const submitted = await visitor.request.post(`${url}${pathOf(submitAnswers, { publicIdentifier: flow })}`, {
    data: { answers: { w1: 'Ada Lovelace, not an address', w2: 'ada.lovelace@example.com', w3: 'o2' } },
  });
  expect(submitted.status()).toBe(201);
  await visitor.close();
  let runId = '';
  for (let tries = 0; tries < 200 && !runId; tries += 1) {
    const body = (await (await page.request.get(`${url}${pathOf(listWorkflowRuns, { id: workflowId })}`)).json()) as WorkflowRunsResponse;
    runId = body.runs.find((run) => run.status === 'failed')?.id ?? '';
    if (!runId) await page.waitForTimeout(100);
  }
  expect(runId).not.toBe('');

  await page.goto(`${url}/editor/${flow}/workflows-edit/${workflowId}/runs`);
  await page.locator('[data-testid="workflow-run"][data-status="failed"]').waitFor();
  await check(page, 'runs');

  await page.locator('[data-testid="workflow-run"]').first().click();
  await page.getByTestId('workflow-run-page').waitFor();
  const failed = page.locator('[data-testid="run-step"][data-node-id="n2"]');
  await failed.getByTestId('run-step-error').waitFor();
  await failed.getByRole('button', { name: copy.workflowRuns.retryFromStep }).waitFor();
  await check(page, 'failed run, failed step open');
  const sent = page.locator('[data-testid="run-step"][data-node-id="n1"]');
  await sent.getByRole('button', { name: copy.workflowRuns.showDetails('Email') }).click();
  await sent.getByRole('tab', { name: copy.workflowRuns.output }).click();
  await sent.getByTestId('run-step-output').waitFor();
  await check(page, 'failed run, both steps open');

  // A test run of the draft: the test runs' list, with 'Delete test runs'.
  const started = await page.request.post(`${url}${pathOf(startTestRun, { id: workflowId })}`, { data: {} });
  expect(started.status()).toBe(201);
  await page.goto(`${url}/editor/${flow}/workflows-edit/${workflowId}/runs?mode=edit`);
  await page.locator('[data-testid="workflow-run"]').first().waitFor();
  await page.getByRole('button', { name: copy.workflowRuns.deleteTestRuns }).waitFor();
  await check(page, 'test runs');

  await context.close();
  return found;
}

it.each([
  ['desktop', { width: 1280, height: 800 }],
  ['390 px', { width: 390, height: 844 }],
])('shows the runs and a failed run without an accessibility problem or overflow (%s)', async (_label, viewport) => {
  expect(await auditAt(running.browser(), running.product().url, viewport)).toEqual({});
});
