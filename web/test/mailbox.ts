/**
 * The mail of the web component tests' product (`global-setup.ts`): it sends through a local SMTP server
 * (`@formloom/kit/testing-smtp`, the network edge), which writes each message to a file in a mailbox directory
 * (`FORMLOOM_WEB_TEST_MAILBOX`), so the test files — other processes — can read what a user received, as a user
 * reads their inbox.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The environment variable naming the mailbox directory. */
export const MAILBOX_ENV = 'FORMLOOM_WEB_TEST_MAILBOX';

/** A received message: its recipients and its raw data (headers and body, quoted-printable as sent). */
export interface MailboxMessage {
  to: string[];
  data: string;
}

/** Every message received so far for `address`, oldest first. */
export function messagesTo(address: string): MailboxMessage[] {
  const directory = process.env[MAILBOX_ENV];
  if (!directory) throw new Error(`${MAILBOX_ENV} is not set: run the web tests through jest.config.js (project "web")`);
  return readdirSync(directory)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as MailboxMessage)
    .filter((message) => message.to.includes(address));
}

/** The confirmation link in `message` (its text part; quoted-printable soft line breaks undone). */
export function confirmationLinkOf(message: MailboxMessage): URL {
  const text = message.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error('no confirmation link in the message');
  return new URL(match[0]);
}
