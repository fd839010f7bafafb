/**
 * The 'thank_you_email' workflow of a form (spec 001 §2 gallery): on each submission, email the respondent
 * (the answer of the form's first EmailInput) the spec's default texts (spec 001 §9) and an overview of their
 * answers. The template itself is built by contracts' `thankYouEmailTemplate`; this module adds how the web
 * finds the workflow and reads it back.
 */
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import type { EmailNodeTemplate, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import * as copy from '@formloom/contracts/copy';
import { isLogicRef } from '@formloom/contracts/logic';
import { formWidgets } from '@formloom/contracts/rules/flow-template';
import { thankYouEmailTemplate } from '@formloom/contracts/workflow-templates';
import { defaultEmailBody } from '@formloom/contracts/workflows/nodes/email';

/** The name the thank-you workflow is created with (the gallery title, which the engine gives it) and found by. */
export const THANK_YOU_WORKFLOW_NAME = copy.galleryTitles.thank_you_email;

/** The id of the email node in the workflows this card creates. */
export const THANK_YOU_NODE_ID = 'n1';

/** The first EmailInput question of the form in page order, if any. */
export function firstEmailWidget(template: FlowTemplate | undefined): Widget | undefined {
  if (!template) return undefined;
  return formWidgets(template).find(({ widget }) => widget.type === 'EmailInput')?.widget;
}

/** The body text block: 'Hi there,\n\nWe've received your submission and will be in touch shortly.' */
export function thankYouBodyText(): string {
  return defaultEmailBody();
}

/** The workflow template: formSubmission trigger on the form → email node `n1` to the email answer. */
export function buildThankYouTemplate(flowPublicIdentifier: string, emailWidgetId: string): WorkflowTemplate {
  return thankYouEmailTemplate({ flowPublicIdentifier, emailWidgetId, nodeId: THANK_YOU_NODE_ID });
}

/** The widget id a thank-you workflow sends to (`answers.<id>` of its first recipient), if any. */
export function recipientWidgetId(template: WorkflowTemplate | undefined): string | undefined {
  const nodeId = template?.trigger.nextNodeId;
  const node = nodeId ? template?.nodes[nodeId] : undefined;
  const recipients = node?.template.recipients as EmailNodeTemplate['recipients'] | undefined;
  const first = recipients?.list?.[0]?.email;
  return isLogicRef(first) && first.var.startsWith('answers.') ? first.var.slice('answers.'.length) : undefined;
}

/** The form's thank-you workflow among its workflows (by name), if it exists. */
export function findThankYouWorkflow<T extends { name: string }>(workflows: T[] | undefined): T | undefined {
  return workflows?.find((workflow) => workflow.name === THANK_YOU_WORKFLOW_NAME);
}
