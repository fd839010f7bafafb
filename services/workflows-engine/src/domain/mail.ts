/**
 * The mail log (ARCHITECTURE §2 "mail: local mail log (viewable in the app)"): every message the engine sent
 * or, without SMTP, delivered only here. Read by organization admins through `GET /admin/mail`.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { MailMessagesResponse, PageQuery } from '@formloom/contracts/http/workflows';
import type { DbOrTx } from '@formloom/kit/db';
import { mailMessages } from '../db/schema';

/** One page of an organization's mail log, newest first; `total` counts all of its messages. */
export async function listMail(db: DbOrTx, organizationId: number, page: PageQuery): Promise<MailMessagesResponse> {
  const [counted] = await db
    .select({ total: count() })
    .from(mailMessages)
    .where(eq(mailMessages.organizationId, organizationId));
  const rows = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.organizationId, organizationId))
    .orderBy(desc(mailMessages.sentAt), desc(mailMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      from: row.fromAddress,
      to: row.toAddresses,
      cc: row.ccAddresses,
      bcc: row.bccAddresses,
      subject: row.subject,
      text: row.bodyText,
      html: row.bodyHtml,
      sentAt: row.sentAt.toISOString(),
      workflowRunId: row.workflowRunId,
    })),
    total: counted?.total ?? 0,
  };
}
