/**
 * API keys (what Fillout offers integrators): an organization's admins create keys for the public REST API
 * (`/v1/api/…`), each scoped to some of the organization's workspaces or to all of them, and revoke them. A key is
 * shown once, when it is made; workspaces-auth keeps only its SHA-256. A request to `/v1/api/…` with
 * `Authorization: Bearer <key>` is authenticated by the gateway, which swaps the key for a short-lived access token
 * (`POST /internal/apiKeys/exchange`) the way it swaps a session cookie; the services check workspace access in it
 * as for a person. docs/architecture.md §5.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { API_KEY_NAME_MAX_LENGTH, MAX_API_KEYS_PER_ORGANIZATION } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { requiredString } from './fields';

/** The prefix of every API key: `fl_` then 43 base64url characters (32 random bytes). */
export const API_KEY_PREFIX = 'fl_';
/** An API key as clients send it. */
export const API_KEY_PATTERN = /^fl_[A-Za-z0-9_-]{43}$/;

/**
 * An API key as its list shows it (never the key itself): `id`, `name`, `preview` (the key's first 8
 * characters, `fl_Ab3dE`, so a person can tell keys apart), `workspaceIds` (`null`: every workspace of the
 * organization, now and later), who made it and when, and when it was last used (ISO 8601, `null`: never).
 */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  preview: z.string(),
  workspaceIds: z.array(z.number().int().positive()).nullable(),
  createdBy: z.number().int().positive(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
/** An API key, without its secret. */
export type ApiKey = z.infer<typeof ApiKey>;

/** `POST /admin/apiKeys` body: a name (1..64 characters, trimmed) and the workspaces it reaches (omitted or `null`: all). */
export const CreateApiKeyBody = z.object({
  name: requiredString()
    .trim()
    .min(1, { error: copy.validation.notEmpty })
    .max(API_KEY_NAME_MAX_LENGTH, { error: copy.validation.tooLong(API_KEY_NAME_MAX_LENGTH) }),
  workspaceIds: z.array(z.number().int().positive()).min(1).max(1000).nullable().default(null),
});
/** `{name, workspaceIds}` after parsing. */
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** `POST /admin/apiKeys` 201 response: the key's record and, this once, the key itself. */
export const CreateApiKeyResponse = z.object({ apiKey: ApiKey, key: z.string() });
/** `{apiKey, key}`. */
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

/** `GET /admin/apiKeys` response: the organization's live keys, newest first. */
export const ApiKeysResponse = z.object({ apiKeys: z.array(ApiKey) });
/** `{apiKeys}`. */
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

/** `DELETE /admin/apiKeys/:apiKeyId` path parameters. */
export const ApiKeyParams = z.object({ apiKeyId: z.uuid() });
/** `{apiKeyId}`. */
export type ApiKeyParams = z.infer<typeof ApiKeyParams>;

/** `DELETE /admin/apiKeys/:apiKeyId` response: `{success: true}` (as the other deletes answer). */
export const RevokeApiKeyResponse = z.object({ success: z.literal(true) });

/** `POST /internal/apiKeys/exchange` body: the key as the client sent it (any string up to 256 characters; a malformed one is refused like an unknown one). */
export const ApiKeyExchangeBody = z.object({ apiKey: z.string().min(1).max(256) });
/** `{apiKey}`. */
export type ApiKeyExchangeBody = z.infer<typeof ApiKeyExchangeBody>;

/** `POST /internal/apiKeys/exchange` response: an access token (`AuthClaims` with `key`) and its lifetime in seconds. */
export const ApiKeyExchangeResponse = z.object({ accessToken: z.string(), expiresIn: z.number().int().positive() });
/** `{accessToken, expiresIn}`. */
export type ApiKeyExchangeResponse = z.infer<typeof ApiKeyExchangeResponse>;

const adminOnly = errorResponse(`'${copy.auth.adminOnly}'.`);

/** `GET /admin/apiKeys`: the organization's API keys (admins only). */
export const listApiKeys = defineEndpoint({
  id: 'apiKeys.list',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/admin/apiKeys',
  access: 'session',
  summary: 'List API keys',
  description: "The organization's live API keys, newest first, without their secrets. Admins only.",
  tags: ['api keys'],
  responses: { 200: okResponse(ApiKeysResponse), 403: adminOnly },
});

/** `POST /admin/apiKeys`: an admin makes an API key; the answer holds the key, shown this once. */
export const createApiKey = defineEndpoint({
  id: 'apiKeys.create',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/apiKeys',
  access: 'session',
  summary: 'Create an API key',
  description: `The key (\`${API_KEY_PREFIX}…\`) is in the answer only; store it now. At most ${MAX_API_KEYS_PER_ORGANIZATION} live keys per organization.`,
  tags: ['api keys'],
  body: CreateApiKeyBody,
  responses: {
    201: okResponse(CreateApiKeyResponse),
    403: adminOnly,
    404: errorResponse('A workspace is not in the caller\'s organization.'),
    409: errorResponse('The organization has as many keys as it may.'),
  },
});

/** `DELETE /admin/apiKeys/:apiKeyId`: an admin revokes a key; requests with it are refused from then on. */
export const revokeApiKey = defineEndpoint({
  id: 'apiKeys.revoke',
  service: 'workspaces-auth',
  method: 'DELETE',
  path: '/admin/apiKeys/:apiKeyId',
  access: 'session',
  summary: 'Revoke an API key',
  tags: ['api keys'],
  params: ApiKeyParams,
  responses: { 200: okResponse(RevokeApiKeyResponse), 403: adminOnly, 404: errorResponse('No such key in the organization.') },
});

/** `POST /internal/apiKeys/exchange`: the gateway swaps an API key for a short-lived access token. */
export const exchangeApiKey = defineEndpoint({
  id: 'internal.apiKeys.exchange',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/internal/apiKeys/exchange',
  access: 'internal',
  summary: 'Exchange an API key for an access token (internal)',
  body: ApiKeyExchangeBody,
  responses: { 200: okResponse(ApiKeyExchangeResponse) },
});
