/**
 * The gallery's templates on the time-based triggers (spec 001 §2 "Template gallery", §4 "generate the template
 * against that form", §9 defaults): `email_form_abandonment` (formAbandoned, 30 minutes → an email),
 * `scheduling_reminder_email_host` and `scheduling_reminder_email_invitee` (beforeEventStarts, 30 minutes → an
 * email to the event's host or invitee), `slack_message_form_abandonment` (formAbandoned, 30 minutes → a Slack
 * message) and `scheduling_reminder_slack_host` (beforeEventStarts, 5 minutes → a Slack message). The Slack steps
 * start without an account or channel (spec 001 §2: "Templates whose nodes need an account are created with those
 * nodes incomplete"): 'Setup needed: select an account' until the integrations service connects one. Each is the trigger's default template on the form (the only scheduling
 * page preselected) and the email node's default template with the gallery's texts (`copy.galleryEmails`). A
 * scheduling template on a form without a scheduling page is created with its trigger incomplete ('Choose a
 * scheduling page'). Pure.
 */
import * as copy from '../../copy';
import type { FlowTemplate } from '../../entities/flow-template';
import type { WorkflowTemplate } from '../../entities/workflow';
import { HOST_EMAIL_REMINDER_MINUTES, HOST_SLACK_REMINDER_MINUTES } from '../../limits';
import { answerRef } from '../../logic';
import { firstEmailWidgetId, generateNodeId } from '../../workflow-templates';
import { emailNode, type EmailNodeTemplate } from '../nodes/email';
import { slackMessageTemplate } from '../nodes/slack';
import { beforeEventStartsTrigger } from '../triggers/before-event-starts';
import { formAbandonedTrigger } from '../triggers/form-abandoned';
import { schedulingPages } from '../triggers/scheduling-pages';

/** What the gallery's templates are generated against. */
export interface TimedTemplateInput {
  flowPublicIdentifier: string;
  /** The form's draft template. */
  formTemplate: FlowTemplate;
  /** The address of the user creating the workflow (recipient when the form asks for no email). */
  callerEmail: string;
  /** The email node's id; default {@link generateNodeId}(). */
  nodeId?: string;
}

/** An email node's template: the default one with this subject, text and recipients, and the submission overview. */
function emailTemplate(subject: string, text: string, recipients: EmailNodeTemplate['recipients']): EmailNodeTemplate {
  const base = emailNode.defaultTemplate();
  return {
    ...base,
    email: { ...base.email, subject, blocks: [{ type: 'text', text }, { type: 'submission_overview', showHidden: false }] },
    recipients,
  };
}

/**
 * `email_form_abandonment`: 30 minutes after a respondent leaves the form unfinished, an email to their answer of
 * the form's first Email question (nudging them back); on a form that asks for no email, to the creator (someone
 * left it unfinished, with what they answered).
 */
export function emailFormAbandonmentTemplate(input: TimedTemplateInput): WorkflowTemplate {
  const nodeId = input.nodeId ?? generateNodeId();
  const emailWidgetId = firstEmailWidgetId(input.formTemplate);
  const email = emailWidgetId
    ? emailTemplate(copy.galleryEmails.abandonedSubject, copy.galleryEmails.abandonedBody, { type: 'picker', list: [{ email: answerRef(emailWidgetId) }] })
    : emailTemplate(copy.galleryEmails.abandonedOwnerSubject, copy.galleryEmails.abandonedOwnerBody, { type: 'string', list: [{ email: input.callerEmail }] });
  return {
    trigger: {
      type: 'formAbandoned',
      template: formAbandonedTrigger.defaultTemplate({ flowPublicIdentifier: input.flowPublicIdentifier }),
      nextNodeId: nodeId,
    },
    nodes: { [nodeId]: { type: 'email', template: email, nextNodeId: null } },
  };
}

/** A beforeEventStarts trigger on the form, `minutes` before the event, its only scheduling page preselected. */
function beforeEventTrigger(input: TimedTemplateInput, minutes: number, nextNodeId: string): WorkflowTemplate['trigger'] {
  const schedulingStepIds = schedulingPages(input.formTemplate).map((page) => page.stepId);
  const template = beforeEventStartsTrigger.defaultTemplate({ flowPublicIdentifier: input.flowPublicIdentifier, schedulingStepIds });
  return { type: 'beforeEventStarts', template: { ...template, beforeTime: minutes, units: 'minutes' }, nextNodeId };
}

/** `scheduling_reminder_email_host`: 30 minutes (spec 001 §9) before each booked event, an email to its host. */
export function schedulingReminderEmailHostTemplate(input: TimedTemplateInput): WorkflowTemplate {
  const nodeId = input.nodeId ?? generateNodeId();
  const email = emailTemplate(copy.galleryEmails.hostReminderSubject, copy.galleryEmails.hostReminderBody, {
    type: 'picker',
    list: [{ email: { var: 'event.hosts.0.email' } }],
  });
  return { trigger: beforeEventTrigger(input, HOST_EMAIL_REMINDER_MINUTES, nodeId), nodes: { [nodeId]: { type: 'email', template: email, nextNodeId: null } } };
}

/** `scheduling_reminder_email_invitee`: 30 minutes before each booked event, an email to its invitee. */
export function schedulingReminderEmailInviteeTemplate(input: TimedTemplateInput): WorkflowTemplate {
  const nodeId = input.nodeId ?? generateNodeId();
  const email = emailTemplate(copy.galleryEmails.inviteeReminderSubject, copy.galleryEmails.inviteeReminderBody, {
    type: 'picker',
    list: [{ email: { var: 'event.invitee.email' } }],
  });
  return { trigger: beforeEventTrigger(input, HOST_EMAIL_REMINDER_MINUTES, nodeId), nodes: { [nodeId]: { type: 'email', template: email, nextNodeId: null } } };
}

/** `slack_message_form_abandonment`: 30 minutes after a respondent leaves the form unfinished, a Slack message. */
export function slackMessageFormAbandonmentTemplate(input: TimedTemplateInput): WorkflowTemplate {
  const nodeId = input.nodeId ?? generateNodeId();
  return {
    trigger: {
      type: 'formAbandoned',
      template: formAbandonedTrigger.defaultTemplate({ flowPublicIdentifier: input.flowPublicIdentifier }),
      nextNodeId: nodeId,
    },
    nodes: { [nodeId]: { type: 'slack', template: slackMessageTemplate(copy.galleryEmails.abandonedSlack), nextNodeId: null } },
  };
}

/** `scheduling_reminder_slack_host`: 5 minutes (spec 001 §9) before each booked event, a Slack message to the host. */
export function schedulingReminderSlackHostTemplate(input: TimedTemplateInput): WorkflowTemplate {
  const nodeId = input.nodeId ?? generateNodeId();
  return {
    trigger: beforeEventTrigger(input, HOST_SLACK_REMINDER_MINUTES, nodeId),
    nodes: { [nodeId]: { type: 'slack', template: slackMessageTemplate(copy.galleryEmails.hostReminderSlack), nextNodeId: null } },
  };
}
