/**
 * Connecting an OAuth service (spec 000 §4 "For OAuth services a separate connect button replaces it"; §7 "OAuth
 * redirects use a redirectUri"; the paths are ours): the web app asks for the provider's authorization URL and sends
 * the browser there; the provider sends it back to the product's callback, which completes the connection (or
 * reconnects an existing one) and sends the browser on to where it started, saying what happened in the URL:
 * `serviceConnected=<serviceId>`, or `serviceError=<message>`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { SERVICE_TYPES } from '../../integrations/service-types';
import { defineEndpoint, errorResponse, noContentResponse, okResponse } from '../endpoint';
import { ServiceName } from './services';

/** The query parameters the callback adds to the page it returns to. */
export const OAUTH_RESULT_PARAMS = { connected: 'serviceConnected', error: 'serviceError' } as const;

/** ours: the longest `returnTo` path. */
export const RETURN_TO_MAX_LENGTH = 2000;

/** True for a same-site path (`/home/integrations?x=1`): starts with one `/`, no backslash, no scheme. */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  try {
    return new URL(value, 'http://formloom.invalid').origin === 'http://formloom.invalid';
  } catch {
    return false;
  }
}

/** `POST /admin/services/oauth/:serviceType/start` path. */
export const StartOAuthParams = z.object({ serviceType: z.enum(SERVICE_TYPES, { error: (issue) => copy.integrations.unknownServiceType(String(issue.input)) }) });

/**
 * `POST /admin/services/oauth/:serviceType/start` body: the new connection's name (optional, as for
 * `POST /admin/services`), or the connection to reconnect (`serviceId`), and the app path the browser returns to.
 */
export const StartOAuthBody = z.object({
  serviceName: ServiceName.optional(),
  serviceId: z.uuid({ error: copy.integrations.serviceNotFound }).optional(),
  returnTo: z.string().max(RETURN_TO_MAX_LENGTH).refine(isSameSitePath, { error: 'Must be a path of this site' }),
  source: z.string().max(100).optional(),
});
/** The body as typed. */
export type StartOAuthBodyInput = z.input<typeof StartOAuthBody>;

/** `POST /admin/services/oauth/:serviceType/start` response: where to send the browser. */
export const StartOAuthResponse = z.object({ authorizationUrl: z.string() });
/** `{authorizationUrl}`. */
export type StartOAuthResponse = z.infer<typeof StartOAuthResponse>;

/**
 * `POST /admin/services/oauth/:serviceType/start` (ours): a single-use authorization request (state, 10 minutes) for
 * the caller; answers the provider's authorization URL. Reconnecting (`serviceId`) is for the member who connected it
 * or an admin.
 */
export const startServiceOAuth = defineEndpoint({
  id: 'services.oauthStart',
  service: 'integrations',
  method: 'POST',
  path: '/admin/services/oauth/:serviceType/start',
  access: 'session',
  summary: 'Start connecting an OAuth account',
  tags: ['services'],
  params: StartOAuthParams,
  body: StartOAuthBody,
  responses: {
    200: okResponse(StartOAuthResponse),
    400: errorResponse('Not an OAuth service type, or `returnTo` is not a path of this site.'),
    403: errorResponse(`'${copy.integrations.notYours}'.`),
    404: errorResponse(`'${copy.integrations.serviceNotFound}'.`),
    503: errorResponse("'X cannot be connected on this server: …' (no OAuth client configured), or the credentials vault is off."),
  },
});

/** `GET /public/services/oauth/callback` query: what the provider sends back (RFC 6749 §4.1.2, §4.1.2.1). */
export const OAuthCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * `GET /public/services/oauth/callback` (ours; the redirect URI registered with each provider,
 * `<PUBLIC_URL>/public/services/oauth/callback`): spends the state, exchanges the code for tokens, checks them with
 * the provider, stores the connection, and redirects (303) to the `returnTo` of the start with
 * `serviceConnected=<id>` or `serviceError=<message>` — also for an unknown or used state ('This connection attempt
 * expired or was already used. Start again.'), then to `/home/integrations`.
 */
export const serviceOAuthCallback = defineEndpoint({
  id: 'services.oauthCallback',
  service: 'integrations',
  method: 'GET',
  path: '/public/services/oauth/callback',
  access: 'public',
  summary: 'OAuth redirect URI',
  tags: ['services'],
  query: OAuthCallbackQuery,
  responses: { 303: noContentResponse('Back to the page the connection started from, with the outcome in its query.') },
});
