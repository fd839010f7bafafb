/**
 * `/auth/…`: sign-up, login, logout and the signed-in user (spec 000 §3, §6), and the user's dismissed one-time notices
 * (`/admin/notices/…`) — the endpoints of
 * `@formloom/contracts/api/workspaces-auth/auth`. Sign-up and login set the `formloom_session` cookie; logout
 * clears it.
 */
import { dismissNotice, getMe, logIn, logOut, resendVerification, signUp, verifyEmail } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { EMAIL_VERIFICATION_RESEND_MAX, EMAIL_VERIFICATION_RESEND_WINDOW_MS } from '@formloom/contracts/limits';
import { conflict, notSignedIn } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import * as accounts from '../domain/accounts';
import { confirmEmail, requestEmailVerification } from '../domain/email-verification';
import { deleteSession } from '../domain/sessions';
import { countOrganizationsOf } from '../domain/organizations';
import { formsOriginOf } from '../domain/custom-domains';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './caller';

/** The `/auth` routes. */
export const authRoutes = defineRoutes<AuthDeps>((router, { db, config, loginRateLimit, rateLimits, systemMail }) => {
  const resendLimit = rateLimits.limit({
    name: 'verification-resend',
    points: EMAIL_VERIFICATION_RESEND_MAX,
    durationMs: EMAIL_VERIFICATION_RESEND_WINDOW_MS,
    message: copy.auth.tooManyAttemptsLater,
  });

  /**
   * 201 `{user}` + cookie, the address unconfirmed and its confirmation mail queued; 400 with details (e.g.
   * `body.password`); 409 `copy.auth.emailTaken`; 429 per address.
   */
  router.handle(signUp, async ({ body, request, reply }) => {
    await loginRateLimit.signup(request, reply);
    const { user, session } = await accounts.signUp(db, body, config.PUBLIC_URL);
    systemMail.kick();
    setSessionCookie(request, reply, session);
    return { user };
  });

  /** 200 `{user}` confirmed; 400 `copy.auth.verificationLinkInvalid`. Signed in or not. */
  router.handle(verifyEmail, async ({ body }) => {
    const userId = await confirmEmail(db, body.token);
    const user = await accounts.findAnyUser(db, userId);
    if (!user) throw notSignedIn();
    return { user: accounts.publicUser(user) };
  });

  /** 200 `{email}` with a new link queued (the older stops working); 409 already confirmed; 429 over the limit. */
  router.handle(resendVerification, async ({ auth, reply }) => {
    const user = await accounts.findUser(db, Number(auth.sub), auth.org);
    if (!user) throw notSignedIn();
    if (user.emailVerified) throw conflict(copy.auth.emailAlreadyVerified);
    await resendLimit.enforce(reply, `user:${user.id}`);
    await db.transaction((tx) => requestEmailVerification(tx, user, config.PUBLIC_URL));
    systemMail.kick();
    return { email: user.email };
  });

  /** 200 `{user}` + cookie; 401 `copy.auth.invalidCredentials`; 429 `copy.auth.tooManyAttempts`. */
  router.handle(logIn, async ({ body, request, reply }) => {
    const result = await loginRateLimit.login(request, reply, () => accounts.logIn(db, body.email, body.password));
    if (!result) throw notSignedIn(copy.auth.invalidCredentials);
    setSessionCookie(request, reply, result.session);
    return { user: result.user };
  });

  /** Ends the cookie's session (if any) and clears the cookie. Always 200 `{success: true}`. */
  router.handle(logOut, async ({ request, reply }) => {
    const token = sessionTokenOf(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(request, reply);
    return { success: true as const };
  });

  /** The caller's user, organizations and workspaces (read fresh). 401 when the user no longer exists. */
  router.handle(getMe, async ({ auth }) => {
    const identity = await accounts.identityOf(db, Number(auth.sub), auth.org);
    if (!identity) throw notSignedIn();
    return {
      user: accounts.publicUser(identity.user),
      organizations: [identity.organization],
      canSwitchOrganization: (await countOrganizationsOf(db, identity.user.id)) > 1,
      formsOrigin: await formsOriginOf(db, identity.organization.id, config.PUBLIC_URL),
      helpCenterUrl: config.HELP_CENTER_URL ?? null,
      workspaces: identity.workspaces,
      dismissedNotices: identity.user.dismissedNotices,
    };
  });

  /** `{dismissedNotices}` with `notice` among them (the caller's own; dismissing twice changes nothing). */
  router.handle(dismissNotice, async ({ auth, params }) => ({
    dismissedNotices: await accounts.dismissNotice(db, Number(auth.sub), params.notice),
  }));
});
