/**
 * The engine's checks of a workflow template (spec 001 §3 shape, §5 validation, §9 limits): what save needs
 * (a well-formed template, at most MAX_WORKFLOW_ACTIONS nodes, still on the workflow's form) and what publish
 * adds (the template can be executed). The rules are the contracts' — the graph rules
 * (`@formloom/contracts/rules/workflow-graph`) and each node and trigger type's checks through the registries
 * (`@formloom/contracts/workflows/publish-checks`); this module turns them into 400 answers with paths from
 * the request body (`template.…`).
 */
import * as copy from '@formloom/contracts/copy';
import { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { fieldErrorsFromIssues } from '@formloom/contracts/rules/field-errors';
import { actionLimitErrors } from '@formloom/contracts/rules/workflow-graph';
import { prefixErrors, registryOf } from '@formloom/contracts/workflows/define';
import { templatePublishErrors } from '@formloom/contracts/workflows/publish-checks';
import type { AuthClaims } from '@formloom/contracts/auth';
import type { FieldError } from '@formloom/contracts/errors';
import { forbidden, invalid } from '@formloom/kit/errors';
import type { NodeExecutor, OutboundServices, TemplateCheckPhase } from '../nodes/executor';
import { NODE_EXECUTORS } from '../nodes/registry';

const PREFIX = 'template';

/**
 * Parses a template from a request body with `WorkflowTemplate` (unknown keys dropped).
 * @throws 400 `validation_error` with details `[{path: 'template.…', message}]` when it does not parse.
 */
export function parseTemplate(input: unknown): WorkflowTemplate {
  const parsed = WorkflowTemplate.safeParse(input);
  if (!parsed.success) throw invalid(copy.errors.validation, prefixErrors(fieldErrorsFromIssues(parsed.error.issues, input), PREFIX));
  return parsed.data;
}

/**
 * spec 001 §8/§9: at most MAX_WORKFLOW_ACTIONS (20) actions; "Actions are disabled at 20 actions", so a
 * 21st node is refused.
 * @throws 400 'Maximum number of actions added - contact support to enable more'.
 */
export function assertActionCount(template: WorkflowTemplate): void {
  const errors = actionLimitErrors(template);
  if (errors.length > 0) throw invalid(copy.workflows.maxActions, prefixErrors(errors, PREFIX));
}

/**
 * The form a template's trigger belongs to: `trigger.template.flowPublicIdentifier` (every spec 001 §3
 * trigger template has one).
 * @throws 400 with details at `template.trigger.template.flowPublicIdentifier` when missing or not text.
 */
export function triggerFlowPublicIdentifier(template: WorkflowTemplate): string {
  const value = template.trigger.template.flowPublicIdentifier;
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(copy.errors.validation, [
      { path: `${PREFIX}.trigger.template.flowPublicIdentifier`, message: copy.workflows.flowRequired },
    ]);
  }
  return value;
}

/**
 * A saved template must stay on the workflow's form (the access check was made against that form).
 * @throws 400 `copy.workflows.flowChanged` at `template.trigger.template.flowPublicIdentifier`.
 */
export function assertSameFlow(template: WorkflowTemplate, flowPublicIdentifier: string): void {
  if (triggerFlowPublicIdentifier(template) !== flowPublicIdentifier) {
    throw invalid(copy.errors.validation, [
      { path: `${PREFIX}.trigger.template.flowPublicIdentifier`, message: copy.workflows.flowChanged },
    ]);
  }
}

/** What the server's own checks of a template found (see {@link serverTemplateChecks}). */
export interface ServerTemplateChecks {
  /** Errors, paths relative to the template (`nodes.<id>.template.…`). */
  errors: FieldError[];
  /** Template paths whose contracts rule errors the server waives (a host the operator allows). */
  waived: Set<string>;
}

/**
 * Every node's server-side check (`NodeExecutor.checkTemplate`: what needs DNS or the operator's settings, such as
 * the webhook URL through the kit's outbound guard), nodes checked concurrently, in template order in the result.
 * `executors` default to the registry's.
 */
