/**
 * The preview of a workflow email (spec 001 §2 "Email editors have Preview and Done actions", §7 "Preview of an
 * email: a send call with the email template, default subject, recipients (the current user's own address) and flow
 * template; path and response not shown", §8 toasts). The path and the answer are ours:
 * `POST /admin/workflows/email/preview` → `{sentTo, messageId}`.
 *
 * The engine composes the email as a run would (`services/workflows-engine/src/domain/email.ts`), from sample answers
 * made from the form's questions (`rules/sample-submission.ts`), and sends it through the same mail path as workflow
 * email (SMTP, or the mail log without SMTP) — to the caller's own address only, taken from their verified claims:
 * `recipients` is accepted as the spec sends it but never read. The node's rules are checked first, but those of its
 * recipient lists (a preview has none of its own): a refusal is 422 'Email is misconfigured' with the rules'
 * `[{path, message}]` in `details` (the web shows 'Please fix: …').
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';

/**
 * `POST /admin/workflows/email/preview` body. `template`: the email node's template as the editor holds it (parsed
 * by the engine with `EmailNodeTemplate`); `defaultSubject`: the subject used while the template's is blank;
 * `flowTemplate`: the form's (draft) template, required (its questions make the sample answers); `flowPublicIdentifier`:
 * the form, whose workspace the caller must see; `workflowTemplate` and `nodeId` (optional): the workflow the node is
 * in, so that variables of earlier steps (`{{nodes.<id>.<field>}}`) show as their names; `recipients`: ignored (the
 * preview goes to the caller).
 */
export const EmailPreviewBody = z.object({
  flowPublicIdentifier: z.string().min(1).max(64),
  template: z.unknown(),
  defaultSubject: z.string().max(1000).optional(),
  flowTemplate: z.unknown().optional(),
  workflowTemplate: z.unknown().optional(),
  nodeId: z.string().min(1).max(64).optional(),
  recipients: z.array(z.string().max(320)).max(10).optional(),
});
/** The parsed body of the preview. */
export type EmailPreviewBody = z.infer<typeof EmailPreviewBody>;

/** The preview's answer: the address it went to (the caller's own) and its Message-ID. */
export const EmailPreviewResponse = z.object({ sentTo: z.string(), messageId: z.string() });
/** `{sentTo, messageId}`. */
export type EmailPreviewResponse = z.infer<typeof EmailPreviewResponse>;

/** `POST /admin/workflows/email/preview`: sends a workflow email's preview to the caller (see the module doc). */
export const previewEmail = defineEndpoint({
  id: 'workflows.emailPreview',
  service: 'workflows-engine',
  method: 'POST',
  path: '/admin/workflows/email/preview',
  access: 'session',
  summary: "Send a preview of a workflow email to oneself",
  description:
    'The email is composed from sample answers to the form’s questions and sent through the workflow mail path to the ' +
    'caller’s own address only. Rate limited per user (`EMAIL_PREVIEW_RATE_MAX` per `EMAIL_PREVIEW_RATE_WINDOW_MS`).',
  tags: ['workflows'],
  body: EmailPreviewBody,
  responses: {
    200: okResponse(EmailPreviewResponse, 'The preview was sent (or, without SMTP, written to the mail log).'),
    400: errorResponse(`'${copy.emailEditor.flowTemplateUnavailable}' without a form template, or a body in error.`),
    403: errorResponse(`'${copy.emailEditor.confirmEmailToPreview}': an unconfirmed address, when mail goes out over SMTP.`),
    404: errorResponse(`'${copy.flows.flowNotFound}': the form does not exist or is not the caller's.`),
    422: errorResponse(`'${copy.emailEditor.previewMisconfigured}', with the node's rule messages in \`details\`.`),
    429: errorResponse(`'${copy.emailEditor.tooManyPreviews}'.`),
    503: errorResponse(`'${copy.emailEditor.previewSendFailed}' (the mail server refused or did not answer), or the database is unavailable.`),
  },
});
