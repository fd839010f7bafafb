/**
 * The mail log (ARCHITECTURE §2 "mail: local mail log (viewable in the app)"): every message the engine sent
 * or, without SMTP, delivered only here. Read by organization admins through `GET /admin/mail`. A node that
 * emails returns its log row as an effect of its step ({@link mailRecord}); the run worker writes it with the
 * step (`UNIQUE (workflow_run_id, node_id, part)`: one row per message of a step, whatever the retries — an email
 * step sends part 0, an approval step one part per approver).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { MailMessagesResponse } from '@formloom/contracts/api/workflows-engine/mail';
import type { PageQuery } from '@formloom/contracts/api/workflows-engine/runs';
import { uuidv7 } from '@formloom/kit/ids';
import type { DbOrTx } from '@formloom/kit/db';
import { mailMessages } from '../db/schema';
import { formatFrom, type ComposedEmail } from './email';

/** A mail log row to insert, with its id and RFC 5322 Message-ID (`<…@…>`) set. */
export type MailRecord = typeof mailMessages.$inferInsert & { id: string; messageId: string };

/** Input of {@link mailRecord}. */
export interface MailRecordInput {
  organizationId: number;
  /** The run and node that send it. */
  runId: string;
  nodeId: string;
  /** The composed message (`domain/email.ts` `composeEmail`). */
  email: ComposedEmail;
  /** The sender address (MAIL_FROM); its domain names the Message-ID's. */
  mailFrom: string;
  /** `smtp` (handed to the server) or `log` (the log row is the delivery). */
  transport: MailRecord['transport'];
  /** Which message of the step this is (default 0; an approval step's approver index). */
  part?: number;
}

/**
 * The mail log row of a message (a new UUIDv7 id, and the Message-ID `<id@MAIL_FROM's domain>` that the SMTP
 * copy carries too) and the email step's output `{to, subject, messageId, skipped?}` (`skipped`: resolved
 * recipients left out as invalid, only when there are some).
 */
export function mailRecord(input: MailRecordInput): { row: MailRecord; output: { to: string[]; subject: string; messageId: string; skipped?: string[] } } {
  const { email, mailFrom } = input;
  const id = uuidv7();
  const messageId = `<${id}@${mailFrom.split('@')[1] ?? 'formloom.local'}>`;
  return {
    row: {
      id,
      messageId,
      organizationId: input.organizationId,
      fromAddress: formatFrom(email.fromName, mailFrom),
      toAddresses: email.to,
      ccAddresses: email.cc,
      bccAddresses: email.bcc,
      replyTo: email.replyTo,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      transport: input.transport,
      workflowRunId: input.runId,
      nodeId: input.nodeId,
      part: input.part ?? 0,
    },
    output: {
      to: email.to,
      subject: email.subject,
      messageId,
      ...(email.skipped.length > 0 ? { skipped: email.skipped } : {}),
    },
  };
}

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
