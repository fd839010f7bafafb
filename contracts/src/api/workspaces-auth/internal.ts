/**
 * Internal calls of workspaces-auth (never routed by the gateway; header `x-internal-token` required).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { AccessLevel, BillingStatus, DataRegion, OrganizationFeature } from '../../entities/identity';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { OrganizationSummary, SignupBody, UserResponse } from './auth';

/** ours: longest accepted session token in an exchange request (real ones are 43 base64url characters). */
export const SESSION_TOKEN_MAX_LENGTH = 256;

/** `POST /internal/sessions/exchange` body: the raw value of the `formloom_session` cookie. */
export const SessionExchangeBody = z.object({
  sessionToken: z.string().min(1).max(SESSION_TOKEN_MAX_LENGTH),
});
/** `{sessionToken}`. */
export type SessionExchangeBody = z.infer<typeof SessionExchangeBody>;

/**
 * `POST /internal/sessions/exchange` response: an EdDSA JWT carrying `AuthClaims` (`auth.ts`) and its
 * lifetime in seconds (`ACCESS_TOKEN_TTL_SECONDS`).
 */
export const SessionExchangeResponse = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
});
/** `{accessToken, expiresIn}`. */
export type SessionExchangeResponse = z.infer<typeof SessionExchangeResponse>;

/** `POST /internal/organizations/:organizationId/users` path parameters. */
export const OrganizationParams = z.object({ organizationId: z.coerce.number().int().positive() });
/** `{organizationId}`. */
export type OrganizationParams = z.infer<typeof OrganizationParams>;

/**
 * `POST /internal/organizations/:organizationId/users` body: creates a user inside an existing organization
 * (a stand-in for invitations, which have no UI yet; used by seeds and system tests), with optional
 * workspace memberships (each workspace must belong to the organization). `isAdmin` defaults to false.
 */
export const CreateOrganizationUserBody = SignupBody.extend({
  isAdmin: z.boolean().default(false),
  workspaces: z
    .array(z.object({ workspaceId: z.number().int().positive(), accessLevel: AccessLevel }))
    .max(1000)
    .default([]),
});
/** The body after parsing. */
export type CreateOrganizationUserBody = z.infer<typeof CreateOrganizationUserBody>;

/** `POST /internal/sessions/exchange`: the gateway swaps a session cookie for a short-lived JWT. */
export const exchangeSession = defineEndpoint({
  id: 'internal.sessions.exchange',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/internal/sessions/exchange',
  access: 'internal',
  summary: 'Exchange a session for an access token (internal)',
  body: SessionExchangeBody,
  responses: { 200: okResponse(SessionExchangeResponse) },
});

/** `POST /internal/organizations/:organizationId/users`: a user inside an existing organization (seeds, tests). */
export const createOrganizationUser = defineEndpoint({
  id: 'internal.organizations.createUser',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/internal/organizations/:organizationId/users',
  access: 'internal',
  summary: 'Create a user in an organization (internal)',
  params: OrganizationParams,
  body: CreateOrganizationUserBody,
  responses: {
    201: okResponse(UserResponse),
    404: errorResponse('Unknown organization, or a workspace outside it.'),
    409: errorResponse('The email is taken.'),
  },
});

/**
 * `POST /internal/organizations/:organizationId/flags` body: the organization flags an operator sets (spec 001 §2,
 * §6) — `hasConversionKit` (the Conversion Kit add-on) and `dataRegion` (`EU_AGENT` or `null`, the default region) —
 * the billing record's `billingStatus` (spec 000 §2; what a payment provider's webhook would set) and the product
 * `features` turned on (`ORGANIZATION_FEATURES`; the list replaces the stored one). Each is optional; a flag left out
 * keeps its value.
 */
export const SetOrganizationFlagsBody = z.object({
  hasConversionKit: z.boolean().optional(),
  dataRegion: DataRegion.nullable().optional(),
  billingStatus: BillingStatus.optional(),
  features: z.array(OrganizationFeature).optional(),
});
/** `{hasConversionKit?, dataRegion?, billingStatus?, features?}`. */
export type SetOrganizationFlagsBody = z.infer<typeof SetOrganizationFlagsBody>;

/** `{organization}`: the organization with its flags after the change. */
export const OrganizationFlagsResponse = z.object({ organization: OrganizationSummary });
/** `{organization}`. */
export type OrganizationFlagsResponse = z.infer<typeof OrganizationFlagsResponse>;

/**
 * `POST /internal/organizations/:organizationId/flags`: an operator turns the Conversion Kit add-on on or off or
 * places the organization in a data region (internal: the shared token, never routed by the gateway). Members
 * see the flags on `GET /auth/me`; the data region reaches the other services in the access token's `reg` claim
 * once the caller's token is renewed (at most `ACCESS_TOKEN_TTL_SECONDS`).
 */
export const setOrganizationFlags = defineEndpoint({
  id: 'internal.organizations.setFlags',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/internal/organizations/:organizationId/flags',
  access: 'internal',
  summary: "Set an organization's add-on and data region flags (internal)",
  params: OrganizationParams,
  body: SetOrganizationFlagsBody,
  responses: {
    200: okResponse(OrganizationFlagsResponse),
    404: errorResponse(`'${copy.auth.organizationNotFound}'.`),
  },
});
