/**
 * The approver's page (docs/architecture.md "Approvals"), in headless Chromium against the whole product in one process:
 * an owner signs up and, through the API, makes a form and a live workflow whose approval step asks them (Approved /
 * Rejected; 'Why' required when rejecting); a respondent submits; the approval email's 'Rejected' button — read from
 * the mail log — is opened in a fresh browser context (no session): the page shows the submission with 'Rejected'
 * chosen, is axe-clean at 1280 px and 390 px (and fits 390 px), refuses to confirm without 'Why', then records the
 * decision; the run goes on along 'Rejected'; opening the link again says 'Already decided: Rejected by <owner>'.
 * The token never leaves the browser in a URL: the page's API calls carry it in their bodies.
 *
 * axe is injected into the page, so the page's CSP (which admits no inline script) is bypassed for this test only.
 */
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { listMail } from '@formloom/contracts/api/workflows-engine/mail';
import { listWorkflowRuns } from '@formloom/contracts/api/workflows-engine/runs';
import { createWorkflow, enableOrDisableWorkflow, publishWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { APPROVAL_PALETTE, approvalNode } from '@formloom/contracts/workflows/nodes/approval';
import { apiOf, eventually, signUpInBrowser, useProductInBrowser, violations } from './harness';

const running = useProductInBrowser();

it('lets the approver decide from the email, once, on a page that needs no sign-in', async () => {
  const url = running.product().url;
  const browser = running.browser();
  const owner = await browser.newContext();
  const page = await owner.newPage();
  await signUpInBrowser(page, url, 'owner@example.com');
  const api = page.request;
  const { post, get } = apiOf(api, url);

  // A form and a live approval workflow, through the API.
  const me = await get<{ user: { id: number; email: string }; workspaces: { id: number }[] }>(pathOf(getMe));
  const { flow } = await post<{ flow: { publicIdentifier: string } }>(pathOf(createFlow), {
    name: 'Expense claim',
    type: 'form',
    workspaceId: me.workspaces[0]!.id,
    flowTemplate: exampleFormTemplate(),
  });
  await post(pathOf(publishFlow, { publicIdentifier: flow.publicIdentifier }), {});
  const approval = {
    ...approvalNode.defaultTemplate(),
    states: [
      { id: 'yes', name: 'Approved', color: APPROVAL_PALETTE[0], nextNodeId: null },
      { id: 'no', name: 'Rejected', color: APPROVAL_PALETTE[1], nextNodeId: null },
    ],
    approvers: { type: 'users' as const, approvers: [{ userId: me.user.id, email: me.user.email }], slackServiceId: null },
    input: {
      fields: [{ customFieldId: 'why', label: 'Why', required: true, showForStates: { type: 'custom' as const, customStateIds: ['no'] }, type: 'LongAnswer' as const }],
    },
  };
  const template: WorkflowTemplate = {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: flow.publicIdentifier }, nextNodeId: 'a1' },
    nodes: { a1: { type: 'approval', template: approval, nextNodeId: null } },
  };
  const { workflow } = await post<{ workflow: { id: string } }>(pathOf(createWorkflow), { template, name: 'Approve claims' });
  await post(pathOf(publishWorkflow), { id: workflow.id, template });
  await post(pathOf(enableOrDisableWorkflow), { id: workflow.id, isActive: true });

  // A respondent submits.
  await post(pathOf(submitAnswers, { publicIdentifier: flow.publicIdentifier }), { answers: { w1: 'Grace Hopper', w2: 'grace@example.com' } });
  let link = '';
  await eventually(async () => {
    const { messages } = await get<{ messages: { to: string[]; text: string }[] }>(`${pathOf(listMail)}?limit=20`);
    const found = messages.find((message) => message.to.includes('owner@example.com'))?.text.match(/Rejected: (\S+)/)?.[1];
    if (found) link = found;
    return Boolean(found);
  });
  expect(link.startsWith(`${url}/approve#token=`)).toBe(true);

  // The approver opens the 'Rejected' button's link: no session, no app shell.
  const approver = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const view = await approver.newPage();
  const apiCalls: string[] = [];
  view.on('request', (request) => {
    if (request.url().includes('/public/approvals/')) apiCalls.push(request.url());
  });
  await view.goto(link);
  await view.getByRole('heading', { name: copy.approval.pageTitle }).waitFor();
  const submission = view.getByTestId('approval-submission');
  await submission.getByText('Grace Hopper').waitFor();
  expect(await view.getByRole('button', { name: 'Rejected', exact: true }).getAttribute('aria-pressed')).toBe('true');
  expect(await view.getByRole('button', { name: 'Approved', exact: true }).getAttribute('aria-pressed')).toBe('false');
  await view.getByLabel('Why').waitFor();
  expect(await violations(view)).toEqual([]);

  await view.setViewportSize({ width: 390, height: 844 });
  expect(await view.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  expect(await violations(view)).toEqual([]);

  // 'Why' is required for Rejected.
  await view.getByRole('button', { name: copy.approval.confirm('Rejected') }).click();
  await view.getByText(copy.validation.required).waitFor();
  await view.getByLabel('Why').fill('Receipts are missing');
  await view.getByRole('button', { name: copy.approval.confirm('Rejected') }).click();
  await view.getByText(copy.approval.recorded('Rejected')).waitFor();

  // The run went on along 'Rejected' and ended.
  await eventually(async () => {
    const { runs } = await get<{ runs: { status: string; steps: { output: unknown }[] }[] }>(pathOf(listWorkflowRuns, { id: workflow.id }));
    return runs[0]?.status === 'succeeded';
  });
  const { runs } = await get<{ runs: { steps: { output: Record<string, unknown> }[] }[] }>(pathOf(listWorkflowRuns, { id: workflow.id }));
  expect(runs[0]!.steps[0]!.output).toMatchObject({ state: 'Rejected', decidedBy: 'owner@example.com', fields: { why: 'Receipts are missing' } });

  // The link again: the decision, not the form.
  const again = await approver.newPage();
  await again.goto(link);
  await again.getByText(copy.approval.alreadyDecided('Rejected', 'owner@example.com')).waitFor();
  expect(await again.getByTestId('approval-submission').count()).toBe(0);

  // The token went only in request bodies: no API URL carried it.
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.some((call) => call.includes(token))).toBe(false);
});
