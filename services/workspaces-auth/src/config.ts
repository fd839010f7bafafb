/**
 * The environment variables of workspaces-auth (besides the kit's): those of its signing keys (`keys.ts`) and
 * of its own mail (`domain/system-mail.ts`, `domain/email-verification.ts`):
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | PUBLIC_URL | http://localhost:8080 | the product's public origin (what browsers open): links in mail point there |
 * | MAIL_FROM | notifications@formloom.local | sender address of the service's mail |
 * | SMTP_URL | — | `smtp://user:pass@host:port` (or `smtps://`); unset → the mail is written to the log instead |
 * | SMTP_TIMEOUT_MS | 15000 | SMTP connection, greeting and socket timeout (ms) |
 * | HELP_CENTER_URL | — | the operator's help center (spec 000 §2 menu 'Help center'); unset or empty: no such entry |
 * | DNS_SERVERS | — | DNS servers that check organizations' own domains (`host[:port]`, comma-separated); unset: the system's |
 */
import { z } from 'zod';
import { SigningKeyConfig } from './keys';

/** The variables of the service's mail (see the module doc). */
export const SystemMailConfig = z.object({
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  MAIL_FROM: z.email().default('notifications@formloom.local'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  SMTP_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});

/** Every variable of workspaces-auth besides the kit's. */
export const WorkspacesAuthConfig = SigningKeyConfig.extend(SystemMailConfig.shape).extend({
  HELP_CENTER_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url({ protocol: /^https?$/ }).optional()),
  DNS_SERVERS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.split(',').map((server) => server.trim()) : undefined),
    z.array(z.string().regex(/^[\w.:[\]-]+$/, 'must be host[:port] entries, comma-separated')).optional(),
  ),
});
