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

/** A mail log row to insert, with its id, RFC 5322 Message-ID (`<…@…>`) and attachment names set. */
export type MailRecord = typeof mailMessages.$inferInsert & { id: string; messageId: string; attachments: string[] };

/** Input of {@link mailRecord}. */
export interface MailRecordInput {
  organizationId: number;
  /** The run and node that send it; `null` for a preview (`domain/email-preview.ts`). */
  runId: string | null;
  nodeId: string | null;
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
 * The email step's output, which the runs list shows and later steps read (`nodes.<id>.to` …): the recipients, the
 * subject, the Message-ID, the names of the files attached (only when there are some) and what was left out
 * (`skipped`: invalid or rate-limited recipients, attachments that did not fit; only when there are some).
 */
export interface EmailStepOutput {
  to: string[];
  subject: string;
  messageId: string;
  attachments?: string[];
  skipped?: string[];
}

/**
 * The mail log row of a message (a new UUIDv7 id, and the Message-ID `<id@MAIL_FROM's domain>` that the SMTP
 * copy carries too) and the email step's output ({@link EmailStepOutput}). `attachments`: the names of the files
 * the message carries (default those `email` chose).
 */
export function mailRecord(input: MailRecordInput & { attachments?: readonly string[] }): { row: MailRecord; output: EmailStepOutput } {
  const { email, mailFrom } = input;
  const attachments = [...(input.attachments ?? email.attachments.map((file) => file.name))];
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
      attachments,
    },
    output: {
      to: email.to,
      subject: email.subject,
      messageId,
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(email.skipped.length > 0 ? { skipped: email.skipped } : {}),
    },
  };
}

/** Writes a mail log row outside a run's step (a preview's; a step's is written with the step by `commitSteps`). */
export async function insertMail(db: DbOrTx, row: MailRecord): Promise<void> {
  await db.insert(mailMessages).values(row);
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
      attachments: row.attachments,
    })),
    total: counted?.total ?? 0,
  };
}
