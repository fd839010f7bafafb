/**
 * GET /admin/mail?limit=&offset= → {messages, total}: the mail log of the caller's organization, newest
 * first, limit ≤ MAIL_PAGE_MAX. Admins only (401 anonymous, 403 non-admin): it holds every respondent's email.
 */
import { MailMessagesResponse, MailPageQuery } from '@formloom/contracts/http/workflows';
import { requireAdmin } from '@formloom/kit/auth';
import type { Db } from '@formloom/kit/db';
import type { ZodFastify } from '@formloom/kit/http';
import { listMail } from '../domain/mail';

/** Registers the mail log route. */
export function mailRoutes(app: ZodFastify, deps: { db: Db }): void {
  app.get(
    '/admin/mail',
    { schema: { querystring: MailPageQuery, response: { 200: MailMessagesResponse } } },
    async (request) => {
      const claims = requireAdmin(request);
      return listMail(deps.db, claims.org, request.query);
    },
  );
}
