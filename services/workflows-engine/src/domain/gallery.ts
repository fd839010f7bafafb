/**
 * Workflows from the template gallery (spec 001 §2 "Template gallery", §4 "Workflow creation from a template":
 * "ensure a form exists, generate the template against that form, then create the workflow"). Pure: the form's
 * draft template comes from the flows service, the caller's address from their verified claims.
 *
 * Available today: `thank_you_email` (a formSubmission trigger, then the default thank-you email to the form's
 * first Email question, or to the caller when the form has none), `email_with_delay` (the same email after a
 * 30-minute delay), `email_with_filter` (the same email after a filter on the form's first choice question:
 * `@formloom/contracts/workflows/gallery/email-with-delay-or-filter`), `approve_or_reject` and `assign_task` (an
 * approval step with the caller as approver: `@formloom/contracts/workflows/gallery/approvals`), and the time-based
 * ones, the Slack ones with their Slack step incomplete (`@formloom/contracts/workflows/gallery/timed-templates`), and the AI category's `summarize_submission_and_email`,
 * `classify_and_route` and `ai_thank_you_email` (`@formloom/contracts/workflows/gallery/ai`). A template whose steps
 * the engine cannot run yet answers 422 rather than creating a workflow that can only fail.
 *
 * Data region (spec 001 §2 "The AI category is hidden for the 'EU_AGENT' data region"): a template with a node type
 * hidden there (`hiddenInAgentRegion`: the ai node) is refused for an organization in AGENT_DATA_REGION. The engine
 * learns an organization's region from `GalleryInput.dataRegion`, which the route takes from the caller's access
 * token (`AuthClaims.reg`, set by workspaces-auth from the organization's `dataRegion`) — {@link assertAllowedInRegion}.
 */
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { firstEmailWidgetId, thankYouEmailTemplate, type ThankYouEmailInput, type WorkflowGalleryTemplate } from '@formloom/contracts/workflow-templates';
import { emailWithDelayTemplate, emailWithFilterTemplate } from '@formloom/contracts/workflows/gallery/email-with-delay-or-filter';
import { approveOrRejectTemplate, assignTaskTemplate } from '@formloom/contracts/workflows/gallery/approvals';
import { AGENT_DATA_REGION } from '@formloom/contracts/limits';
import { aiThankYouEmailTemplate, classifyAndRouteTemplate, summarizeSubmissionAndEmailTemplate, type AiGalleryInput } from '@formloom/contracts/workflows/gallery/ai';
import { nodeRegistry } from '@formloom/contracts/workflows/nodes/registry';
import { unprocessable } from '@formloom/kit/errors';
import {
  emailFormAbandonmentTemplate,
  schedulingReminderEmailHostTemplate,
  schedulingReminderEmailInviteeTemplate,
  schedulingReminderSlackHostTemplate,
  slackMessageFormAbandonmentTemplate,
} from '@formloom/contracts/workflows/gallery/timed-templates';

/** What a gallery template is generated against. */
export interface GalleryInput {
  /** The form the workflow belongs to. */
  flowPublicIdentifier: string;
  /** The form's draft template (its questions). */
  formTemplate: FlowTemplate;
  /** The address of the user creating the workflow (recipient when the form asks for none; the approver by default). */
  callerEmail: string;
  /** The id of the user creating the workflow (the approver of the approval templates, spec 001 §4). */
  callerUserId: number;
  /**
   * The organization's data region (`AGENT_DATA_REGION` hides AI, spec 001 §2), from the caller's token's `reg`;
   * `undefined` for the default region.
   */
  dataRegion?: string;
}

/** The input of the AI templates for `input`'s form. */
function aiInput(input: GalleryInput): AiGalleryInput {
  return { flowPublicIdentifier: input.flowPublicIdentifier, ownerEmail: input.callerEmail, emailWidgetId: firstEmailWidgetId(input.formTemplate) };
}

/** The gallery templates the engine can generate, by id. */
const GENERATORS: Partial<Record<WorkflowGalleryTemplate, (input: GalleryInput) => WorkflowTemplate>> = {
  thank_you_email: (input) => thankYouEmailTemplate(thankYouEmailInput(input)),
  email_with_delay: (input) => emailWithDelayTemplate(thankYouEmailInput(input)),
  email_with_filter: (input) => emailWithFilterTemplate({ ...thankYouEmailInput(input), formTemplate: input.formTemplate }),
  email_form_abandonment: (input) => emailFormAbandonmentTemplate(input),
  scheduling_reminder_email_host: (input) => schedulingReminderEmailHostTemplate(input),
  scheduling_reminder_email_invitee: (input) => schedulingReminderEmailInviteeTemplate(input),
  slack_message_form_abandonment: (input) => slackMessageFormAbandonmentTemplate(input),
  scheduling_reminder_slack_host: (input) => schedulingReminderSlackHostTemplate(input),
  approve_or_reject: (input) =>
    approveOrRejectTemplate({
      flowPublicIdentifier: input.flowPublicIdentifier,
      emailWidgetId: firstEmailWidgetId(input.formTemplate),
      approver: { userId: input.callerUserId, email: input.callerEmail },
    }),
  assign_task: (input) =>
    assignTaskTemplate({ flowPublicIdentifier: input.flowPublicIdentifier, approver: { userId: input.callerUserId, email: input.callerEmail } }),
  summarize_submission_and_email: (input) => summarizeSubmissionAndEmailTemplate(aiInput(input)),
  classify_and_route: (input) => classifyAndRouteTemplate(aiInput(input)),
  ai_thank_you_email: (input) => aiThankYouEmailTemplate(aiInput(input)),
};

/** The thank-you email's recipients on `input`'s form: its first email question, else the caller. */
function thankYouEmailInput(input: GalleryInput): ThankYouEmailInput {
  const emailWidgetId = firstEmailWidgetId(input.formTemplate);
  return { flowPublicIdentifier: input.flowPublicIdentifier, emailWidgetId, fallbackRecipients: emailWidgetId ? [] : [input.callerEmail] };
}

/**
 * Refuses a template with a node type hidden in the organization's data region (spec 001 §2: the ai node in
 * AGENT_DATA_REGION). `dataRegion` `undefined`: the default region, nothing refused.
 * @throws 422 `unprocessable` `copy.ai.notInRegion`.
 */
export function assertAllowedInRegion(template: WorkflowTemplate, dataRegion: string | undefined): void {
  if (dataRegion !== AGENT_DATA_REGION) return;
  if (Object.values(template.nodes).some((node) => nodeRegistry.find(node.type)?.hiddenInAgentRegion === true)) {
    throw unprocessable(copy.ai.notInRegion);
  }
}

/** True when the gallery template `id` can be generated (and its steps run) today. */
export function isGalleryTemplateAvailable(id: WorkflowGalleryTemplate): boolean {
  return GENERATORS[id] !== undefined;
}

/**
 * The workflow template of gallery template `id` generated against `input`'s form.
 * @throws 422 `unprocessable` `copy.workflows.galleryTemplateNotAvailable(id)` for a template not available yet, or
 *   `copy.ai.notInRegion` for one with AI steps in the `EU_AGENT` region ({@link assertAllowedInRegion}).
 */
export function galleryWorkflowTemplate(id: WorkflowGalleryTemplate, input: GalleryInput): WorkflowTemplate {
  const generate = GENERATORS[id];
  if (!generate) throw unprocessable(copy.workflows.galleryTemplateNotAvailable(id));
  const template = generate(input);
  assertAllowedInRegion(template, input.dataRegion);
  return template;
}
