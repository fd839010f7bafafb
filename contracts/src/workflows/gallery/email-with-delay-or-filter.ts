/**
 * The gallery templates `email_with_delay` and `email_with_filter` (spec 001 §2 "Template gallery", §4 "Workflow
 * creation from a template": "generate the template against that form"): the thank-you email of
 * `workflow-templates.ts` `thankYouEmailTemplate` (same recipients: the form's first email question, or the fallback
 * addresses), preceded by
 * - `email_with_delay`: a delay node with its defaults (30 minutes, spec 001 §9);
 * - `email_with_filter`: a filter on the form's first choice question (in page order, one with options: a
 *   MultipleChoice, Dropdown or single ImageChoice — equals its first option; a Checkboxes, MultiSelect or multiple
 *   ImageChoice — contains it), or an empty filter (the node reads 'Setup needed: Add a condition') when the form
 *   has no such question.
 * Pure; the engine generates them (`services/workflows-engine/src/domain/gallery.ts`).
 */
import type { FlowTemplate } from '../../entities/flow-template';
import type { WorkflowTemplate } from '../../entities/workflow';
import { answerRef } from '../../logic';
import { answerKindOf, type Condition } from '../../rules/conditions';
import { formWidgets } from '../../rules/steps';
import { generateNodeId, thankYouEmailTemplate, type ThankYouEmailInput } from '../../workflow-templates';
import { emptyWorkflowCondition } from '../conditions';
import { delayNode } from '../nodes/delay';

/** What both generators take: the thank-you email's input, and the id of the node put before the email. */
export interface EmailAfterStepInput extends ThankYouEmailInput {
  /** The id of the delay or filter node; default `generateNodeId()`. */
  stepNodeId?: string;
}

/** The thank-you email with node `stepNodeId` (of `type` and `template`) between the trigger and the email. */
function emailAfter(input: EmailAfterStepInput, type: 'delay' | 'filter', template: Record<string, unknown>): WorkflowTemplate {
  const emailNodeId = input.nodeId ?? generateNodeId();
  const stepNodeId = input.stepNodeId ?? generateNodeId();
  const email = thankYouEmailTemplate({ ...input, nodeId: emailNodeId });
  return {
    trigger: { ...email.trigger, nextNodeId: stepNodeId },
    nodes: { [stepNodeId]: { type, template, nextNodeId: emailNodeId }, ...email.nodes },
  };
}

/** `email_with_delay`: formSubmission → delay (30 minutes) → the thank-you email. */
export function emailWithDelayTemplate(input: EmailAfterStepInput): WorkflowTemplate {
  return emailAfter(input, 'delay', { ...delayNode.defaultTemplate() });
}

/**
 * The condition of the `email_with_filter` template on `form` (see the module doc): the first choice question with
 * options compared with its first option, or an empty condition when there is none.
 */
export function firstChoiceCondition(form: FlowTemplate): Condition {
  for (const { widget } of formWidgets(form)) {
    const kind = answerKindOf(widget);
    if (kind !== 'choice' && kind !== 'choices') continue;
    const options = (widget.template as { options?: readonly { id?: unknown }[] }).options ?? [];
    const first = options.find((option) => typeof option.id === 'string' && option.id !== '');
    if (!first) continue;
    const pair: [ReturnType<typeof answerRef>, string] = [answerRef(widget.id), first.id as string];
    return { and: [kind === 'choice' ? { equals: pair } : { contains: pair }] };
  }
  return emptyWorkflowCondition();
}

/** `email_with_filter`: formSubmission → filter ({@link firstChoiceCondition}) → the thank-you email. */
export function emailWithFilterTemplate(input: EmailAfterStepInput & { formTemplate: FlowTemplate }): WorkflowTemplate {
  const { formTemplate, ...rest } = input;
  return emailAfter(rest, 'filter', { condition: firstChoiceCondition(formTemplate) });
}
