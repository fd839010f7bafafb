/**
 * Request and response schemas of the workspaces-auth service (spec 000 §2, §3, §6, §7; ARCHITECTURE §4).
 * The service parses every request with these at the edge and serializes every success response with them;
 * the web app types its calls from them. Error responses are the one error format (`errors.ts`).
 *
 * | call | request | response |
 * | --- | --- | --- |
 * | `POST /auth/signup` | {@link SignupBody} | 201 {@link UserResponse} + session cookie |
 * | `POST /auth/login` | {@link LoginBody} | {@link UserResponse} + session cookie |
 * | `POST /auth/logout` | session cookie | {@link LogoutResponse} (cookie cleared) |
 * | `GET /auth/me` | session cookie or bearer JWT | {@link MeResponse} |
 * | `GET /admin/workspaces` | session cookie or bearer JWT | {@link WorkspacesResponse} |
 * | `POST /admin/workspaces` | {@link CreateWorkspaceBody} (admins only) | 201 {@link WorkspaceResponse} |
 * | `GET /admin/organizations` | session cookie or bearer JWT | {@link OrganizationsResponse} |
 * | `POST /admin/members` | {@link SetMemberBody} (admins only) | {@link MemberResponse} |
 * | `GET /.well-known/jwks.json` | none | {@link JwksResponse} |
 * | `POST /internal/sessions/exchange` | {@link SessionExchangeBody}, header `x-internal-token` | {@link SessionExchangeResponse} |
 * | `POST /internal/organizations/:organizationId/users` | {@link CreateOrganizationUserBody}, header `x-internal-token` | 201 {@link UserResponse} |
 */
import { z } from 'zod';
import { copy } from '../copy';
import { AccessLevel, Organization, RESERVED_WORKSPACE_IDS, User, Workspace } from '../entities/identity';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, WORKSPACE_NAME_MAX_LENGTH } from '../limits';
import { kebabCase } from '../rules/slug';

/** ours: first and last names have at most this many characters (after trimming). */
export const PERSON_NAME_MAX_LENGTH = 100;
/** ours: longest accepted session token in an exchange request (real ones are 43 base64url characters). */
export const SESSION_TOKEN_MAX_LENGTH = 256;

/** A required string: the "required" text when absent, "Expected text" for another type. */
function requiredString() {
  return z.string({
    error: (issue) => (issue.input === undefined ? copy.validation.required : copy.validation.expected('text')),
  });
}

/**
 * An email address as typed at sign-up: trimmed, lowercased (the stored, unique form), at most
 * {@link EMAIL_MAX_LENGTH} characters, and a valid address (zod's email pattern). Message on a bad address:
 * `copy.answers.invalidEmail`.
 */
export const EmailAddress = requiredString()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: copy.validation.tooLong(EMAIL_MAX_LENGTH) })
  .pipe(z.email({ error: copy.answers.invalidEmail }));

/**
 * A new password: {@link PASSWORD_MIN_LENGTH}..{@link PASSWORD_MAX_LENGTH} characters, not trimmed (issue 2:
 * at least 8 characters; message `copy.auth.passwordTooShort(8)`).
 */
export const NewPassword = requiredString()
  .min(PASSWORD_MIN_LENGTH, { error: copy.auth.passwordTooShort(PASSWORD_MIN_LENGTH) })
  .max(PASSWORD_MAX_LENGTH, { error: copy.validation.tooLong(PASSWORD_MAX_LENGTH) });

/** A first name: trimmed, 1..{@link PERSON_NAME_MAX_LENGTH} characters. */
const FirstName = requiredString()
  .trim()
  .min(1, { error: copy.validation.notEmpty })
  .max(PERSON_NAME_MAX_LENGTH, { error: copy.validation.tooLong(PERSON_NAME_MAX_LENGTH) });

/** A last name: trimmed, 0..{@link PERSON_NAME_MAX_LENGTH} characters (some people have a single name). */
const LastName = requiredString()
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, { error: copy.validation.tooLong(PERSON_NAME_MAX_LENGTH) });

/**
 * `POST /auth/signup` body: `{email, password, firstName, lastName}`. The service creates the user, an
 * organization named `workspacesAuthCopy.organizationName(firstName)` and a first workspace
 * `workspacesAuthCopy.defaultWorkspaceName` with `write` access; the first user of an organization is an admin.
 */
export const SignupBody = z.object({
  email: EmailAddress,
  password: NewPassword,
  firstName: FirstName,
  lastName: LastName,
});
/** `POST /auth/signup` body after parsing (email normalized, names trimmed). */
export type SignupBody = z.infer<typeof SignupBody>;

/**
 * `POST /auth/login` body: `{email, password}`. The email is trimmed and lowercased but not checked for
 * format: a malformed address is just a wrong pair (401 `copy.auth.invalidCredentials`).
 */
