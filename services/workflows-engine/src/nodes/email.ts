/**
 * The `email` node's executor (spec 001 §3 email template; rules and schema in
 * `@formloom/contracts/workflows/nodes/email`): composes the message from the step's logic context — the
 * submission and the outputs of the run's earlier steps — (`domain/email.ts` `composeEmail`) and records it in the
 * mail log (`domain/mail.ts`).
 *
 * - Without SMTP the mail log row IS the delivery: the node is local — the row is returned as the step's
 *   effect and written in the step's statement, so each email step delivers exactly once.
 * - With SMTP the message is handed to the server first (the step is `running`, the lease kept by a
 *   heartbeat), then the log row is written with the step's success. A crash after the server accepted it
 *   and before that commit sends it again when the run is reclaimed (at-least-once).
 * A refusal or timeout of the server fails the step ('SMTP: <reason>'); no recipient resolving to a valid
 * address fails it with 'No valid recipient address'.
 *
 * Over SMTP, an address taken from the respondent's answers gets at most `WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT`
 * emails per organization and hour (`services.recipientLimit`): past it the address is left out and listed in the
 * step's `skipped` ('Too many emails to … recently; not sent'), and the step fails when no one is left to send to.
 * A public form cannot be used to flood someone's inbox. Without SMTP nothing leaves the mail log: no limit.
 *
 * Attachments (the chosen upload questions' files, `selectAttachments`): over SMTP their bytes are fetched from flows
 * when the email is sent (`services.files`: only files the submission holds; at most `EMAIL_ATTACHMENTS_MAX_FILES`
 * and `EMAIL_ATTACHMENTS_MAX_BYTES`), and attached; a file flows no longer has is left out and named in `skipped`;
 * flows not answering throws, so the run is retried after its lease like after a crash. Without SMTP the mail log
 * row names the files (the log keeps no bytes). The log row and the step's output list the attached files' names.
 */
import { emailNode } from '@formloom/contracts/workflows/nodes/email';
import * as copy from '@formloom/contracts/copy';
import type { MailAttachment } from '@formloom/kit/mail';
import { answerRecipients, composeEmail, emailRunData, type ComposedEmail } from '../domain/email';
import { mailRecord } from '../domain/mail';
import { defineExecutor, type NodeServices } from './executor';

/** The email node's executor. */
export const emailExecutor = defineExecutor(emailNode, {
  local: (services) => services.mailer.kind === 'log',
  sendsMail: true,
  async execute({ run, nodeId, template, trigger, logic, services }) {
    const composed = composeEmail(template, emailRunData(trigger.data, logic));
    if (!composed.ok) return { kind: 'fail', error: composed.error };
    const { mailer, mailFrom } = services;
    const limited = mailer.kind === 'smtp' ? await withinRecipientLimit(composed.email, answerRecipients(template, logic), run.organizationId, services) : composed.email;
    if (limited.to.length === 0) return { kind: 'fail', error: limited.skipped.at(-1) ?? copy.workflows.noValidRecipients };
    const { email, files } = mailer.kind === 'smtp' ? await withAttachments(limited, trigger.data, services) : { email: limited, files: [] };
    const { row, output } = mailRecord({ organizationId: run.organizationId, runId: run.id, nodeId, email, mailFrom, transport: mailer.kind });
    if (mailer.kind === 'smtp') {
      try {
        await mailer.send({
          messageId: row.messageId,
          from: { name: email.fromName, address: mailFrom },
          to: email.to,
          cc: email.cc,
          bcc: email.bcc,
          replyTo: email.replyTo,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: files,
        });
      } catch (error) {
        return { kind: 'fail', error: `SMTP: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
    return { kind: 'next', output, effects: { mail: row } };
  },
});

/**
 * The bytes of `email`'s attachments, fetched from flows (see the module doc): `email` with the files flows does not
 * have left out of `attachments` and named in `skipped`, and the files to attach, in order.
 * @throws DomainError `unavailable` when flows cannot answer (the run is retried).
 */
async function withAttachments(
  email: ComposedEmail,
  data: { flowPublicIdentifier: string; submissionId: string },
  services: NodeServices,
): Promise<{ email: ComposedEmail; files: MailAttachment[] }> {
  if (email.attachments.length === 0) return { email, files: [] };
  const fetched = services.files
    ? await services.files({ publicIdentifier: data.flowPublicIdentifier, submissionId: data.submissionId, uploadIds: email.attachments.map((file) => file.id) })
    : { files: [], missing: email.attachments.map((file) => file.id) };
  const byId = new Map(fetched.files.map((file) => [file.id, file]));
  const kept = email.attachments.filter((file) => byId.has(file.id));
  const lost = email.attachments.filter((file) => !byId.has(file.id)).map((file) => copy.emailEditor.attachmentMissing(file.name));
  return {
    email: { ...email, attachments: kept, skipped: [...email.skipped, ...lost] },
    files: kept.map((file) => {
      const found = byId.get(file.id)!;
      return { filename: found.name, contentType: found.contentType, content: Buffer.from(found.contentBase64, 'base64') };
    }),
  };
}

/**
 * `email` without the answer-taken addresses (`fromAnswers`) that used up their limit: each such address of to,
 * cc and bcc is counted once (key: organization and address); those past the limit are left out and their reason
 * appended to `skipped`.
 */
async function withinRecipientLimit(
  email: ComposedEmail,
  fromAnswers: ReadonlySet<string>,
  organizationId: number,
  services: NodeServices,
): Promise<ComposedEmail> {
  const limit = services.recipientLimit;
  if (!limit || fromAnswers.size === 0) return email;
  const refused = new Set<string>();
  for (const address of new Set([...email.to, ...email.cc, ...email.bcc].map((value) => value.toLowerCase()))) {
    if (!fromAnswers.has(address)) continue;
    if (!(await limit.hit(`${organizationId}\n${address}`)).allowed) refused.add(address);
  }
  if (refused.size === 0) return email;
  const keep = (list: readonly string[]) => list.filter((address) => !refused.has(address.toLowerCase()));
  return {
    ...email,
    to: keep(email.to),
    cc: keep(email.cc),
    bcc: keep(email.bcc),
    skipped: [...email.skipped, ...[...refused].map((address) => copy.workflows.recipientRateLimited(address))],
  };
}
