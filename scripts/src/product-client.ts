/**
 * A user of the product through the gateway, as the system tests (`scripts/system-test`) and the local load
 * test (`load-tests/local`) drive it: sign up, then publish a form with an active thank-you email workflow.
 * Only public routes (spec 000 §3 and §7, spec 001 §3), with the session cookie, as the web app does.
 */
import { SESSION_COOKIE } from '@formloom/contracts/auth';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';

/** A JSON answer: status and parsed body (`{}` when empty). */
export interface Answer<T> {
  status: number;
  body: T;
}

/** A published form with its active email workflow. */
export interface PublishedForm {
  /** The form's numeric id (flows' `submissions.flow_id`). */
  flowId: number;
  publicIdentifier: string;
  /** The workflow's id (the engine's `workflow_runs.workflow_id`). */
  workflowId: string;
}

/** Who the thank-you workflow emails: the email answer (`w2` of the fixture form) or fixed addresses. */
export type Recipients = { emailWidgetId: string } | { fallbackRecipients: string[] };

/** A signed-in user: a base URL and the session cookie. */
export class ProductClient {
  private cookie = '';

  private constructor(readonly baseUrl: string) {}

  /**
   * Signs a new user up (a fresh organization and workspace).
   * @throws Error with the answer when the sign-up is refused or sets no session cookie
   */
  static async signUp(baseUrl: string, email: string, password = 'correct-horse-battery'): Promise<ProductClient> {
    const client = new ProductClient(baseUrl);
    await client.expect(201, 'POST', '/auth/signup', { email, password, firstName: 'Formloom', lastName: 'Tester' });
    if (!client.session) throw new Error('sign-up set no session cookie');
    return client;
  }

  /** A client without a session (a respondent). */
  static anonymous(baseUrl: string): ProductClient {
    return new ProductClient(baseUrl);
  }

  /** The session cookie's value ('' before sign-up). */
  get session(): string {
    return this.cookie.slice(SESSION_COOKIE.length + 1);
  }

  /** Sends a JSON request with the session cookie (30 s timeout); remembers a new session cookie. */
  async request<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    const response = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      if (pair.startsWith(`${SESSION_COOKIE}=`)) this.cookie = pair;
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  /** {@link request}, expecting `status`. @throws Error naming the call and the answer otherwise. */
  async expect<T>(status: number, method: string, url: string, body?: unknown): Promise<T> {
    const answer = await this.request<T>(method, url, body);
    if (answer.status !== status) {
      throw new Error(`${method} ${url} answered ${answer.status} (expected ${status}): ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    return answer.body;
  }

  /**
   * Creates and publishes the example form without its Plan question (`exampleFormTemplate`: name `w1`, email `w2`) named
   * `name` in the user's first workspace, then creates, publishes and enables the gallery's thank-you email
   * workflow on it, sent to `recipients` (the mail log when no SMTP is configured).
   * @throws Error naming the step when one is refused
   */
  async publishFormWithEmailWorkflow(name: string, recipients: Recipients): Promise<PublishedForm> {
    const me = await this.expect<{ workspaces: { id: number }[] }>(200, 'GET', '/auth/me');
    const workspaceId = me.workspaces[0]?.id;
    if (workspaceId === undefined) throw new Error('the new user has no workspace');
    const { flow } = await this.expect<{ flow: { id: number; publicIdentifier: string } }>(201, 'POST', '/admin/flows', {
      workspaceId,
      name,
      dedupeFormName: true,
    });
    await this.expect(200, 'PUT', `/admin/flows/${flow.publicIdentifier}/template`, { template: exampleFormTemplate({ withPlan: false }) });
    await this.expect(200, 'POST', `/admin/flows/${flow.publicIdentifier}/publish`);
    const template = thankYouEmailTemplate({
      flowPublicIdentifier: flow.publicIdentifier,
      ...('emailWidgetId' in recipients
        ? { emailWidgetId: recipients.emailWidgetId }
        : { emailWidgetId: null, fallbackRecipients: recipients.fallbackRecipients }),
    });
    const { workflow } = await this.expect<{ workflow: { id: string } }>(200, 'POST', '/admin/workflows', {
      template,
      isHidden: false,
      name: `${name} thank-you`,
    });
    await this.expect(200, 'POST', '/admin/workflows/publish', { id: workflow.id, template });
    await this.expect(200, 'POST', '/admin/workflows/enableOrDisable', { id: workflow.id, isActive: true });
    return { flowId: flow.id, publicIdentifier: flow.publicIdentifier, workflowId: workflow.id };
  }
}
