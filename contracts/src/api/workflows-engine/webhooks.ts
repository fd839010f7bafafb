/**
 * Outgoing webhooks (owned by workflows-engine; what Fillout offers integrators, in the shape of Fillout's public
 * REST API `/v1/api/webhook/…`): an integrator subscribes a URL to a form, and every new submission of that form
 * is POSTed to it as JSON, signed (`rules/webhook-signature.ts`: `Formloom-Signature: t=…,v1=…`), retried with
 * exponential backoff, with a delivery log.
 *
 * Access: a signed-in caller (a person's session, or an API key the gateway exchanged for a token) with write
 * access to the form's workspace. A form or webhook the caller cannot see answers 404 (never revealing that it
 * exists); a read-only member gets 403.
 *
 * The URL is checked when it is saved by the kit's outbound guard (`@formloom/kit/outbound-http`): `https://` only
 * (plain `http://` only for a host the operator allows in `WEBHOOK_ALLOWED_HOSTS`), no credentials, never a
 * private, loopback, link-local or metadata address after DNS resolution — refused with 400 `validation_error`
 * whose message says why; it is checked again at every send.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import {
  MAX_WEBHOOKS_PER_FORM,
  WEBHOOK_DELIVERIES_PAGE_DEFAULT,
  WEBHOOK_DELIVERIES_PAGE_MAX,
  WEBHOOK_URL_MAX_LENGTH,
} from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';

/** A form's public identifier, as Fillout's API calls it (`formId`). */
const formId = z.string().trim().min(1).max(64);
/** A webhook (subscription) id: a UUIDv7. */
const webhookId = z.uuid();

/**
 * `POST /v1/api/webhook/create` body: `{formId, url}` — the form's public identifier and the receiver's URL
 * (absolute, at most WEBHOOK_URL_MAX_LENGTH characters; the outbound guard's rules in the module doc).
 */
export const CreateWebhookBody = z.object({
  formId,
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX_LENGTH),
});
/** `{formId, url}`. */
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/**
 * `POST /v1/api/webhook/create` answer (201): the webhook's `id` and its signing `secret` (`whsec_` + 43
 * base64url characters). The secret is shown only here: store it to verify `Formloom-Signature`.
 */
export const CreateWebhookResponse = z.object({ id: z.string(), secret: z.string() });
/** `{id, secret}`. */
export type CreateWebhookResponse = z.infer<typeof CreateWebhookResponse>;

/** `POST /v1/api/webhook/delete` body: `{webhookId}`. */
export const DeleteWebhookBody = z.object({ webhookId });
/** `{webhookId}`. */
export type DeleteWebhookBody = z.infer<typeof DeleteWebhookBody>;

/** `POST /v1/api/webhook/delete` answer: `{}`. */
export const DeleteWebhookResponse = z.object({});

/** `GET /v1/api/webhook/list?formId=`. */
export const ListWebhooksQuery = z.object({ formId });

/** A webhook as its list shows it (never its secret); `createdAt` ISO 8601. */
export const Webhook = z.object({ id: z.string(), formId: z.string(), url: z.string(), createdAt: z.string() });
/** A webhook subscription, without its secret. */
export type Webhook = z.infer<typeof Webhook>;

/** `{webhooks}`: the form's live webhooks, oldest first. */
export const ListWebhooksResponse = z.object({ webhooks: z.array(Webhook) });
/** `{webhooks}`. */
export type ListWebhooksResponse = z.infer<typeof ListWebhooksResponse>;

/** The path of the delivery log: `{webhookId}`. */
export const WebhookParams = z.object({ webhookId });

