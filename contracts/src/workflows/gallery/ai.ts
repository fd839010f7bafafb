/**
 * The gallery's AI templates (spec 001 §2 "Template gallery", category AI: `summarize_submission_and_email`,
 * `classify_and_route`, `ai_thank_you_email`), generated against a form (spec 001 §4 "generate the template against
 * that form"). Each is a formSubmission trigger, an `ai` node (`workflows/nodes/ai.ts`) and an email node that reads
 * the AI step's output (`{{nodes.<aiNodeId>.<field>}}`, `logic.ts`). The engine registers them in
 * `services/workflows-engine/src/domain/gallery.ts`; they are hidden and refused in the `EU_AGENT` data region
 * (the ai node's `hiddenInAgentRegion`).
 *
 * `classify_and_route` classifies the submission and emails the form's owner with the classification in the subject.
 * It does not branch per classification yet: the `branch` node (spec 001 §3) comes with its own module, and the
 * template will then route each classification to its own email.
 *
 * Pure.
 */
import * as copy from '../../copy';
import type { WorkflowTemplate } from '../../entities/workflow';
import { answerRef } from '../../logic';
import { generateNodeId as nodeId } from '../../workflow-templates';
import { emailNode, type EmailBlock, type EmailNodeTemplate } from '../nodes/email';
import { aiNode, type AiNodeTemplate } from '../nodes/ai';
import { formSubmissionTrigger } from '../triggers/form-submission';

/** Input of the AI gallery templates. */
export interface AiGalleryInput {
  /** The form the workflow belongs to. */
  flowPublicIdentifier: string;
  /** The address of the user creating the workflow: the owner who gets the summary or classification. */
  ownerEmail: string;
  /**
   * The form's first EmailInput question (`workflow-templates.ts` `firstEmailWidgetId`), or `null`: the thank-you
   * email goes to its answer, or to {@link ownerEmail} without one.
   */
  emailWidgetId: string | null;
  /** The node ids (default: generated). */
  nodeIds?: { ai: string; email: string };
}

/** The template of a workflow: the formSubmission trigger on the form → ai → email. */
function aiThenEmail(input: AiGalleryInput, ai: AiNodeTemplate, email: EmailNodeTemplate, ids: { ai: string; email: string }): WorkflowTemplate {
  return {
    trigger: {
      type: 'formSubmission',
      template: formSubmissionTrigger.defaultTemplate({ flowPublicIdentifier: input.flowPublicIdentifier }),
      nextNodeId: ids.ai,
    },
    nodes: {
      [ids.ai]: { type: 'ai', template: ai, nextNodeId: ids.email },
      [ids.email]: { type: 'email', template: email, nextNodeId: null },
    },
  };
}

/** The email node's default template with `subject`, `blocks` and `recipients`. */
function email(subject: string, blocks: EmailBlock[], recipients: EmailNodeTemplate['recipients']): EmailNodeTemplate {
  const base = emailNode.defaultTemplate();
  return { ...base, email: { ...base.email, subject, blocks }, recipients };
}

/** The owner as the one fixed recipient. */
function toOwner(input: AiGalleryInput): EmailNodeTemplate['recipients'] {
  return { type: 'string', list: [{ email: input.ownerEmail }] };
}

/**
 * `summarize_submission_and_email`: summarize the whole submission (short, the ai node's default) and email the
 * summary, followed by the submission's answers, to the owner.
 */
export function summarizeSubmissionAndEmailTemplate(input: AiGalleryInput): WorkflowTemplate {
  const ids = input.nodeIds ?? { ai: nodeId(), email: nodeId() };
  const ai = aiNode.defaultTemplate();
  return aiThenEmail(
    input,
    { ...ai, action: 'summarize' },
    email(
      copy.ai.gallery.summarySubject,
      [
        { type: 'text', text: copy.ai.gallery.summaryBody(`nodes.${ids.ai}.summary`) },
        { type: 'submission_overview', showHidden: false },
      ],
      toOwner(input),
    ),
    ids,
  );
}

/**
 * `classify_and_route`: classify the whole submission as one of the spec's default classifications (support
 * ticket, feedback, feature request) and email the owner with the classification in the subject and the answers in
 * the body (see the module doc on routing).
 */
export function classifyAndRouteTemplate(input: AiGalleryInput): WorkflowTemplate {
  const ids = input.nodeIds ?? { ai: nodeId(), email: nodeId() };
  const classification = `nodes.${ids.ai}.classification`;
  return aiThenEmail(
    input,
    { ...aiNode.defaultTemplate(), action: 'classify' },
    email(
      copy.ai.gallery.classifiedSubject(classification),
      [
        { type: 'text', text: copy.ai.gallery.classifiedBody(classification) },
        { type: 'submission_overview', showHidden: false },
      ],
      toOwner(input),
    ),
    ids,
  );
}

/**
 * `ai_thank_you_email`: write a personal thank-you note from the whole submission (generateText with the submission
 * as context) and email it — `{{nodes.<id>.text}}`, under the default subject 'Thank you for your submission' — to
 * the respondent's address (the form's first Email question), or to the owner when the form asks for none.
 */
export function aiThankYouEmailTemplate(input: AiGalleryInput): WorkflowTemplate {
  const ids = input.nodeIds ?? { ai: nodeId(), email: nodeId() };
  const ai = aiNode.defaultTemplate();
  const recipients: EmailNodeTemplate['recipients'] = input.emailWidgetId
    ? { type: 'picker', list: [{ email: answerRef(input.emailWidgetId) }] }
    : toOwner(input);
  return aiThenEmail(
    input,
    {
      ...ai,
      action: 'generateText',
      generateText: { prompt: copy.ai.gallery.thankYouPrompt, contextEnabled: true, context: { textType: 'fullSubmission', text: '' } },
    },
    email(copy.email.defaultSubject, [{ type: 'text', text: copy.ai.gallery.thankYouBody(`nodes.${ids.ai}.text`) }], recipients),
    ids,
  );
}
