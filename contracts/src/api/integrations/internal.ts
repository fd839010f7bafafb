/**
 * What other services ask the integrations service to do with a connected account, on the internal network
 * (`x-internal-token`): the workflows engine's integration steps. Credentials never leave the integrations service:
 * the caller names the account and the action, the service calls the provider.
 *
 * **Once.** Every action carries the caller's idempotency key (the engine's step key `<runId>:<nodeId>`). The first
 * call with a key runs the action and keeps its output; a later call with the same key answers that output again
 * (`replayed: true`) without calling the provider. A call while another with the same key is still running is
 * refused (409) so the caller retries later; an action whose first call ended without an answer (the service stopped
 * mid-call) is run again after SERVICE_ACTION_LEASE_MS — the one window in which a provider may see it twice. A failed
 * action keeps nothing: a retry with the key runs it again.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { ServiceParams } from './services';

/** `slack.postMessage` (Slack `chat.postMessage`): text to a channel (its id, or its name with or without `#`). */
export const SlackPostMessageInput = z.object({ channel: z.string().min(1).max(200), text: z.string().min(1).max(CHAT_MESSAGE_MAX_LENGTH) });
/** Its output: where it was posted and the message's timestamp (Slack's id of a message). */
export const SlackPostMessageOutput = z.object({ channel: z.string(), ts: z.string() });

/** The actions, by name (`<service type>.<action>`), each with its input. */
export const ServiceActionBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('slack.postMessage'),
    organizationId: z.number().int().positive(),
    idempotencyKey: z.string().min(1).max(200),
    input: SlackPostMessageInput,
  }),
]);
/** An action request. */
export type ServiceActionBody = z.infer<typeof ServiceActionBody>;
/** The action names. */
export type ServiceActionName = ServiceActionBody['action'];

/** An action's answer: its output, and whether it is a replay of an earlier call with the same key. */
export const ServiceActionResponse = z.object({ output: z.record(z.string(), z.unknown()), replayed: z.boolean() });
/** `{output, replayed}`. */
export type ServiceActionResponse = z.infer<typeof ServiceActionResponse>;

/**
 * `POST /internal/services/:serviceId/actions` (ours): runs an action with the organization's connection (see the
 * module doc). 404 when the connection is not the organization's (or gone); 400 when the action is not of its type;
 * 422 when the provider refused the request or the credentials (then the connection is marked broken), with the
 * provider's words; 503 when it could not be reached or limits requests (retry later); 409 while the same key runs.
 */
export const runServiceAction = defineEndpoint({
  id: 'internal.services.action',
  service: 'integrations',
  method: 'POST',
  path: '/internal/services/:serviceId/actions',
  access: 'internal',
  summary: 'Run an action with a connected account (internal)',
  params: ServiceParams,
  body: ServiceActionBody,
  responses: {
    200: okResponse(ServiceActionResponse),
    400: errorResponse('The action is not one of the connection\'s service type.'),
    404: errorResponse(`'${copy.integrations.serviceNotFound}'.`),
    409: errorResponse(`'${copy.integrations.actionInProgress}'.`),
    422: errorResponse('The provider refused the request or the credentials.'),
    503: errorResponse('The provider could not be reached or limits requests.'),
  },
});
