/**
 * The email preview (`previewEmail` of `@formloom/contracts/api/workflows-engine/email-preview`; spec 001 §7): a
 * signed-in user who may view the form sends a workflow email's preview to their own address
 * (`domain/email-preview.ts`), at most `EMAIL_PREVIEW_RATE_LIMIT` times per ten minutes.
 */
import { previewEmail } from '@formloom/contracts/api/workflows-engine/email-preview';
import * as copy from '@formloom/contracts/copy';
import { requireFlowAccess } from '@formloom/kit/auth';
import { notFound } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import type { EngineDeps } from '../deps';
import { sendEmailPreview } from '../domain/email-preview';

/** The email preview route. */
export const emailPreviewRoutes = defineRoutes<EngineDeps>((router, deps) => {
  /**
   * 200 `{sentTo, messageId}`. 404 'Form not found' for a form that does not exist or is not the caller's; 429 past
   * the per-user limit; the rest as `sendEmailPreview` throws (400, 403, 422, 503).
   */
  router.handle(previewEmail, async ({ body, auth, request, reply }) => {
    await deps.previewLimit?.enforce(reply, `user\n${auth.sub}`);
    const flow = await deps.flows.lookup(body.flowPublicIdentifier);
    if (!flow || flow.organizationId !== auth.org) throw notFound(copy.flows.flowNotFound);
    requireFlowAccess(request, flow, 'view', copy.flows.flowNotFound);
    return sendEmailPreview({ db: deps.db, mailer: deps.mailer, mailFrom: deps.config.MAIL_FROM, log: request.log }, { auth, flow, body });
  });
});
