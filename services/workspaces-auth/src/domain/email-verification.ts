/**
 * Address confirmation (docs/product-rules.md §4; OWASP ASVS 2.1 / Authentication Cheat Sheet): a new account's
 * address is unconfirmed until its owner opens the link mailed to it. The link is `<PUBLIC_URL>/verify-email
 * ?token=<32 random bytes, base64url>`; only the token's SHA-256 is stored (`email_verifications`), one link per
 * user (a new one replaces the old), working for {@link EMAIL_VERIFICATION_TTL_MS}, once, and only while the
 * address it was sent to is still the user's. The mail is queued in the same transaction as the link
 * (`system-mail.ts`), so a crash never leaves a link nobody received.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { EMAIL_VERIFICATION_TTL_MS } from '@formloom/contracts/limits';
import type { Db, DbOrTx } from '@formloom/kit/db';
import { invalid } from '@formloom/kit/errors';
import { escapeHtml } from '@formloom/kit/mail';
import { emailVerifications, users } from '../db/schema';
import { hashSessionToken, newSessionToken } from './sessions';
import { queueSystemMail } from './system-mail';

/** The web app's confirmation page (`web/src/config/paths.ts` `verifyEmail`). */
export const VERIFY_EMAIL_PAGE = '/verify-email';

/** The confirmation link of `token` under `publicUrl` (the product's public origin, `PUBLIC_URL`). */
export function verificationLink(publicUrl: string, token: string): string {
  const url = new URL(VERIFY_EMAIL_PAGE, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * Makes a new confirmation link for `user` (replacing any earlier one) and queues its mail, in `tx`.
 * @returns the link's expiry
 */
export async function requestEmailVerification(
  tx: DbOrTx,
  user: { id: number; email: string; firstName: string },
  publicUrl: string,
): Promise<{ expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS);
  await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
  await tx.insert(emailVerifications).values({ tokenHash: hashSessionToken(token), userId: user.id, email: user.email, expiresAt });
  const link = verificationLink(publicUrl, token);
  const hours = Math.round(EMAIL_VERIFICATION_TTL_MS / 3_600_000);
  const text = copy.auth.verifyEmailText(user.firstName, link, hours);
  const html =
    `<p>${escapeHtml(`Hi ${user.firstName},`)}</p>` +
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">Confirm my email address</a></p>` +
    `<p>${escapeHtml(`Or open this link: ${link}`)}</p>` +
    `<p>${escapeHtml(`The link works for ${hours} hours. If you did not sign up for ${PRODUCT_NAME}, ignore this email.`)}</p>`;
  await queueSystemMail(tx, { to: user.email, subject: copy.auth.verifyEmailSubject(PRODUCT_NAME), text, html });
  return { expiresAt };
}

/**
 * Confirms the address of `token`'s user and spends the link.
 * @returns the user's id
 * @throws DomainError `invalid` (400 `copy.auth.verificationLinkInvalid`) for an unknown, used or expired link, or
 *   one sent to an address the user no longer has
 */
export async function confirmEmail(db: Db, token: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, hashSessionToken(token)), gt(emailVerifications.expiresAt, sql`now()`)))
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) throw invalid(copy.auth.verificationLinkInvalid);
    const [confirmed] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id });
    if (!confirmed) throw invalid(copy.auth.verificationLinkInvalid);
    return confirmed.id;
  });
}
