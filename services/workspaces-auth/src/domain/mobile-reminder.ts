/**
 * The small-screen reminder (spec 000 §9 "Small-screen editor notice: … a reminder e-mail can be sent once"; §7
 * `POST /admin/mobileEmail`): a user who opens the editor on a phone can have a link mailed to themselves, to
 * continue on a computer. Once per user: the claim (`users.mobile_email_sent_at`) and the queued mail
 * (`system-mail.ts`) commit together, so two taps send one mail and a crash sends none or one.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import type { Db } from '@formloom/kit/db';
import { notSignedIn } from '@formloom/kit/errors';
import { escapeHtml } from '@formloom/kit/mail';
import { users } from '../db/schema';
import { queueSystemMail } from './system-mail';

/** The page the reminder links to: the dashboard, where the user's forms are (`web/src/config/paths.ts` `home`). */
export const MOBILE_REMINDER_PAGE = '/home';

/**
 * Queues the reminder to user `userId` under `publicUrl` (the product's public origin, `PUBLIC_URL`) unless one was
 * sent before.
 * @returns the user's address and whether a reminder had been sent before (then nothing is queued)
 * @throws DomainError `notSignedIn` (401) when the user no longer exists
 */
export async function sendMobileReminder(db: Db, userId: number, publicUrl: string): Promise<{ email: string; alreadySent: boolean }> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(users)
      .set({ mobileEmailSentAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.mobileEmailSentAt)))
      .returning({ email: users.email, firstName: users.firstName });
    if (!claimed) {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) throw notSignedIn();
      return { email: user.email, alreadySent: true };
    }
    const link = new URL(MOBILE_REMINDER_PAGE, publicUrl).href;
    const html =
      `<p>${escapeHtml(`Hi ${claimed.firstName},`)}</p>` +
      `<p>${escapeHtml('The editor works best on a larger screen. Open this link on your computer to pick up where you left off:')}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(`Open ${PRODUCT_NAME}`)}</a></p>` +
      `<p>${escapeHtml('Your forms still work on mobile for the people who fill them out.')}</p>`;
    await queueSystemMail(tx, {
      to: claimed.email,
      subject: copy.auth.mobileEmailSubject(PRODUCT_NAME),
      text: copy.auth.mobileEmailText(claimed.firstName, link),
      html,
    });
    return { email: claimed.email, alreadySent: false };
  });
}
