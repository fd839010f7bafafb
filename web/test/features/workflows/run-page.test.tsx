/**
 * A workflow's runs as a user meets them (src/features/workflows/runs), against the real product and its SMTP server
 * (`mailbox.ts`; it refuses addresses containing `reject`): a run that failed at its second email shows as a
 * timeline — the trigger, the email that went out, the failed one with its error in red and its input, output and
 * idempotency key — and 'Retry from this step' runs the failed step again (its attempts grow) without sending the
 * first email again; a read-only member sees no retry. The runs page lists live runs, starts a test run of the draft
 * and deletes the test runs after confirming. The pages pass axe's WCAG 2 A/AA rules (colour contrast aside: jsdom
 * has no layout).
 */
import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { getMe, verifyEmail } from '@formloom/contracts/api/workspaces-auth/auth';
import { listWorkflowRuns, type WorkflowRun } from '@formloom/contracts/api/workflows-engine/runs';
import { createWorkflow, enableOrDisableWorkflow, publishWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { confirmationLinkOf, messagesTo } from '../../mailbox';
import { renderApp, signInOrganizationMember, signUpUser, uniqueEmail } from '../../render-app';

jest.setTimeout(120_000);

/** An email node to `to`, going on to `next`. */
function email(to: string, subject: string, next: string | null) {
  return {
    type: 'email' as const,
    nextNodeId: next,
    template: {
      email: { subject, from: { type: 'formloom_notifications' }, blocks: [{ type: 'text', text: 'Hi {{answers.w1}}' }] },
      recipients: { type: 'string', list: [{ email: to }] },
    },
  };
}

/** The owner's world: a confirmed user, a published form and a live workflow; ids and addresses. */
interface World {
  flow: string;
  workflowId: string;
  organizationId: number;
  workspaceId: number;
  /** Where the first email goes (it must arrive once). */
  firstRecipient: string;
}

/**
 * Signs a user up and confirms their address (workflows that email over SMTP need it), publishes the example form
 * (Name, Email, Plan) and a live workflow: n1 emails `firstRecipient`, n2 emails a refused address.
 */
async function world(): Promise<World> {
  const owner = uniqueEmail('owner');
  await signUpUser({ email: owner });
  await waitFor(() => expect(messagesTo(owner).length).toBeGreaterThan(0), { timeout: 15_000 });
  const token = confirmationLinkOf(messagesTo(owner)[0]!).searchParams.get('token') ?? '';
  await callEndpoint(verifyEmail, { body: { token } });
  const me = await callEndpoint(getMe, {});
  const workspace = me.workspaces[0]!;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Contact', type: 'form', workspaceId: workspace.id, flowTemplate: exampleFormTemplate() } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  const firstRecipient = uniqueEmail('first');
  const template: WorkflowTemplate = {
    trigger: { type: 'formSubmission', template: { flowPublicIdentifier: flow.publicIdentifier }, nextNodeId: 'n1' },
    nodes: { n1: email(firstRecipient, 'Thanks {{answers.w1}}', 'n2'), n2: email('reject-runs@example.com', 'Second', null) },
  };
  const { workflow } = await callEndpoint(createWorkflow, { body: { template, isHidden: false, name: 'Thank you' } });
  await callEndpoint(publishWorkflow, { body: { id: workflow.id, template } });
  await callEndpoint(enableOrDisableWorkflow, { body: { id: workflow.id, isActive: true } });
  return { flow: flow.publicIdentifier, workflowId: workflow.id, organizationId: me.organizations[0]!.id, workspaceId: workspace.id, firstRecipient };
}

/** Submits the form as a respondent. */
async function submit(flow: string, name: string) {
  await callEndpoint(submitAnswers, {
    params: { publicIdentifier: flow },
    body: { answers: { w1: name, w2: `${name.toLowerCase()}@example.com` }, challengeToken: `${PASSING_TOKEN_PREFIX}runs` },
  });
}

/** Waits until the workflow has a finished live run and returns it. */
async function finishedRun(workflowId: string): Promise<WorkflowRun> {
  let found: WorkflowRun | undefined;
  await waitFor(
    async () => {
      const page = await callEndpoint(listWorkflowRuns, { params: { id: workflowId }, query: {} });
      found = page.runs.find((run) => run.status === 'failed' || run.status === 'succeeded');
      expect(found).toBeDefined();
    },
    { timeout: 20_000 },
  );
  return found!;
}

/** The WCAG 2 A/AA violations in `container` (jsdom: no layout, so no colour contrast). */
async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

it('shows a failed run as a timeline and retries it from the failed step without sending the first email again', async () => {
  const { flow, workflowId, firstRecipient } = await world();
  await submit(flow, 'Ada');
  const run = await finishedRun(workflowId);
  expect(run.status).toBe('failed');

  const app = renderApp(paths.workflowRun.getHref(flow, workflowId, run.id));
  const page = await screen.findByTestId('workflow-run-page');
  expect(within(page).getByRole('heading', { name: copy.workflowRuns.runTitle })).toBeInTheDocument();
  expect(page).toHaveAttribute('data-status', 'failed');
  // The Workflows tab stays selected on a workflow's pages.
  expect(screen.getByTestId('tab-workflows')).toHaveAttribute('aria-selected', 'true');

  const steps = screen.getAllByTestId('run-step');
  expect(steps.map((step) => [step.getAttribute('data-node-id'), step.getAttribute('data-status')])).toEqual([
    ['n1', 'succeeded'],
    ['n2', 'failed'],
  ]);
  const failed = steps[1]!;
  expect(within(failed).getByTestId('run-step-error').textContent).toMatch(/^SMTP: /);
  // The failed step opens on its details: attempts, idempotency key, the input as the run read it.
  expect(within(failed).getByTestId('run-step-attempts')).toHaveTextContent('1');
  expect(within(failed).getByTestId('run-step-idempotency-key')).toHaveTextContent(`${run.id}:n2`);
  expect(within(failed).getByRole('button', { name: `${copy.workflowRuns.copy} input as the run read it` })).toBeInTheDocument();
  expect(within(failed).getByTestId('run-step-input')).toHaveTextContent('"subject": "Second"');

  // The email that went out: its output.
  const sent = steps[0]!;
  await app.user.click(within(sent).getByRole('button', { name: copy.workflowRuns.showDetails('Email') }));
  await app.user.click(await within(sent).findByRole('tab', { name: copy.workflowRuns.output }));
  expect(within(sent).getByTestId('run-step-output')).toHaveTextContent(`"subject": "Thanks Ada"`);
  await app.user.click(within(sent).getByRole('tab', { name: copy.workflowRuns.input }));
  expect(within(sent).getByTestId('run-step-input')).toHaveTextContent('"text": "Hi Ada"');
  expect(await violations(app.container)).toEqual([]);

  await app.user.click(within(failed).getByRole('button', { name: copy.workflowRuns.retryFromStep }));
  expect(await screen.findByText(copy.workflowRuns.retryStarted)).toBeInTheDocument();
  // The retry fails again (the address is still refused): the failed step ran twice, the first email once.
  await waitFor(
    () => {
      const again = screen.getAllByTestId('run-step')[1]!;
      expect(again).toHaveAttribute('data-status', 'failed');
      expect(within(again).getByTestId('run-step-attempts')).toHaveTextContent('2');
    },
    { timeout: 20_000 },
  );
  expect(screen.getByText(copy.workflowRuns.retries(1))).toBeInTheDocument();
  expect(screen.getAllByTestId('run-step')[0]).toHaveAttribute('data-status', 'succeeded');
  expect(messagesTo(firstRecipient)).toHaveLength(1);
});

it('lists the runs, starts a test run of the draft, and deletes the test runs after confirming', async () => {
  const { flow, workflowId } = await world();
  await submit(flow, 'Grace');
  const live = await finishedRun(workflowId);

  const app = renderApp(paths.workflowRuns.getHref(flow, workflowId));
  expect(await screen.findByRole('heading', { name: copy.workflowRuns.runsOf('Thank you') })).toBeInTheDocument();
  const row = await screen.findByTestId('workflow-run');
  expect(row).toHaveAttribute('data-run-id', live.id);
  expect(within(row).getByTestId('run-trigger-summary')).toHaveTextContent('Name: Grace');
  expect(within(row).getByText(copy.workflowRuns.statusLabels.failed)).toBeInTheDocument();
  expect(await violations(app.container)).toEqual([]);

  // A test run of the draft against the latest submission: its page opens.
  await app.user.click(screen.getByRole('button', { name: copy.workflowRuns.testRun }));
  const dialog = await screen.findByRole('dialog', { name: copy.workflowRuns.testRunTitle });
  await app.user.click(within(dialog).getByRole('button', { name: copy.workflowRuns.startTestRun }));
  await waitFor(() => expect(app.router.state.location.pathname).toMatch(new RegExp(`/workflows-edit/${workflowId}/runs/[0-9a-f-]+$`)));
  const testPage = await screen.findByTestId('workflow-run-page');
  expect(within(testPage).getByText(copy.workflowRuns.testBadge)).toBeInTheDocument();

  // Back to the runs: the test run is under 'Test runs' only.
  await app.user.click(screen.getByRole('link', { name: copy.workflowRuns.backToRuns }));
  await waitFor(() => expect(app.router.state.location.search).toBe('?mode=edit'));
  await waitFor(() => expect(screen.getAllByTestId('workflow-run')).toHaveLength(1));
  await app.user.click(screen.getByRole('radio', { name: copy.workflowRuns.liveRuns }));
  await waitFor(() => expect(screen.getByTestId('workflow-run')).toHaveAttribute('data-run-id', live.id));
  await app.user.click(screen.getByRole('radio', { name: copy.workflowRuns.testRuns }));
  await waitFor(() => expect(screen.getByTestId('workflow-run')).not.toHaveAttribute('data-run-id', live.id));

  await app.user.click(screen.getByRole('button', { name: copy.workflowRuns.deleteTestRuns }));
  const confirm = await screen.findByRole('dialog', { name: copy.workflowRuns.deleteTestRuns });
  expect(within(confirm).getByText(copy.workflowRuns.deleteTestRunsConfirm)).toBeInTheDocument();
  await app.user.click(within(confirm).getByRole('button', { name: copy.workflowRuns.deleteTestRuns }));
  expect(await screen.findByText(copy.workflowRuns.testRunsDeleted)).toBeInTheDocument();
  expect(await screen.findByText(copy.workflowRuns.noTestRuns)).toBeInTheDocument();
  // The live run is still there.
  const still = await callEndpoint(listWorkflowRuns, { params: { id: workflowId }, query: {} });
  expect(still.runs.map((run) => run.id)).toEqual([live.id]);
});

it('shows a read-only member the run without the retry or test buttons', async () => {
  const { flow, workflowId, organizationId, workspaceId } = await world();
  await submit(flow, 'Alan');
  const run = await finishedRun(workflowId);

  await signInOrganizationMember(organizationId, { workspaces: [{ workspaceId, accessLevel: 'read' }] });
  renderApp(paths.workflowRun.getHref(flow, workflowId, run.id));
  const failed = (await screen.findAllByTestId('run-step'))[1]!;
  expect(within(failed).getByTestId('run-step-error')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: copy.workflowRuns.retryFromStep })).toBeNull();
  await screen.findByTestId('workflow-run-page');

  renderApp(paths.workflowRuns.getHref(flow, workflowId));
  expect(await screen.findByRole('heading', { name: copy.workflowRuns.runsOf('Thank you') })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: copy.workflowRuns.testRun })).toBeNull();
});
