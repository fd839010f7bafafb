/**
 * Connected accounts — "services" (spec 000 §3 "Service connection: id, type, name, config, session_state (metadata:
 * firstName, email, scopes), userId, hasConnectedOAuth"; §4 "Service connect form"; §7 "Connecting a service takes
 * serviceType, serviceName, config and source; the path is not shown": ours is `POST /admin/services`). Owned by the
 * integrations service (`services/integrations`): an organization's accounts at third-party services, whose
 * credentials it keeps encrypted and never sends back (`secretsSet` names the secret fields that hold a value).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { SERVICE_CONFIG_VALUE_MAX_LENGTH, SERVICE_NAME_MAX_LENGTH, SERVICES_PER_ORGANIZATION_MAX } from '../../limits';
import { SERVICE_TYPES } from '../../integrations/service-types';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { requiredString } from '../workspaces-auth/fields';

/** spec 000 §3 `session_state`: what the provider said about the account when it was last checked. */
export const ServiceSessionState = z.object({
  firstName: z.string().optional(),
  email: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  /** ours: the provider's name of the account's workspace (a Notion workspace, …), when it has one. */
  workspaceName: z.string().optional(),
});
/** `{firstName?, email?, scopes?, workspaceName?}`. */
export type ServiceSessionState = z.infer<typeof ServiceSessionState>;

/**
 * A connected account as the browser sees it (spec 000 §3): its plain config fields (secret ones never leave the
 * service; `secretsSet` lists those that hold a value), who connected it (`userId`), and its `status`: `connected`,
 * or `broken` when the provider refused its credentials (`statusDetail` says what it answered; a user reconnects it).
 */
