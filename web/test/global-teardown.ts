/** Jest global teardown of the web component tests: stops the product `global-setup.ts` started and its fake challenge provider, and removes its data. */
import { rm } from 'node:fs/promises';
import type { WebTestProduct } from './global-setup';
import { MAILBOX_ENV } from './mailbox';

/** Closes the product and deletes its temporary data directory. */
export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { formloomWebTest?: WebTestProduct }).formloomWebTest;
  if (!started) return;
  await started.product.close();
  await new Promise<void>((resolve) => started.siteverify.close(() => resolve()));
  await started.smtp.close();
  await started.dns.close();
  await Promise.all([started.airtable.close(), started.notion.close(), started.slack.close()]);
  const mailbox = process.env[MAILBOX_ENV];
  if (mailbox) await rm(mailbox, { recursive: true, force: true });
  await rm(started.dataDir, { recursive: true, force: true });
}
