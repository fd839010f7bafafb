/**
 * The load test's 20-node workflow (`WORKFLOW=twenty-nodes`, docs/benchmarks.md §13): what a form owner's bigger
 * workflow does to every submission, built from the built-in nodes only (no third-party account, no network):
 *
 * formSubmission → code (QuickJS: the name's length) → filter (the email has an '@') → branch ('Example' when the
 * email is at example.com, otherwise the same next node) → delay (`delayMinutes`, default 0.05 = 3 s: a durable
 * wait row like any delay) → 15 filters → the thank-you email to the email answer (`w2`).
 *
 * Every submission of `submissionBody` passes every filter, so each run runs all 20 steps and sends one email.
 */
import type { WorkflowNode, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { answerRef } from '@formloom/contracts/logic';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';

/** How many nodes the workflow has (spec 001 §9's most: 20 actions). */
export const TWENTY_NODES = 20;

/** `{and: [{contains: [w2, text]}]}`: the email answer contains `text` (case-insensitive). */
function emailContains(text: string) {
  return { and: [{ contains: [answerRef('w2'), text] }] };
}

/**
 * The 20-node workflow on the form `flowPublicIdentifier` (the example form: `w1` name, `w2` email), its delay
 * `delayMinutes` long (fractions allowed). Node ids are `n01`…`n20` in run order.
 */
export function twentyNodeWorkflow(flowPublicIdentifier: string, delayMinutes = 0.05): WorkflowTemplate {
  const id = (index: number) => `n${String(index).padStart(2, '0')}`;
  const email = thankYouEmailTemplate({ flowPublicIdentifier, emailWidgetId: 'w2', nodeId: id(TWENTY_NODES) });
  const nodes: Record<string, WorkflowNode> = {
    [id(1)]: {
      type: 'code',
      template: { codeString: "return { nameLength: String(input.answers.w1 ?? '').length };", outputType: 'object' },
      nextNodeId: id(2),
    },
    [id(2)]: { type: 'filter', template: { condition: emailContains('@') }, nextNodeId: id(3) },
    [id(3)]: {
      type: 'branch',
      template: { branches: [{ id: 'Example', nextNodeId: id(4), condition: emailContains('@example.com') }] },
      nextNodeId: id(4),
    },
    [id(4)]: { type: 'delay', template: { delay: delayMinutes, units: 'minutes' }, nextNodeId: id(5) },
  };
  for (let index = 5; index < TWENTY_NODES; index += 1) {
    nodes[id(index)] = { type: 'filter', template: { condition: emailContains('@') }, nextNodeId: id(index + 1) };
  }
  return { trigger: { ...email.trigger, nextNodeId: id(1) }, nodes: { ...nodes, ...email.nodes } };
}
