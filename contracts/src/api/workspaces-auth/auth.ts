/**
 * Sign-up, login, logout and the signed-in user (spec 000 §3, §6; ARCHITECTURE §4 "Auth"). Sign-up and login set
 * the `formloom_session` cookie (HttpOnly, SameSite=Lax); logout clears it.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { Organization, User, UserNotice, Workspace } from '../../entities/identity';
import { EMAIL_MAX_LENGTH, EMAIL_VERIFICATION_TOKEN_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { EmailAddress, FirstName, LastName, NewPassword, requiredString } from './fields';

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

/** `POST /auth/verifyEmail` body: the token of the confirmation link (`/verify-email?token=…`). */
export const VerifyEmailBody = z.object({
  token: requiredString()
    .min(1, { error: copy.validation.notEmpty })
    .max(EMAIL_VERIFICATION_TOKEN_MAX_LENGTH, { error: copy.validation.tooLong(EMAIL_VERIFICATION_TOKEN_MAX_LENGTH) }),
});
/** `{token}`. */
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** `POST /auth/verifyEmail/resend` response: where the new link went. */
export const ResendVerificationResponse = z.object({ email: z.string() });
/** `{email}`. */
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponse>;

/** `POST /auth/logout` response. */
export const LogoutResponse = z.object({ success: z.literal(true) });
/** `{success: true}`. */
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/**
 * An organization as listed to its members: `{id, name, hasConversionKit, dataRegion}` (the flags the workflow
 * gallery reads, spec 001 §2, §6).
 */
export const OrganizationSummary = Organization.pick({ id: true, name: true, hasConversionKit: true, dataRegion: true, billingStatus: true, features: true });
/** `{id, name, hasConversionKit, dataRegion, billingStatus, features}`. */
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

/**
 * `GET /auth/me` response: the user (`isAdmin`: their role in the current organization), `organizations` = the ONE
 * organization the session works in now (`GET /admin/organizations` lists all of theirs), its workspaces of theirs with
 * slug and access level (spec 000 §2 slug `<id>-<kebab name>`, §6 levels), in the user's own sidebar order (spec 000 §4
 * "Dragging", `PUT /admin/workspaces/order`), those never ordered after the others by name (case-insensitive), then id;
 * and `canSwitchOrganization`, the permission flag of spec 000 §2's 'Switch organization' (true when the user belongs to
 * more than one organization).
 */
export const MeResponse = z.object({
  user: User,
  organizations: z.array(OrganizationSummary),
  canSwitchOrganization: z.boolean(),
  /**
   * Where the current organization's forms are shared (`{formsOrigin}/t/{publicIdentifier}`; docs/architecture.md §6
   * workspaces-auth "Domains"): its verified own domain, else its subdomain's address; null: the product's own address.
   */
  formsOrigin: z.string().nullable(),
  /** The operator's help center (`HELP_CENTER_URL`; spec 000 §2 menu 'Help center'); null: the menu has no such entry. */
  helpCenterUrl: z.string().nullable(),
  workspaces: z.array(Workspace),
  /** The one-time notices the user dismissed (`USER_NOTICES`), sorted. */
  dismissedNotices: z.array(UserNotice),
});
/** `{user, organizations, canSwitchOrganization, formsOrigin, helpCenterUrl, workspaces, dismissedNotices}`. */
export type MeResponse = z.infer<typeof MeResponse>;


/** `POST /admin/notices/:notice/dismiss` path parameters: the notice (`USER_NOTICES`). */
export const NoticeParams = z.object({ notice: UserNotice });
/** `{notice}`. */
export type NoticeParams = z.infer<typeof NoticeParams>;

/** `POST /admin/notices/:notice/dismiss` response: every notice the user has dismissed, sorted. */
export const DismissedNoticesResponse = z.object({ dismissedNotices: z.array(UserNotice) });
/** `{dismissedNotices}`. */
export type DismissedNoticesResponse = z.infer<typeof DismissedNoticesResponse>;