export const ServiceConnection = z.object({
  id: z.string(),
  type: z.enum(SERVICE_TYPES),
  name: z.string(),
  config: z.record(z.string(), z.string()),
  secretsSet: z.array(z.string()),
  sessionState: ServiceSessionState,
  userId: z.number().int(),
  hasConnectedOAuth: z.boolean(),
  status: z.enum(['connected', 'broken']),
  statusDetail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** See {@link ServiceConnection}. */
export type ServiceConnection = z.infer<typeof ServiceConnection>;

/** One connection in a response. */
export const ServiceResponse = z.object({ service: ServiceConnection });
/** `{service}`. */
export type ServiceResponse = z.infer<typeof ServiceResponse>;

/** `GET /admin/services` query: only connections of one type. */
export const ListServicesQuery = z.object({ type: z.enum(SERVICE_TYPES).optional() });
/** `{type?}`. */
export type ListServicesQuery = z.infer<typeof ListServicesQuery>;

/** `GET /admin/services` response: the organization's connections, newest first. */
export const ListServicesResponse = z.object({ services: z.array(ServiceConnection) });
/** `{services}`. */
export type ListServicesResponse = z.infer<typeof ListServicesResponse>;

/** A connection's name as typed: trimmed, 1..SERVICE_NAME_MAX_LENGTH characters. */
export const ServiceName = requiredString()
  .trim()
  .min(1, { error: copy.integrations.nameRequired })
  .max(SERVICE_NAME_MAX_LENGTH, { error: copy.integrations.nameTooLong(SERVICE_NAME_MAX_LENGTH) });

/** A config as sent: field key → value (checked against the type's connect definition by the service). */
export const ServiceConfigInput = z.record(z.string().max(100), z.string().max(SERVICE_CONFIG_VALUE_MAX_LENGTH, { error: copy.validation.tooLong(SERVICE_CONFIG_VALUE_MAX_LENGTH) }));

/**
 * `POST /admin/services` body (spec 000 §7: serviceType, serviceName, config, source). No `serviceName`: the first
 * connection of the type in the organization is 'First {service} connection' (spec 000 §4), a later one
 * '{service} connection {n}'. `source`: where the user connected from (ours: free text such as `new-flow`, kept
 * for support).
 */
export const CreateServiceBody = z.object({
  serviceType: z.enum(SERVICE_TYPES, { error: (issue) => copy.integrations.unknownServiceType(String(issue.input)) }),
  serviceName: ServiceName.optional(),
  config: ServiceConfigInput,
  source: z.string().max(100).optional(),
});
/** The body as typed. */
export type CreateServiceBodyInput = z.input<typeof CreateServiceBody>;

/**
 * `PATCH /admin/services/:serviceId` body: a new name, and config fields to change. A secret field left out (or
 * empty) keeps its stored value; changed credentials are checked with the provider again.
 */
export const UpdateServiceBody = z.object({ serviceName: ServiceName.optional(), config: ServiceConfigInput.optional() });
/** The body as typed. */
export type UpdateServiceBodyInput = z.input<typeof UpdateServiceBody>;

/** The path of one connection. */
export const ServiceParams = z.object({ serviceId: z.uuid({ error: copy.integrations.serviceNotFound }) });

const notFound = errorResponse(`'${copy.integrations.serviceNotFound}' (also for another organization's).`);
const rejected = errorResponse("The provider refused the credentials: 'X did not accept these credentials: …'.");
const unavailable = errorResponse(
  `The provider could not be reached, answered with an error or is limiting requests ('X could not be reached …', 'X is limiting requests …'), or '${copy.integrations.vaultUnavailable}'.`,
);

/** `GET /admin/services` (ours): the caller's organization's connected accounts. */
export const listServices = defineEndpoint({
  id: 'services.list',
  service: 'integrations',
  method: 'GET',
  path: '/admin/services',
  access: 'session',
  summary: "My organization's connected accounts",
  tags: ['services'],
  query: ListServicesQuery,
  responses: { 200: okResponse(ListServicesResponse) },
});

/**
 * `POST /admin/services` (spec 000 §7 "Connecting a service"): checks the config with the type's connect definition
 * (400 with the field's message at `body.config.<key>`), then with the provider (one cheap call: 422 when it refuses,
 * 503 when it cannot be reached), and keeps the connection with its secrets encrypted. At most
 * SERVICES_PER_ORGANIZATION_MAX per organization.
 */
export const createService = defineEndpoint({
  id: 'services.create',
  service: 'integrations',
  method: 'POST',
  path: '/admin/services',
  access: 'session',
  summary: 'Connect an account',
  tags: ['services'],
  body: CreateServiceBody,
  responses: {
    201: okResponse(ServiceResponse),
    400: errorResponse('A config field is missing or malformed (details at `body.config.<key>`), or the type cannot be connected yet.'),
    409: errorResponse(`'${copy.integrations.nameTaken}', or '${copy.integrations.tooManyConnections(SERVICES_PER_ORGANIZATION_MAX)}'.`),
    422: rejected,
    503: unavailable,
  },
});

/** `GET /admin/services/:serviceId` (ours): one connection of the caller's organization. */
export const getService = defineEndpoint({
  id: 'services.get',
  service: 'integrations',
  method: 'GET',
  path: '/admin/services/:serviceId',
  access: 'session',
  summary: 'A connected account',
  tags: ['services'],
  params: ServiceParams,
  responses: { 200: okResponse(ServiceResponse), 404: notFound },
});

/**
 * `PATCH /admin/services/:serviceId` (spec 000 §4 "Save"): renames the connection and changes its config; changed
 * credentials are checked with the provider first (422/503 leave the connection as it was) and a `broken` connection
 * that passes is `connected` again. The member who connected it, or an admin (403 otherwise; spec 000 §6).
 */
export const updateService = defineEndpoint({
  id: 'services.update',
  service: 'integrations',
  method: 'PATCH',
  path: '/admin/services/:serviceId',
  access: 'session',
  summary: 'Change a connected account',
  tags: ['services'],
  params: ServiceParams,
  body: UpdateServiceBody,
  responses: {
    200: okResponse(ServiceResponse),
    400: errorResponse('A config field is malformed (details at `body.config.<key>`).'),
    403: errorResponse(`'${copy.integrations.notYours}'.`),
    404: notFound,
    409: errorResponse(`'${copy.integrations.nameTaken}'.`),
    422: rejected,
    503: unavailable,
  },
});

/**
 * `POST /admin/services/:serviceId/check` (ours): asks the provider whether the stored credentials still work and
 * records the answer (`status` `connected` or `broken`, `statusDetail`, a fresh `sessionState`). Any member of the
 * organization: it changes nothing but the status.
 */
export const checkService = defineEndpoint({
  id: 'services.check',
  service: 'integrations',
  method: 'POST',
  path: '/admin/services/:serviceId/check',
  access: 'session',
  summary: 'Check a connected account',
  tags: ['services'],
  params: ServiceParams,
  responses: { 200: okResponse(ServiceResponse), 404: notFound, 503: unavailable },
});

/** `DELETE /admin/services/:serviceId` (ours): forgets the connection and its credentials (its connector or an admin). */
export const deleteService = defineEndpoint({
  id: 'services.delete',
  service: 'integrations',
  method: 'DELETE',
  path: '/admin/services/:serviceId',
  access: 'session',
  summary: 'Disconnect an account',
  tags: ['services'],
  params: ServiceParams,
  responses: {
    200: okResponse(z.object({ success: z.literal(true) })),
    403: errorResponse(`'${copy.integrations.notYours}'.`),
    404: notFound,
  },
});