export async function serverTemplateChecks(
  template: WorkflowTemplate,
  outbound: Pick<OutboundServices, 'allowedHosts' | 'lookup'>,
  phase: TemplateCheckPhase,
  executors: readonly NodeExecutor[] = NODE_EXECUTORS,
): Promise<ServerTemplateChecks> {
  const byType = new Map(executors.map((executor) => [executor.type as string, executor]));
  const checks = await Promise.all(
    Object.entries(template.nodes).map(async ([nodeId, node]) => {
      const found = (await byType.get(node.type)?.checkTemplate(node.template, outbound, phase)) ?? { errors: [], waived: [] };
      const prefix = `nodes.${nodeId}.template`;
      return { errors: prefixErrors(found.errors, prefix), waived: found.waived.map((path) => `${prefix}.${path}`) };
    }),
  );
  return { errors: checks.flatMap((check) => check.errors), waived: new Set(checks.flatMap((check) => check.waived)) };
}

/**
 * The server's checks of a draft being saved or created ({@link serverTemplateChecks} in the `save` phase: a
 * webhook URL the outbound guard refuses — 'Please provide a publicly hosted URL (not localhost)' or 'Please provide
 * a valid URL'; a name that does not resolve yet passes).
 * @throws 400 `validation_error` with the errors as details (paths `template.…`), the first one's message.
 */
export async function assertSavable(template: WorkflowTemplate, outbound: Pick<OutboundServices, 'allowedHosts' | 'lookup'>): Promise<void> {
  const errors = prefixErrors((await serverTemplateChecks(template, outbound, 'save')).errors, PREFIX);
  const [first] = errors;
  if (first) throw invalid(first.message, errors);
}

/**
 * Everything publish checks beyond save (`templatePublishErrors`): the graph, then the trigger's and every
 * node's checks from their type modules (for the email node the spec 001 §5 rules — subject, 'Choose Send
 * email from', recipients, 'Invalid email: {value}' — then its schema), then the server's own checks in the
 * `publish` phase ({@link serverTemplateChecks}: a webhook URL through the outbound guard, its name resolved),
 * which may waive a contracts rule error (a webhook host the operator allows in WEBHOOK_ALLOWED_HOSTS). An error
 * the server repeats at a path the rules already reported is listed once. Node types that are not implemented
 * have no checks of their own: their runs fail the step as not supported.
 * @throws 400 `validation_error` with every error as details (paths `template.…`); the message is the first
 *   detail's (so a toast reads e.g. 'Invalid email: nope').
 */
export async function assertExecutable(template: WorkflowTemplate, outbound: Pick<OutboundServices, 'allowedHosts' | 'lookup'>): Promise<void> {
  const server = await serverTemplateChecks(template, outbound, 'publish');
  const rules = templatePublishErrors(template).filter((error) => !server.waived.has(error.path));
  const reported = new Set(rules.map((error) => `${error.path}\n${error.message}`));
  const errors = prefixErrors([...rules, ...server.errors.filter((error) => !reported.has(`${error.path}\n${error.message}`))], PREFIX);
  const [first] = errors;
  if (first) throw invalid(first.message, errors);
}

/**
 * Refuses to turn on `template` for a caller whose email address is unconfirmed (`emv: false`) when it sends
 * email (a node whose executor `sendsMail`: email, approval) and the engine delivers over SMTP (docs/product-rules.md §4): otherwise a throwaway account could make
 * the operator's mail server write to any address typed into a form. Without SMTP (the mail log) nothing leaves.
 * @throws DomainError `forbidden` (403 `copy.workflows.confirmEmailToSend`)
 */
export function assertMaySendMail(template: WorkflowTemplate | null | undefined, auth: AuthClaims, delivery: 'smtp' | 'log'): void {
  if (delivery !== 'smtp' || auth.emv !== false || !template) return;
  if (Object.values(template.nodes).some((node) => executors.find(node.type)?.sendsMail === true)) {
    throw forbidden(copy.workflows.confirmEmailToSend);
  }
}

/** The node executors by type: which node types send email (`NodeExecutor.sendsMail`). */
const executors = registryOf<NodeExecutor>(NODE_EXECUTORS);