/** `POST /auth/signup`: a new user, organization and first workspace, signed in. */
export const signUp = defineEndpoint({
  id: 'auth.signUp',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/signup',
  access: 'public',
  summary: 'Sign up',
  description:
    'Creates the user as the admin of a new organization with a first workspace, and sets the session cookie. ' +
    'The address is unconfirmed (`user.emailVerified: false`) until the link mailed to it is opened.',
  tags: ['auth'],
  body: SignupBody,
  responses: {
    201: okResponse(UserResponse, 'Signed up and signed in (session cookie set).'),
    409: errorResponse(`'${copy.auth.emailTaken}'.`),
  },
});

/** `POST /auth/login`. */
export const logIn = defineEndpoint({
  id: 'auth.logIn',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  summary: 'Log in',
  tags: ['auth'],
  body: LoginBody,
  responses: {
    200: okResponse(UserResponse, 'Signed in (session cookie set).'),
    401: errorResponse(`'${copy.auth.invalidCredentials}'.`),
    429: errorResponse(`'${copy.auth.tooManyAttempts}', with \`Retry-After\`.`),
  },
});

/** `POST /auth/logout`: ends the cookie's session, if any. */
export const logOut = defineEndpoint({
  id: 'auth.logOut',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/logout',
  access: 'public',
  summary: 'Log out',
  tags: ['auth'],
  responses: { 200: okResponse(LogoutResponse, 'Signed out (cookie cleared).') },
});

/** `GET /auth/me`: the caller's user, organizations and workspaces. */
export const getMe = defineEndpoint({
  id: 'auth.me',
  service: 'workspaces-auth',
  method: 'GET',
  path: '/auth/me',
  access: 'session',
  summary: 'Who am I',
  tags: ['auth'],
  responses: { 200: okResponse(MeResponse) },
});

/**
 * `POST /auth/verifyEmail`: confirms the address of the link's user (docs/product-rules.md §4). Works signed in
 * or not (the link may be opened in another browser); a link works once, for `EMAIL_VERIFICATION_TTL_MS`, and
 * only for the address it was sent to.
 */
export const verifyEmail = defineEndpoint({
  id: 'auth.verifyEmail',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/verifyEmail',
  access: 'public',
  summary: 'Confirm an email address',
  tags: ['auth'],
  body: VerifyEmailBody,
  responses: {
    200: okResponse(UserResponse, 'The user, now with `emailVerified: true`.'),
    400: errorResponse(`'${copy.auth.verificationLinkInvalid}'.`),
  },
});

/** `POST /auth/verifyEmail/resend`: mails the caller a new confirmation link (the older ones stop working). */
export const resendVerification = defineEndpoint({
  id: 'auth.resendVerification',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/auth/verifyEmail/resend',
  access: 'session',
  summary: 'Send a new confirmation link',
  tags: ['auth'],
  responses: {
    200: okResponse(ResendVerificationResponse, 'A new link is on its way to `email`.'),
    409: errorResponse(`'${copy.auth.emailAlreadyVerified}'.`),
    429: errorResponse(`'${copy.auth.tooManyAttemptsLater}', with \`Retry-After\`.`),
  },
});

/**
 * `POST /admin/notices/:notice/dismiss` (ours; spec 000 §2 "A LinkedIn follow banner is shown once per user and can be
 * dismissed"): the caller has seen and closed a one-time notice; it is not shown to them again, on any device.
 * Dismissing twice changes nothing.
 */
export const dismissNotice = defineEndpoint({
  id: 'users.dismissNotice',
  service: 'workspaces-auth',
  method: 'POST',
  path: '/admin/notices/:notice/dismiss',
  access: 'session',
  summary: 'Dismiss a one-time notice',
  tags: ['auth'],
  params: NoticeParams,
  responses: { 200: okResponse(DismissedNoticesResponse) },
});
