/**
 * The engine's checks of a workflow template (spec 001 §3 shape, §5 validation, §9 limits): what save needs
 * (a well-formed template, at most MAX_WORKFLOW_ACTIONS nodes, still on the workflow's form) and what publish
 * adds (the template can be executed). Pure functions over plain data; errors as `{path, message}` with paths
 * from the request body (`template.…`).
 */
import type { FieldError } from '@formloom/contracts/errors';
import { copy } from '@formloom/contracts/copy';
import { EmailNodeTemplate, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { LOOP_DETECTION_MAX_STEPS, MAX_WORKFLOW_ACTIONS } from '@formloom/contracts/limits';
import { fieldErrorsFromIssues } from '@formloom/contracts/rules/field-errors';
import { emailNodeErrors } from '@formloom/contracts/rules/workflow-status';
import { badRequest } from '@formloom/kit/errors';

const PREFIX = 'template';

function prefixed(errors: readonly FieldError[], prefix: string): FieldError[] {
  return errors.map((error) => ({ path: error.path ? `${prefix}.${error.path}` : prefix, message: error.message }));
}

/**
 * Parses a template from a request body with `WorkflowTemplate` (unknown keys dropped).
 * @throws 400 `validation_error` with details `[{path: 'template.…', message}]` when it does not parse.
 */
export function parseTemplate(input: unknown): WorkflowTemplate {
  const parsed = WorkflowTemplate.safeParse(input);
  if (!parsed.success) throw badRequest(copy.errors.validation, prefixed(fieldErrorsFromIssues(parsed.error.issues, input), PREFIX));
  return parsed.data;
}

/**
 * spec 001 §8/§9: at most MAX_WORKFLOW_ACTIONS (20) actions; "Actions are disabled at 20 actions", so a
 * 21st node is refused.
 * @throws 400 'Maximum number of actions added - contact support to enable more'.
 */
export function assertActionCount(template: WorkflowTemplate): void {
  if (Object.keys(template.nodes).length > MAX_WORKFLOW_ACTIONS) {
    throw badRequest(copy.workflows.maxActions, [{ path: `${PREFIX}.nodes`, message: copy.workflows.maxActions }]);
  }
}

/**
 * The form a template's trigger belongs to: `trigger.template.flowPublicIdentifier` (every spec 001 §3
 * trigger template has one).
 * @throws 400 with details at `template.trigger.template.flowPublicIdentifier` when missing or not text.
 */
export function triggerFlowPublicIdentifier(template: WorkflowTemplate): string {
  const value = template.trigger.template.flowPublicIdentifier;
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(copy.errors.validation, [
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
    throw badRequest(copy.errors.validation, [
      { path: `${PREFIX}.trigger.template.flowPublicIdentifier`, message: copy.workflows.flowChanged },
    ]);
  }
}

function hasNode(template: WorkflowTemplate, nodeId: string): boolean {
  return Object.prototype.hasOwnProperty.call(template.nodes, nodeId);
}

/**
 * The graph checks of publish: the trigger's and every node's `nextNodeId` names a node
 * (`copy.workflows.unknownNode`), and no node leads back to itself — from each node, `nextNodeId` is followed
 * for at most LOOP_DETECTION_MAX_STEPS (20) steps (spec 001 §4 "connection check", §9); since a workflow has
 * at most 20 nodes, any loop shows within that bound (`copy.workflows.loopDetected` at the node's `nextNodeId`).
 */
export function graphErrors(template: WorkflowTemplate): FieldError[] {
  const errors: FieldError[] = [];
  const { trigger, nodes } = template;
  if (trigger.nextNodeId !== null && !hasNode(template, trigger.nextNodeId)) {
    errors.push({ path: `${PREFIX}.trigger.nextNodeId`, message: copy.workflows.unknownNode(trigger.nextNodeId) });
  }
  for (const [nodeId, node] of Object.entries(nodes)) {
    if (node.nextNodeId !== null && !hasNode(template, node.nextNodeId)) {
      errors.push({ path: `${PREFIX}.nodes.${nodeId}.nextNodeId`, message: copy.workflows.unknownNode(node.nextNodeId) });
    }
  }
  for (const nodeId of Object.keys(nodes)) {
    if (leadsBackTo(template, nodeId)) {
      errors.push({ path: `${PREFIX}.nodes.${nodeId}.nextNodeId`, message: copy.workflows.loopDetected });
    }
  }
  return errors;
}

/** True when following `nextNodeId` from `start` reaches `start` again within LOOP_DETECTION_MAX_STEPS steps. */
function leadsBackTo(template: WorkflowTemplate, start: string): boolean {
  let current = template.nodes[start]?.nextNodeId ?? null;
  for (let steps = 0; current !== null && steps < LOOP_DETECTION_MAX_STEPS; steps += 1) {
    if (current === start) return true;
    current = hasNode(template, current) ? (template.nodes[current]?.nextNodeId ?? null) : null;
  }
  return false;
}

/**
 * The email node checks of publish, for every email node: the spec 001 §5 rules ({@link emailNodeErrors}:
 * subject, 'Choose Send email from', recipients, 'Invalid email: {value}') and the `EmailNodeTemplate` shape
 * (issues at paths a rule already reported are left out). Paths `template.nodes.<id>.template.…`.
 */
export function emailErrors(template: WorkflowTemplate): FieldError[] {
  const errors: FieldError[] = [];
  for (const [nodeId, node] of Object.entries(template.nodes)) {
    if (node.type !== 'email') continue;
    const prefix = `${PREFIX}.nodes.${nodeId}.template`;
    const rules = emailNodeErrors(node.template);
    const parsed = EmailNodeTemplate.safeParse(node.template);
    const shape = parsed.success ? [] : fieldErrorsFromIssues(parsed.error.issues, node.template);
    const covered = (path: string) => rules.some((rule) => path === rule.path || path.startsWith(`${rule.path}.`));
    errors.push(...prefixed(rules, prefix), ...prefixed(shape.filter((issue) => !covered(issue.path)), prefix));
  }
  return errors;
}

/**
 * Everything publish checks beyond save: {@link graphErrors} then {@link emailErrors}.
 * @throws 400 `validation_error` with every error as details; the message is the first detail's (so a toast
 *   reads e.g. 'Invalid email: nope').
 */
export function assertExecutable(template: WorkflowTemplate): void {
  const errors = [...graphErrors(template), ...emailErrors(template)];
  const [first] = errors;
  if (first) throw badRequest(first.message, errors);
}