export const LoginBody = z.object({
  email: requiredString()
    .trim()
    .toLowerCase()
    .min(1, { error: copy.validation.notEmpty })
    .max(EMAIL_MAX_LENGTH, { error: copy.validation.tooLong(EMAIL_MAX_LENGTH) }),
  password: requiredString()
    .min(1, { error: copy.validation.notEmpty })
    .max(PASSWORD_MAX_LENGTH, { error: copy.validation.tooLong(PASSWORD_MAX_LENGTH) }),
});
/** `POST /auth/login` body after parsing. */
export type LoginBody = z.infer<typeof LoginBody>;

/** `POST /auth/signup` (201) and `POST /auth/login` (200) response: the signed-in user. */
export const UserResponse = z.object({ user: User });
/** `{user}`. */
export type UserResponse = z.infer<typeof UserResponse>;

/** `POST /auth/logout` response. */
export const LogoutResponse = z.object({ success: z.literal(true) });
/** `{success: true}`. */
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** An organization as listed to its members: `{id, name}`. */
export const OrganizationSummary = Organization.pick({ id: true, name: true });
/** `{id, name}`. */
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

/**
 * `GET /auth/me` response: the user, their organizations (today exactly one: a user belongs to the
 * organization they signed up in or were added to) and their workspaces with slug and access level
 * (spec 000 §2 slug `<id>-<kebab name>`, §6 levels), sorted by name (case-insensitive), then id.
 */
export const MeResponse = z.object({
  user: User,
  organizations: z.array(OrganizationSummary),
  workspaces: z.array(Workspace),
});
/** `{user, organizations, workspaces}`. */
export type MeResponse = z.infer<typeof MeResponse>;

/** `GET /admin/workspaces` response: the caller's workspaces, as in {@link MeResponse}. */
export const WorkspacesResponse = z.object({ workspaces: z.array(Workspace) });
/** `{workspaces}`. */
export type WorkspacesResponse = z.infer<typeof WorkspacesResponse>;

/** `GET /admin/organizations` response (spec 000 §7). */
export const OrganizationsResponse = z.object({ organizations: z.array(OrganizationSummary) });
/** `{organizations}`. */
export type OrganizationsResponse = z.infer<typeof OrganizationsResponse>;

/** True when `name` would read as a reserved workspace id (`home`, `trash`; spec 000 §2) in kebab case. */
export function isReservedWorkspaceName(name: string): boolean {
  return (RESERVED_WORKSPACE_IDS as readonly string[]).includes(kebabCase(name));
}

/**
 * A workspace name: trimmed, 1..{@link WORKSPACE_NAME_MAX_LENGTH} characters, and not one whose kebab form
 * is a reserved id (`home`, `trash`: spec 000 §2; message `copy.auth.reservedWorkspaceId`). Names need not
 * be unique: the slug carries the id.
 */
export const WorkspaceName = requiredString()
  .trim()
  .min(1, { error: copy.validation.notEmpty })
  .max(WORKSPACE_NAME_MAX_LENGTH, { error: copy.validation.tooLong(WORKSPACE_NAME_MAX_LENGTH) })
  .refine((name) => !isReservedWorkspaceName(name), { error: copy.auth.reservedWorkspaceId });

/** `POST /admin/workspaces` body: `{name}`. */
export const CreateWorkspaceBody = z.object({ name: WorkspaceName });
/** `{name}` after parsing (trimmed). */
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBody>;

/** `POST /admin/workspaces` 201 response: the new workspace, with the creator's `write` access. */
export const WorkspaceResponse = z.object({ workspace: Workspace });
/** `{workspace}`. */
export type WorkspaceResponse = z.infer<typeof WorkspaceResponse>;

/**
 * `POST /admin/members` body: give the user with `email` (a user of the admin's organization) `accessLevel`
 * in `workspaceId` (a workspace of that organization). Adds the membership or changes its level.
 */
export const SetMemberBody = z.object({
  email: LoginBody.shape.email,
  workspaceId: z.number().int().positive(),
  accessLevel: AccessLevel,
});
/** `{email, workspaceId, accessLevel}` after parsing. */
export type SetMemberBody = z.infer<typeof SetMemberBody>;

/** A workspace membership: `{userId, workspaceId, accessLevel}`. */
export const Member = z.object({
  userId: z.number().int().positive(),
  workspaceId: z.number().int().positive(),
  accessLevel: AccessLevel,
});
/** A membership. */
export type Member = z.infer<typeof Member>;

/** `POST /admin/members` response: the membership as it now is. */
export const MemberResponse = z.object({ member: Member });
/** `{member}`. */
export type MemberResponse = z.infer<typeof MemberResponse>;

/** One public signing key (RFC 8037 OKP Ed25519 JWK) with its `kid`, `alg` `EdDSA` and `use` `sig`. */
export const PublicSigningKey = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
/** A public JWK. */
export type PublicSigningKey = z.infer<typeof PublicSigningKey>;

/** `GET /.well-known/jwks.json` response (RFC 7517 §5). */
export const JwksResponse = z.object({ keys: z.array(PublicSigningKey) });
/** `{keys}`. */
export type JwksResponse = z.infer<typeof JwksResponse>;

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
