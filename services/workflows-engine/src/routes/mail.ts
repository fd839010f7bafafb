/**
 * The mail log (`listMail` of `@formloom/contracts/api/workflows-engine/mail`): one page of the caller's
 * organization's sent mail, newest first. Admins only (403 otherwise): it holds every respondent's address.
 */
import { listMail } from '@formloom/contracts/api/workflows-engine/mail';
import { requireAdmin } from '@formloom/kit/auth';
import { defineRoutes } from '@formloom/kit/routes';
import type { EngineDeps } from '../deps';
import * as mail from '../domain/mail';

/** The mail log route. */
export const mailRoutes = defineRoutes<EngineDeps>((router, { db }) => {
  router.handle(listMail, async ({ query, request }) => mail.listMail(db, requireAdmin(request).org, query));
});
