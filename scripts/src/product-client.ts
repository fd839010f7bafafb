/**
 * A user of the product through the gateway, as the system tests (`scripts/system-test`) and the local load
 * test (`load-tests/local`) drive it: sign up, then publish a form with an active thank-you email workflow (or an
 * approval workflow).
 * Only public routes (spec 000 §3 and §7, spec 001 §3), with the session cookie, as the web app does.
 */
import type { BodyInputOf, Endpoint, ParamsInputOf, QueryInputOf, ResponseOf } from '@formloom/contracts/api/endpoint';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow, publishFlow, saveFlowTemplate } from '@formloom/contracts/api/flows/flows';
import { createWorkflow, enableOrDisableWorkflow, publishWorkflow } from '@formloom/contracts/api/workflows-engine/workflows';
import { getMe, signUp } from '@formloom/contracts/api/workspaces-auth/auth';
import { SESSION_COOKIE } from '@formloom/contracts/auth';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { emailWithDelayTemplate } from '@formloom/contracts/workflows/gallery/email-with-delay-or-filter';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';

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

/** A call of a catalogue endpoint: its path parameters, query and body. */
export interface Call<E extends Endpoint> {
  params?: ParamsInputOf<E>;
  query?: QueryInputOf<E>;
  body?: BodyInputOf<E>;
}

/** The URL path (with the query) of a call of `endpoint`. */
export function urlOf<E extends Endpoint>(endpoint: E, call: Call<E> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((call.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return `${pathOf(endpoint, (call.params ?? {}) as Record<string, string | number>)}${query ? `?${query}` : ''}`;
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
    await client.call(signUp, { body: { email, password, firstName: 'Formloom', lastName: 'Tester' } });
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

  /** Calls `endpoint` (with the session cookie); resolves the answer whatever its status. */
  send<E extends Endpoint>(endpoint: E, call: Call<E> = {}): Promise<Answer<unknown>> {
    return this.request(endpoint.method, urlOf(endpoint, call), call.body ?? (endpoint.method === 'POST' ? {} : undefined));
  }

  /**
   * Calls `endpoint`, expecting its success status; resolves its success body.
   * @throws Error naming the call and the answer otherwise
   */
  async call<E extends Endpoint>(endpoint: E, call: Call<E> = {}): Promise<ResponseOf<E>> {
    const answer = await this.send(endpoint, call);
    if (answer.status !== endpoint.successStatus) {
      throw new Error(
        `${endpoint.method} ${urlOf(endpoint, call)} answered ${answer.status} (expected ${endpoint.successStatus}): ` +
          JSON.stringify(answer.body).slice(0, 300),
      );
    }
    return answer.body as ResponseOf<E>;
  }

  /**
   * Creates and publishes the example form without its Plan question (`exampleFormTemplate`: name `w1`, email `w2`) named
   * `name` in the user's first workspace, then creates, publishes and enables the gallery's thank-you email
   * workflow on it, sent to `recipients` (the mail log when no SMTP is configured).
   * @throws Error naming the step when one is refused
   */
  async publishFormWithEmailWorkflow(name: string, recipients: Recipients): Promise<PublishedForm> {
    return this.publishFormWithWorkflow(`${name} thank-you`, name, (flowPublicIdentifier) =>
      thankYouEmailTemplate({
        flowPublicIdentifier,
        ...('emailWidgetId' in recipients
          ? { emailWidgetId: recipients.emailWidgetId }
          : { emailWidgetId: null, fallbackRecipients: recipients.fallbackRecipients }),
      }),
    );
  }

  /**
   * Creates and publishes the example form without its Plan question named `name`, then the gallery's `email_with_delay`
   * workflow on it with its delay set to `minutes` (fractions allowed) and the email to the fixed `recipients`, live.
   * @throws Error naming the step when one is refused
   */
  async publishFormWithDelayWorkflow(name: string, minutes: number, recipients: readonly string[]): Promise<PublishedForm> {
    return this.publishFormWithWorkflow(`${name} delayed email`, name, (flowPublicIdentifier) => {
      const template = emailWithDelayTemplate({ flowPublicIdentifier, emailWidgetId: null, fallbackRecipients: recipients });
      for (const node of Object.values(template.nodes)) {
        if (node.type === 'delay') node.template = { delay: minutes, units: 'minutes' };
      }
      return template;
    });
  }

  /**
   * Creates and publishes the example form without its Plan question named `formName` (questions `w1` name, `w2`
   * email), then the workflow `workflowName` that `makeTemplate` builds for the form's `flowPublicIdentifier`:
   * created, published and turned on.
   * @throws Error naming the step when one is refused (a template the engine does not accept included)
   */
  async publishFormWithWorkflow(
    workflowName: string,
    formName: string,
    makeTemplate: (flowPublicIdentifier: string) => WorkflowTemplate,
  ): Promise<PublishedForm> {
    const me = await this.call(getMe);
    const workspaceId = me.workspaces[0]?.id;
    if (workspaceId === undefined) throw new Error('the new user has no workspace');
    const { flow } = await this.call(createFlow, { body: { workspaceId, name: formName, dedupeFormName: true } });
    const params = { publicIdentifier: flow.publicIdentifier };
    await this.call(saveFlowTemplate, { params, body: { template: exampleFormTemplate({ withPlan: false }) } });
    await this.call(publishFlow, { params });
    const template = makeTemplate(flow.publicIdentifier);
    const { workflow } = await this.call(createWorkflow, { body: { template, isHidden: false, name: workflowName } });
    await this.call(publishWorkflow, { body: { id: workflow.id, template } });
    await this.call(enableOrDisableWorkflow, { body: { id: workflow.id, isActive: true } });
    return { flowId: flow.id, publicIdentifier: flow.publicIdentifier, workflowId: workflow.id };
  }

  /**
   * Creates and publishes the example form without its Plan question named `name`, then the gallery's
   * `approve_or_reject` workflow on it, live in the same call (spec 001 §2, §4): the user approves each submission
   * from an email (the mail log without SMTP), and an approval emails the respondent (the form's email answer, `w2`).
   * @throws Error naming the step when one is refused
   */
  async publishFormWithApprovalWorkflow(name: string): Promise<PublishedForm> {
    const me = await this.call(getMe);
    const workspaceId = me.workspaces[0]?.id;
    if (workspaceId === undefined) throw new Error('the new user has no workspace');
    const { flow } = await this.call(createFlow, { body: { workspaceId, name, dedupeFormName: true } });
    const params = { publicIdentifier: flow.publicIdentifier };
    await this.call(saveFlowTemplate, { params, body: { template: exampleFormTemplate({ withPlan: false }) } });
    await this.call(publishFlow, { params });
    const { workflow } = await this.call(createWorkflow, {
      body: { galleryTemplate: 'approve_or_reject', flowPublicIdentifier: flow.publicIdentifier, activate: true },
    });
    return { flowId: flow.id, publicIdentifier: flow.publicIdentifier, workflowId: workflow.id };
  }
}
