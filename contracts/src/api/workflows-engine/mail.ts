/**
 * The mail log (ARCHITECTURE §2 "mail: local mail log"): every email a workflow sent, per organization, for its
 * admins (it holds respondents' addresses).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { MAIL_PAGE_MAX, RUNS_PAGE_DEFAULT } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { PageQuery } from './runs';

/** `?limit=&offset=` of the mail log: limit 1..MAIL_PAGE_MAX (default RUNS_PAGE_DEFAULT). */
export const MailPageQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE_MAX).default(RUNS_PAGE_DEFAULT),
});

/** One message of the mail log (the embedded mail adapter, ARCHITECTURE §2 "mail: local mail log"). */
export const MailMessage = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
  /** The run that sent it; `null` for an email preview (`email-preview.ts`). */
  workflowRunId: z.string().nullable(),
  /** The names of the files the message carried (workflow email attachments). */
  attachments: z.array(z.string()),
});
/** A logged message. */
export type MailMessage = z.infer<typeof MailMessage>;

/** `{messages, total}`: one page of the caller's organization's mail log, newest first. */
export const MailMessagesResponse = z.object({ messages: z.array(MailMessage), total: z.number().int() });
/** `{messages, total}`. */
export type MailMessagesResponse = z.infer<typeof MailMessagesResponse>;

/** `GET /admin/mail?limit=&offset=`: one page of the caller's organization's mail log, newest first. */
export const listMail = defineEndpoint({
  id: 'mail.list',
  service: 'workflows-engine',
  method: 'GET',
  path: '/admin/mail',
  access: 'session',
  summary: 'Read the mail log',
  description: 'Admins only.',
  query: MailPageQuery,
  responses: { 200: okResponse(MailMessagesResponse), 403: errorResponse(`'${copy.auth.adminOnly}'.`) },
});
