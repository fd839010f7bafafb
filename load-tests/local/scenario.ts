/**
 * The load test's scenario setup, through the gateway only, as a user would do it (the same as the k6
 * `setup()`): sign up a fresh user, create and publish a form with a name and an email question, then
 * create, publish and enable the gallery's thank-you email workflow on it, sent to the email answer.
 */
import { randomBytes } from 'node:crypto';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { ProductClient, urlOf } from '@formloom/scripts/product-client';
import { twentyNodeWorkflow } from './twenty-nodes';

/** What the setup created. */
export interface LoadScenario {
  /** The form's numeric id (flows' `submissions.flow_id`). */
  flowId: number;
  flowPublicIdentifier: string;
  /** The workflow's id (the engine's `workflow_runs.workflow_id`). */
  workflowId: string;
  /** The session cookie's value (for the runs API). */
  session: string;
  /** The path submissions are posted to. */
  submitPath: string;
}

/** The JSON body of submission `index` (a distinct email address each, which the workflow mails). */
export function submissionBody(index: number): string {
  return `{"answers":{"w1":"Load Test","w2":"load-${index}@example.com"}}`;
}

/**
 * The workflow each submission runs (`WORKFLOW`): `thank-you` — the gallery's thank-you email (one step);
 * `twenty-nodes` — code, filter, branch, a short delay, 15 filters and the email (`twenty-nodes.ts`).
 */
export type LoadWorkflow = 'thank-you' | 'twenty-nodes';

/**
 * Runs the setup against the gateway at `baseUrl` (scripts/src/product-client.ts, shared with the system tests),
 * with the `workflow` each submission runs (default the thank-you email).
 * @throws Error naming the step and the answer when a step does not answer as expected.
 */
export async function setUpScenario(baseUrl: string, workflow: LoadWorkflow = 'thank-you'): Promise<LoadScenario> {
  const health = await fetch(`${baseUrl}/healthz`).catch(() => undefined);
  if (!health?.ok) throw new Error(`${baseUrl}/healthz does not answer: is the system up?`);
  const email = `load-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await ProductClient.signUp(baseUrl, email, 'load-test-password-1');
  const form =
    workflow === 'twenty-nodes'
      ? await user.publishFormWithWorkflow('Load test: 20 nodes', 'Load test', (flowPublicIdentifier) => twentyNodeWorkflow(flowPublicIdentifier))
      : await user.publishFormWithEmailWorkflow('Load test', { emailWidgetId: 'w2' });
  return {
    flowId: form.flowId,
    flowPublicIdentifier: form.publicIdentifier,
    workflowId: form.workflowId,
    session: user.session,
    submitPath: urlOf(submitAnswers, { params: { publicIdentifier: form.publicIdentifier } }),
  };
}
