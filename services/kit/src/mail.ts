/**
 * The mail port of the services that send mail (ARCHITECTURE §2 "mail: local mail log · SMTP"): workflows-engine
 * (workflow emails) and workspaces-auth (its own messages, e.g. the address confirmation). With `SMTP_URL` set,
 * messages go out through nodemailer's SMTP transport (`createTransport(SMTP_URL)`); without it `send` does
 * nothing (`kind: 'log'`) and the caller's own record is the delivery (the engine's mail log, workspaces-auth's
 * system mail table and log line).
 */
import nodemailer from 'nodemailer';

/** A file a message carries: its name, its media type and its bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message to hand to the transport. */
export interface OutgoingMail {
  /** The RFC 5322 Message-ID, `<…@…>`; set by us so the log and the SMTP copy agree. */
  messageId: string;
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** Files attached (multipart/mixed, each base64-encoded by nodemailer); none when absent. */
  attachments?: readonly MailAttachment[];
}

/** A mail transport. */
export interface Mailer {
  /** `smtp` (sends) or `log` (the mail log is the only copy). */
  readonly kind: 'smtp' | 'log';
  /** Hands `mail` to the transport; resolves once the server accepted it. @throws on SMTP failure. */
  send(mail: OutgoingMail): Promise<void>;
  /** Releases connections. */
  close(): void;
}

/** Options of {@link createMailer}. */
export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; undefined → the log-only mailer. */
  smtpUrl: string | undefined;
  /** Connection, greeting and socket timeout (ms), so one stuck server cannot hold a run for minutes. */
  timeoutMs: number;
}

/** Builds the mailer the configuration asks for. */
export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) return { kind: 'log', send: async () => undefined, close: () => undefined };
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        cc: mail.cc.length > 0 ? mail.cc : undefined,
        bcc: mail.bcc.length > 0 ? mail.bcc : undefined,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
      });
    },
    close: () => transport.close(),
  };
}

/** Escapes `& < > " '` for HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
