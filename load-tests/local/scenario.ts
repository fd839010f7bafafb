/**
 * The load test's scenario setup, through the gateway only, as a user would do it (the same as the k6
 * `setup()`): sign up a fresh user, create and publish a form with a name and an email question, then
 * create, publish and enable the gallery's thank-you email workflow on it, sent to the email answer.
 */
import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@formloom/contracts/auth';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { NAME_EMAIL_FORM_TEMPLATE } from '@formloom/scripts/fixtures';


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
 * Runs the setup against the gateway at `baseUrl`.
 * @throws Error naming the step and the answer when a step does not answer as expected.
 */
export async function setUpScenario(baseUrl: string): Promise<LoadScenario> {
  const health = await fetch(`${baseUrl}/healthz`).catch(() => undefined);
  if (!health?.ok) throw new Error(`${baseUrl}/healthz does not answer: is the system up?`);

  let session = '';
  const call = async <T>(method: string, path: string, expected: number, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session) headers.cookie = `${SESSION_COOKIE}=${session}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      if (pair.startsWith(`${SESSION_COOKIE}=`)) session = pair.slice(SESSION_COOKIE.length + 1);
    }
    const text = await response.text();
    if (response.status !== expected) {
      throw new Error(`setup: ${method} ${path} answered ${response.status} (expected ${expected}): ${text.slice(0, 300)}`);
    }
    return (text ? JSON.parse(text) : {}) as T;
  };

  const email = `load-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
  await call('POST', '/auth/signup', 201, { email, password: 'load-test-password-1', firstName: 'Load', lastName: 'Test' });
  if (!session) throw new Error('setup: sign-up set no session cookie');
  const me = await call<{ workspaces: { id: number }[] }>('GET', '/auth/me', 200);
  const workspaceId = me.workspaces[0]?.id;
  if (workspaceId === undefined) throw new Error('setup: the new user has no workspace');

  const { flow } = await call<{ flow: { id: number; publicIdentifier: string } }>('POST', '/admin/flows', 201, {
    workspaceId,
    name: 'Load test',
    dedupeFormName: true,
  });
  await call('PUT', `/admin/flows/${flow.publicIdentifier}/template`, 200, { template: NAME_EMAIL_FORM_TEMPLATE });
  await call('POST', `/admin/flows/${flow.publicIdentifier}/publish`, 200);

  const template = thankYouEmailTemplate({ flowPublicIdentifier: flow.publicIdentifier, emailWidgetId: 'w2' });
  const { workflow } = await call<{ workflow: { id: string } }>('POST', '/admin/workflows', 200, {
    template,
    isHidden: false,
    name: 'Load test thank-you email',
  });
  await call('POST', '/admin/workflows/publish', 200, { id: workflow.id, template });
  await call('POST', '/admin/workflows/enableOrDisable', 200, { id: workflow.id, isActive: true });

  return {
    flowId: flow.id,
    flowPublicIdentifier: flow.publicIdentifier,
    workflowId: workflow.id,
    session,
    submitPath: `/public/flows/${flow.publicIdentifier}/submissions`,
  };
}
