/**
 * The workflow template gallery's builders (spec 001 §2 "Template gallery", §4 "Workflow creation from a
 * template": "generate the template against that form, then create the workflow"). Pure; the web builds the
 * template and sends it to `POST /admin/workflows`. Covered so far: `thank_you_email` here, and the AI category's
 * templates in `workflows/gallery/ai.ts`.
 */
import type { FlowTemplate } from './entities/flow-template';
import type { WorkflowTemplate } from './entities/workflow';
import { answerRef } from './logic';
import { formWidgets } from './rules/flow-template';
import { emailNode, type EmailNodeTemplate } from './workflows/nodes/email';
import { formSubmissionTrigger } from './workflows/triggers/form-submission';

/** spec 001 §2: the gallery's template ids. */
export const WORKFLOW_GALLERY_TEMPLATES = [
  'thank_you_email',
  'email_with_delay',
  'approve_or_reject',
  'assign_task',
  'scheduling_reminder_email_host',
  'scheduling_reminder_slack_host',
  'scheduling_reminder_email_invitee',
  'email_form_abandonment',
  'slack_message_form_abandonment',
  'email_with_filter',
  'summarize_submission_and_email',
  'classify_and_route',
  'ai_thank_you_email',
] as const;
/** A gallery template id. */
export type WorkflowGalleryTemplate = (typeof WORKFLOW_GALLERY_TEMPLATES)[number];

/** The id of the first EmailInput question of a form in page order, or `null` when it has none. */
export function firstEmailWidgetId(template: FlowTemplate): string | null {
  return formWidgets(template).find(({ widget }) => widget.type === 'EmailInput')?.widget.id ?? null;
}

/** A short random node id (spec 001 §3: "Node ids are generated"). */
export function generateNodeId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}

/** Input of {@link thankYouEmailTemplate}. */
export interface ThankYouEmailInput {
  /** The form the workflow belongs to. */
  flowPublicIdentifier: string;
  /** The form's first EmailInput question (see {@link firstEmailWidgetId}), or `null` when it has none. */
  emailWidgetId: string | null;
  /** The fixed recipients used when there is no email question (e.g. the current user's address); default none. */
  fallbackRecipients?: readonly string[];
  /** The email node's id; default {@link generateNodeId}(). */
  nodeId?: string;
}

/**
 * The `thank_you_email` gallery template: a formSubmission trigger on the form, then one email node with the
 * email node's default template (`emailNode.defaultTemplate()`: subject 'Thank you for your submission',
 * sender `formloom_notifications`, a text block "Hi there, … We've received your submission and will be in
 * touch shortly." and a submission_overview block). Recipients: a picker on the email question's answer
 * (`{var: 'answers.<id>'}`), or, without an email question, the fixed list `fallbackRecipients` (empty: the
 * node then reads 'Setup needed: …').
 */
export function thankYouEmailTemplate(input: ThankYouEmailInput): WorkflowTemplate {
  const nodeId = input.nodeId ?? generateNodeId();
  const recipients: EmailNodeTemplate['recipients'] = input.emailWidgetId
    ? { type: 'picker', list: [{ email: answerRef(input.emailWidgetId) }] }
    : { type: 'string', list: (input.fallbackRecipients ?? []).map((email) => ({ email })) };
  return {
    trigger: {
      type: 'formSubmission',
      template: formSubmissionTrigger.defaultTemplate({ flowPublicIdentifier: input.flowPublicIdentifier }),
      nextNodeId: nodeId,
    },
    nodes: {
      [nodeId]: { type: 'email', template: { ...emailNode.defaultTemplate(), recipients }, nextNodeId: null },
    },
  };
}
