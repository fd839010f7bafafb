/**
 * The service's own mail (today: the address confirmation), sent durably: the message is a `system_mail` row
 * written in the transaction that decides to send it ({@link queueSystemMail}), and the system-mail worker
 * ({@link createSystemMailSender}) hands due rows to the kit's mail port (`@formloom/kit/mail`): SMTP when
 * `SMTP_URL` is set. A crash between the commit and the send loses nothing; a failed send is tried again
 * after 1, 2, 4 … minutes (at most an hour apart), {@link SYSTEM_MAIL_MAX_ATTEMPTS} times in all.
 *
 * Without `SMTP_URL` (the embedded default: a developer's machine) the log line is the delivery: it carries the
 * message's text, so the developer can open the link. With SMTP it names the recipient and subject only. Once
 * sent or given up, a row's bodies are emptied: they may hold a confirmation link, which must not outlive its use.
 */
import { and, asc, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@formloom/kit/db';
import { createMailer, type Mailer } from '@formloom/kit/mail';
import { uuidv7 } from '@formloom/kit/ids';
import { PollingLoop, type LoopLogger } from '@formloom/kit/polling-loop';
import type { Worker } from '@formloom/kit/service';
import { systemMail } from '../db/schema';

/** Sends a row gets before it is given up. */
export const SYSTEM_MAIL_MAX_ATTEMPTS = 8;
/** How often the worker looks for due mail when nothing kicked it (ms). */
export const SYSTEM_MAIL_POLL_MS = 5_000;
/** Rows sent per pass. */
const BATCH = 20;

/** A message of the service: to one address, with a text and an HTML body. */
export interface SystemMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Queues `message` in `tx` (or the database): it is sent once the transaction commits (see the module doc). */
export async function queueSystemMail(tx: DbOrTx, message: SystemMessage): Promise<void> {
  await tx.insert(systemMail).values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html });
}

/** The mail settings of workspaces-auth (`config.ts`). */
export interface SystemMailSettings {
  SMTP_URL?: string;
  SMTP_TIMEOUT_MS: number;
  MAIL_FROM: string;
}

/** What {@link createSystemMailSender} gives: the worker, and `kick` for a route that just queued mail. */
export interface SystemMailSender {
  /** The worker, for the service definition's `workers` (stopping it closes the SMTP connections). */
  readonly worker: Worker;
  /** Asks for a pass now (after a commit that queued mail). */
  kick(): void;
  /** `smtp` or `log` (see the module doc). */
  readonly kind: Mailer['kind'];
}

/** Minutes to wait after the `attempts`-th failure: 1, 2, 4 … at most 60. */
function retryDelayMinutes(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1));
}

/**
 * The system-mail worker of a service instance. Rows are claimed with `FOR UPDATE SKIP LOCKED` inside a
 * transaction per row, so replicas share the work and a row is sent by one of them.
 */
export function createSystemMailSender(options: {
  db: Db;
  settings: SystemMailSettings;
  log: LoopLogger & { info(context: object, message?: string): void };
  productName: string;
}): SystemMailSender {
  const { db, settings, log } = options;
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, timeoutMs: settings.SMTP_TIMEOUT_MS });
  const domain = settings.MAIL_FROM.split('@')[1] ?? 'formloom.local';

  /** Sends one due row; false when none is due. */
  const sendOne = async (): Promise<boolean> =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(systemMail)
        .where(and(isNotNull(systemMail.dueAt), lte(systemMail.dueAt, sql`now()`)))
        .orderBy(asc(systemMail.dueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      try {
        await mailer.send({
          messageId: `<${uuidv7()}@${domain}>`,
          from: { name: options.productName, address: settings.MAIL_FROM },
          to: [row.toAddress],
          cc: [],
          bcc: [],
          replyTo: null,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
        if (mailer.kind === 'log') {
          log.info({ to: row.toAddress, subject: row.subject, text: row.textBody }, 'system mail (no SMTP_URL: this log line is the delivery)');
        } else {
          log.info({ to: row.toAddress, subject: row.subject }, 'system mail sent');
        }
        await tx
          .update(systemMail)
          .set({ sentAt: sql`now()`, dueAt: null, attempts: row.attempts + 1, textBody: '', htmlBody: '', lastError: null })
          .where(sql`${systemMail.id} = ${row.id}`);
      } catch (error) {
        const attempts = row.attempts + 1;
        const givenUp = attempts >= SYSTEM_MAIL_MAX_ATTEMPTS;
        log.warn({ err: error, to: row.toAddress, attempts, givenUp }, givenUp ? 'system mail given up' : 'system mail failed, will retry');
        await tx
          .update(systemMail)
          .set({
            attempts,
            lastError: String((error as Error).message ?? error).slice(0, 500),
            dueAt: givenUp ? null : sql`now() + make_interval(mins => ${retryDelayMinutes(attempts)})`,
            ...(givenUp ? { textBody: '', htmlBody: '' } : {}),
          })
          .where(sql`${systemMail.id} = ${row.id}`);
      }
      return true;
    });

  const loop = new PollingLoop({
    name: 'system-mail worker',
    pollMs: SYSTEM_MAIL_POLL_MS,
    log,
    async pass() {
      for (let sent = 0; sent < BATCH; sent += 1) {
        if (!(await sendOne())) return false;
      }
      return true;
    },
  });
  const worker: Worker = {
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      mailer.close();
    },
  };
  return { worker, kick: () => loop.kick(), kind: mailer.kind };
}
