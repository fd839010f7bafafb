/**
 * The preview of a workflow email (spec 001 §2, §7, §8; `@formloom/contracts/api/workflows-engine/email-preview`):
 * the email node's template composed as a run would compose it (`domain/email.ts`), from a sample submission of the
 * form (`@formloom/contracts/rules/sample-submission`), and sent through the workflow mail path — over SMTP and into
 * the mail log, or into the mail log alone without SMTP — to ONE address: the caller's own, from their verified
 * claims. Whatever the template's recipients, cc, bcc (and the body's `recipients`) say, nobody else receives it.
 *
 * - The node's rules (`emailNodeErrors`, its schema) are checked on the template as previewed — its recipients
 *   replaced by the caller, its cc and bcc dropped, a blank subject replaced by `defaultSubject` when one is given —
 *   so a preview is refused exactly for what would make the node incomplete but its recipients: 422 'Email is
 *   misconfigured' with the messages in `details`.
 * - Variables of earlier steps (`{{nodes.<id>.<field>}}`) read as their names in brackets ('[Summary]'), given the
 *   workflow and the node; the edit link of an `edit_submission` button is unknown (the button is its text alone);
 *   attachments are left out (sample answers hold no real files).
 */
import type { AuthClaims } from '@formloom/contracts/auth';
import type { EmailPreviewBody, EmailPreviewResponse } from '@formloom/contracts/api/workflows-engine/email-preview';
import * as copy from '@formloom/contracts/copy';
import { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { fieldErrorsFromIssues } from '@formloom/contracts/rules/field-errors';
import { sampleSubmission } from '@formloom/contracts/rules/sample-submission';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { emailNode, type EmailNodeTemplate } from '@formloom/contracts/workflows/nodes/email';
import { workflowVariables } from '@formloom/contracts/workflows/variables';
import type { DbOrTx } from '@formloom/kit/db';
import { forbidden, invalid, unavailable, unprocessable } from '@formloom/kit/errors';
import type { Mailer } from '@formloom/kit/mail';
import type { InternalFlow } from '../flows-client';
import { composeEmail, emailRunData, submissionContext } from './email';
import { insertMail, mailRecord } from './mail';

/** What {@link sendEmailPreview} uses. */
export interface PreviewDeps {
  db: DbOrTx;
  mailer: Mailer;
  /** The sender address (MAIL_FROM). */
  mailFrom: string;
  log: { warn(context: object, message?: string): void };
}

/**
 * The form's template of a preview.
 * @throws 400 'Flow template not available' when absent, with the schema's issues in `details` when malformed.
 */
export function previewFlowTemplate(input: unknown): FlowTemplate {
  if (input === undefined || input === null) throw invalid(copy.emailEditor.flowTemplateUnavailable, [{ path: 'flowTemplate', message: copy.emailEditor.previewNeedsFlowTemplate }]);
  const parsed = FlowTemplate.safeParse(input);
  if (!parsed.success) {
    throw invalid(
      copy.emailEditor.flowTemplateUnavailable,
      fieldErrorsFromIssues(parsed.error.issues, input).map((error) => ({ path: error.path ? `flowTemplate.${error.path}` : 'flowTemplate', message: error.message })),
    );
  }
  return parsed.data;
}

/**
 * The template as previewed (see the module doc): sent to `address` only, no cc or bcc, a blank subject replaced by
 * `defaultSubject` (when given). Reads `template` defensively; never throws.
 */
export function previewTemplate(template: unknown, address: string, defaultSubject: string | undefined): unknown {
  const email = field(template, 'email');
  const subject = field(email, 'subject');
  const blank = typeof subject !== 'string' || subject.trim() === '';
  const { cc: _cc, bcc: _bcc, ...rest } = isRecord(email) ? email : {};
  return {
    ...(isRecord(template) ? template : {}),
    email: { ...rest, ...(blank && defaultSubject?.trim() ? { subject: defaultSubject } : {}) },
    recipients: { type: 'string', list: [{ email: address }] },
  };
}

/**
 * The rules a preview is refused for (see the module doc), paths relative to the node's template.
 * @throws 422 'Email is misconfigured' with `[{path, message}]` details when any fails.
 */
export function assertPreviewable(template: unknown): EmailNodeTemplate {
  const errors = emailNode.templateErrors(template);
  if (errors.length > 0) throw unprocessable(copy.emailEditor.previewMisconfigured, errors);
  return emailNode.schema.parse(template);
}

/**
 * Sample outputs of the steps that run before `nodeId` in `workflow` (`{{nodes.<id>.<field>}}` reads as
 * '[<field's label>]'); none without a workflow and a node. Never throws.
 */
export function sampleNodeOutputs(workflow: unknown, nodeId: string | undefined, formTemplate: FlowTemplate): Record<string, unknown> {
  const parsed = WorkflowTemplate.safeParse(workflow);
  if (!parsed.success || nodeId === undefined) return {};
  const outputs: Record<string, Record<string, unknown>> = {};
  for (const group of workflowVariables({ template: parsed.data, nodeId, formTemplate })) {
    if (!group.key.startsWith('nodes.')) continue;
    const id = group.key.slice('nodes.'.length);
    const output: Record<string, unknown> = (outputs[id] ??= {});
    for (const variable of group.variables) {
      const path = variable.path.slice(group.key.length + 1).split('.');
      let at = output;
      path.slice(0, -1).forEach((key) => {
        at = (isRecord(at[key]) ? at[key] : (at[key] = {})) as Record<string, unknown>;
      });
      at[path[path.length - 1]!] = `[${variable.label}]`;
    }
  }
  return outputs;
}

/**
 * Sends the preview of `body.template` to the caller (see the module doc) and logs it in the mail log of the
 * caller's organization. `flow` is the form, whose access the caller has been checked for.
 * @throws 400 'Flow template not available' ({@link previewFlowTemplate}); 403 'Confirm your email address to send a
 *   preview' for an unconfirmed address over SMTP; 422 'Email is misconfigured' ({@link assertPreviewable}); 503
 *   'The preview could not be sent. Try again later' when the mail server refuses it or does not answer.
 */
export async function sendEmailPreview(
  deps: PreviewDeps,
  input: { auth: AuthClaims; flow: InternalFlow; body: EmailPreviewBody },
): Promise<EmailPreviewResponse> {
  const { auth, flow, body } = input;
  const formTemplate = previewFlowTemplate(body.flowTemplate);
  if (deps.mailer.kind === 'smtp' && auth.emv === false) throw forbidden(copy.emailEditor.confirmEmailToPreview);
  const template = assertPreviewable(previewTemplate(body.template, auth.email, body.defaultSubject));
  const data = sampleSubmission({ template: formTemplate, flowId: flow.id, flowPublicIdentifier: flow.publicIdentifier, flowName: flow.name });
  const logic = { ...submissionContext(data), nodes: sampleNodeOutputs(body.workflowTemplate, body.nodeId, formTemplate) };
  const composed = composeEmail(template, emailRunData(data, logic));
  // The caller's address passed the node's address rule above; a claim that is not an address cannot be previewed to.
  if (!composed.ok || composed.email.to.length !== 1) throw unprocessable(copy.emailEditor.previewMisconfigured, [{ path: 'recipients', message: copy.workflows.invalidEmail(auth.email) }]);
  const email = { ...composed.email, to: [auth.email], cc: [], bcc: [] };
  const { row } = mailRecord({ organizationId: auth.org, runId: null, nodeId: null, email, mailFrom: deps.mailFrom, transport: deps.mailer.kind, attachments: [] });
  if (deps.mailer.kind === 'smtp') {
    try {
      await deps.mailer.send({
        messageId: row.messageId,
        from: { name: email.fromName, address: deps.mailFrom },
        to: email.to,
        cc: [],
        bcc: [],
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    } catch (error) {
      deps.log.warn({ err: error }, 'email preview: the mail server refused it');
      throw unavailable(copy.emailEditor.previewSendFailed);
    }
  }
  await insertMail(deps.db, row);
  return { sentTo: auth.email, messageId: row.messageId };
}
