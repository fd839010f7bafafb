/**
 * Outgoing webhooks (the endpoints of `@formloom/contracts/api/workflows-engine/webhooks`, Fillout's
 * `/v1/api/webhook/…` shape): create, delete, list a form's, read one's delivery log.
 *
 * Access: write access to the form's workspace for every call (webhooks send the form's answers elsewhere).
 * The form is looked up at flows (`flows-client.ts`) for create and list; a subscription carries its form's
 * organization and workspace for delete and the delivery log. Not the caller's (another organization, no
 * membership) → 404 'Form not found' / 'Webhook not found', never revealing that it exists; a read-only member →
 * 403. The URL passes the kit's outbound guard when saved (400 with its reason), and must be `https://` unless
 * its host is one the operator allows (WEBHOOK_ALLOWED_HOSTS).
 */
import type { FastifyRequest } from 'fastify';
import type { AuthClaims } from '@formloom/contracts/auth';
import * as copy from '@formloom/contracts/copy';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
} from '@formloom/contracts/api/workflows-engine/webhooks';
import { requireFlowAccess } from '@formloom/kit/auth';
import { invalid, notFound, unavailable } from '@formloom/kit/errors';
import { checkOutboundUrl, OutboundUrlRefused, type OutboundUrlCheck } from '@formloom/kit/outbound-http';
import { defineRoutes } from '@formloom/kit/routes';
import type { WebhookSubscriptionRow } from '../db/schema';
import type { EngineDeps } from '../deps';
import type { InternalFlow } from '../flows-client';
import * as webhooks from '../domain/webhooks';

/**
 * `url` checked by the outbound guard (`checkOutboundUrl`).
 * @throws 400 `validation_error` with the guard's message (scheme, credentials, private or metadata address,
 *   unresolvable name) and the detail `{path: 'url', message}`.
 */
async function checkedUrl(url: string, deps: EngineDeps): Promise<OutboundUrlCheck> {
  try {
    return await checkOutboundUrl(url, { allowedHosts: deps.webhookAllowedHosts });
  } catch (error) {
    if (error instanceof OutboundUrlRefused) throw invalid(error.message, [{ path: 'url', message: error.message }]);
    throw error;
  }
}

/** The webhook routes. */
export const webhookRoutes = defineRoutes<EngineDeps>((router, deps) => {
  const { db } = deps;

  /**
   * The form `formId` when the caller may change it.
   * @throws 404 'Form not found' (unknown, or not the caller's), 403 without write access, 503 when flows cannot
   *   be reached.
   */
  const writableForm = async (request: FastifyRequest, auth: AuthClaims, formId: string): Promise<InternalFlow> => {
    const flow = await deps.flows.lookup(formId);
    if (!flow || flow.organizationId !== auth.org) throw notFound(copy.flows.flowNotFound);
    requireFlowAccess(request, flow, 'change', copy.flows.flowNotFound);
    return flow;
  };

  /**
   * The live subscription `id` when the caller may change its form.
   * @throws 404 'Webhook not found' (unknown, deleted, or not the caller's), 403 without write access.
   */
  const writableSubscription = async (request: FastifyRequest, auth: AuthClaims, id: string): Promise<WebhookSubscriptionRow> => {
    const row = await webhooks.findLiveSubscription(db, id);
    if (!row || row.organizationId !== auth.org) throw notFound(copy.webhooks.webhookNotFound);
    requireFlowAccess(request, { workspaceId: row.workspaceId, createdBy: row.flowCreatedBy }, 'change', copy.webhooks.webhookNotFound);
    return row;
  };

  /**
   * 201 {id, secret}; 400 for a URL the guard refuses or plain http to a host not allowed; 409 past 20 per form;
   * 503 when the engine has no key to encrypt signing secrets.
   */
  router.handle(createWebhook, async ({ body, auth, request }) => {
    const flow = await writableForm(request, auth, body.formId);
    if (!deps.webhookSecrets) throw unavailable(copy.webhooks.notConfigured);
    const checked = await checkedUrl(body.url, deps);
    if (checked.url.protocol !== 'https:' && !checked.operatorAllowed) {
      throw invalid(copy.webhooks.httpsRequired, [{ path: 'url', message: copy.webhooks.httpsRequired }]);
    }
    return webhooks.createSubscription(db, deps.webhookSecrets, {
      flow,
      url: checked.url.href,
      createdBy: Number(auth.sub),
    });
  });

  /** {} once deleted; 404 for an unknown or already deleted webhook. */
  router.handle(deleteWebhook, async ({ body, auth, request }) => {
    const row = await writableSubscription(request, auth, body.webhookId);
    if (!(await webhooks.deleteSubscription(db, row.id))) throw notFound(copy.webhooks.webhookNotFound);
    return {};
  });

  /** The form's live webhooks, oldest first, without secrets. */
  router.handle(listWebhooks, async ({ query, auth, request }) => {
    const flow = await writableForm(request, auth, query.formId);
    const rows = await webhooks.listSubscriptions(db, flow.publicIdentifier, flow.organizationId);
    return { webhooks: rows.map(webhooks.toWebhook) };
  });

  /** One page of the delivery log, newest first. */
  router.handle(listWebhookDeliveries, async ({ params, query, auth, request }) => {
    const row = await writableSubscription(request, auth, params.webhookId);
    return { deliveries: await webhooks.listDeliveries(db, row.id, query) };
  });
});