/** `?limit=&offset=` of the delivery log: limit 1..WEBHOOK_DELIVERIES_PAGE_MAX (default WEBHOOK_DELIVERIES_PAGE_DEFAULT). */
export const WebhookDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(WEBHOOK_DELIVERIES_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
/** A page request of the delivery log. */
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuery>;

/**
 * A delivery's state: `pending` (not sent yet, or waiting for its next attempt), `delivered` (the receiver
 * answered 2xx), `failed` (given up after the last attempt, or the webhook was deleted first).
 */
export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
/** A delivery's state. */
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/**
 * One delivery of one submission to one webhook: its state, the attempts made so far, the last attempt's HTTP
 * status (`null`: no answer) and error (`null` after a success; at most 500 characters), when the next attempt
 * is due (`null` once final) and when it was delivered; times ISO 8601.
 */
export const WebhookDelivery = z.object({
  id: z.string(),
  submissionId: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
/** A delivery of the log. */
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** `{deliveries}`: one page of a webhook's delivery log, newest first. */
export const WebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDelivery) });
/** `{deliveries}`. */
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;

const formNotFound = errorResponse(`'${copy.flows.flowNotFound}': no such form, or not the caller's.`);
const webhookNotFound = errorResponse(`'${copy.webhooks.webhookNotFound}': no such webhook, deleted, or not the caller's.`);
const writeRequired = errorResponse(`${copy.auth.writeAccessRequired}.`);

/** `POST /v1/api/webhook/create {formId, url}` → 201 `{id, secret}`. */
export const createWebhook = defineEndpoint({
  id: 'webhooks.create',
  service: 'workflows-engine',
  method: 'POST',
  path: '/v1/api/webhook/create',
  access: 'session',
  summary: 'Subscribe a URL to new submissions of a form',
  description:
    'Every new submission of the form is POSTed to `url` as `{formId, formName, submission}`, signed with the returned ' +
    '`secret` (`Formloom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`), retried with ' +
    `exponential backoff until a 2xx. The secret is shown only in this answer. At most ${MAX_WEBHOOKS_PER_FORM} webhooks per form. ` +
    'The URL must be https:// and reach a public address (400 otherwise).',
  tags: ['webhooks'],
  body: CreateWebhookBody,
  responses: {
    201: okResponse(CreateWebhookResponse, 'Created; the signing secret is shown only here.'),
    403: writeRequired,
    404: formNotFound,
    409: errorResponse(`'${copy.webhooks.maxWebhooks(MAX_WEBHOOKS_PER_FORM)}'.`),
  },
});

/** `POST /v1/api/webhook/delete {webhookId}` → `{}`. */
export const deleteWebhook = defineEndpoint({
  id: 'webhooks.delete',
  service: 'workflows-engine',
  method: 'POST',
  path: '/v1/api/webhook/delete',
  access: 'session',
  summary: 'Delete a webhook',
  description: 'No further submission is sent to it; its pending deliveries are not sent (they show `failed`).',
  tags: ['webhooks'],
  body: DeleteWebhookBody,
  responses: { 200: okResponse(DeleteWebhookResponse), 403: writeRequired, 404: webhookNotFound },
});

/** `GET /v1/api/webhook/list?formId=` → `{webhooks}`. */
export const listWebhooks = defineEndpoint({
  id: 'webhooks.list',
  service: 'workflows-engine',
  method: 'GET',
  path: '/v1/api/webhook/list',
  access: 'session',
  summary: "List a form's webhooks",
  description: 'Never shows the secrets.',
  tags: ['webhooks'],
  query: ListWebhooksQuery,
  responses: { 200: okResponse(ListWebhooksResponse), 403: writeRequired, 404: formNotFound },
});

/** `GET /v1/api/webhook/:webhookId/deliveries?limit=&offset=` → `{deliveries}`. */
export const listWebhookDeliveries = defineEndpoint({
  id: 'webhooks.deliveries',
  service: 'workflows-engine',
  method: 'GET',
  path: '/v1/api/webhook/:webhookId/deliveries',
  access: 'session',
  summary: "Read a webhook's delivery log",
  description: 'Newest first; each delivery with its state, attempts, last status code and error, and next attempt.',
  tags: ['webhooks'],
  params: WebhookParams,
  query: WebhookDeliveriesQuery,
  responses: { 200: okResponse(WebhookDeliveriesResponse), 403: writeRequired, 404: webhookNotFound },
});
