/**
 * The gallery's approval workflows (spec 001 §2 "Approvals" category: `approve_or_reject`, `assign_task`), generated
 * against a form (spec 001 §4 "generate the template against that form"). Pure; the engine registers them in its
 * gallery (`services/workflows-engine/src/domain/gallery.ts`).
 */
import * as copy from '../../copy';
import type { WorkflowTemplate } from '../../entities/workflow';
import { answerRef } from '../../logic';
import { emailNode, type EmailNodeTemplate } from '../nodes/email';
import { approvalNode, generateApprovalId, type ApprovalApprover, type ApprovalNodeTemplate } from '../nodes/approval';
import { formSubmissionTrigger } from '../triggers/form-submission';

/** A short random node id (spec 001 §3 "Node ids are generated"). */
function nodeId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}

/** What an approval gallery workflow is generated from. */
export interface ApprovalGalleryInput {
  /** The form the workflow belongs to. */
  flowPublicIdentifier: string;
  /** The form's first EmailInput question (`firstEmailWidgetId`), or `null` when it has none. */
  emailWidgetId: string | null;
  /** The approver: the user creating the workflow (spec 001 §4 "the current user is added by default"). */
  approver: ApprovalApprover;
}

/** ours: the texts of the gallery's approval workflows. */
export const APPROVAL_GALLERY_TEXTS = {
  approvedSubject: 'Your submission was approved',
  approvedBody: 'Hi there,\n\nGood news: your submission to {{flow.name}} was approved.',
  rejectedSubject: 'Your submission was not approved',
  rejectedBody: 'Hi there,\n\nThank you for your submission to {{flow.name}}. Unfortunately it was not approved.',
  taskSubject: 'New task: {{flow.name}}',
  taskBody: 'A new submission of {{flow.name}} was assigned to you. Mark it done once you have handled it.',
} as const;

/** An email node to the respondent (the answer of `emailWidgetId`) with `subject` and `body`. */
function respondentEmail(emailWidgetId: string, subject: string, body: string): EmailNodeTemplate {
  const fresh = emailNode.defaultTemplate();
  return {
    ...fresh,
    email: { ...fresh.email, subject, blocks: [{ type: 'text', text: body }] },
    recipients: { type: 'picker', list: [{ email: answerRef(emailWidgetId) }] },
  };
}

function trigger(flowPublicIdentifier: string, next: string): WorkflowTemplate['trigger'] {
  return { type: 'formSubmission', template: formSubmissionTrigger.defaultTemplate({ flowPublicIdentifier }), nextNodeId: next };
}

/**
 * `approve_or_reject`: a formSubmission trigger, then an approval step (the default one: Approved / Rejected, over
 * email, `input.approver` as the one approver). With an email question, each state leads to an email to the respondent
 * ('Your submission was approved' / 'Your submission was not approved'); without one, the states lead nowhere (the
 * decision is the run's outcome and its step's output).
 */
export function approveOrRejectTemplate(input: ApprovalGalleryInput): WorkflowTemplate {
  const approvalId = nodeId();
  const approval: ApprovalNodeTemplate = { ...approvalNode.defaultTemplate(), approvers: { type: 'users', approvers: [input.approver], slackServiceId: null } };
  const nodes: WorkflowTemplate['nodes'] = {};
  if (input.emailWidgetId) {
    const [approved, rejected] = approval.states;
    const approvedId = nodeId();
    const rejectedId = nodeId();
    approval.states = [
      { ...approved!, nextNodeId: approvedId },
      { ...rejected!, nextNodeId: rejectedId },
    ];
    nodes[approvedId] = {
      type: 'email',
      template: respondentEmail(input.emailWidgetId, APPROVAL_GALLERY_TEXTS.approvedSubject, APPROVAL_GALLERY_TEXTS.approvedBody),
      nextNodeId: null,
    };
    nodes[rejectedId] = {
      type: 'email',
      template: respondentEmail(input.emailWidgetId, APPROVAL_GALLERY_TEXTS.rejectedSubject, APPROVAL_GALLERY_TEXTS.rejectedBody),
      nextNodeId: null,
    };
  }
  return { trigger: trigger(input.flowPublicIdentifier, approvalId), nodes: { [approvalId]: { type: 'approval', template: approval, nextNodeId: null }, ...nodes } };
}

/**
 * `assign_task`: a formSubmission trigger, then an approval step that assigns the submission to `input.approver` as a
 * task: one state 'Done', an optional 'Notes' field (Long text), the email 'New task: {{flow.name}}'.
 */
export function assignTaskTemplate(input: Omit<ApprovalGalleryInput, 'emailWidgetId'>): WorkflowTemplate {
  const approvalId = nodeId();
  const fresh = approvalNode.defaultTemplate();
  const done = fresh.states[0]!;
  const approval: ApprovalNodeTemplate = {
    ...fresh,
    states: [{ ...done, name: copy.approval.taskDone }],
    approvers: { type: 'users', approvers: [input.approver], slackServiceId: null },
    input: {
      fields: [
        {
          customFieldId: generateApprovalId(),
          label: copy.approval.taskNotes,
          required: false,
          showForStates: { type: 'all', customStateIds: [] },
          type: 'LongAnswer',
        },
      ],
    },
    email: {
      subject: APPROVAL_GALLERY_TEXTS.taskSubject,
      blocks: [
        { type: 'text', text: APPROVAL_GALLERY_TEXTS.taskBody },
        { type: 'submission_overview', showHidden: false },
        { type: 'approval_buttons' },
      ],
    },
  };
  return { trigger: trigger(input.flowPublicIdentifier, approvalId), nodes: { [approvalId]: { type: 'approval', template: approval, nextNodeId: null } } };
}
