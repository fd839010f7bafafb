/**
 * The approver's page calls (`@formloom/contracts/api/workflows-engine/approvals`; docs/architecture.md "Approvals"):
 * public, no sign-in — the link's token (in the body) is the permission. Both are limited per client address
 * (APPROVAL_PUBLIC_RATE_LIMIT per APPROVAL_PUBLIC_WINDOW_MS) before anything is read; a refused token answers the one
 * 404 'This approval link is not valid'. Tokens are never logged: they travel in bodies, which are not logged, and
 * pino redacts any `token` field.
 */
import { decideApproval, openApproval } from '@formloom/contracts/api/workflows-engine/approvals';
import { defineRoutes } from '@formloom/kit/routes';
import type { EngineDeps } from '../deps';
import * as approvals from '../domain/approvals';

/** The approval routes. */
export const approvalRoutes = defineRoutes<EngineDeps>((router, deps) => {
  const domain: approvals.ApprovalDeps = { db: deps.db, links: deps.approvalLinks, onDecided: () => deps.runWorker.kick() };

  /** 200 the pending request or its decision; 404 refused token; 409 expired or not ready; 429 past the limit. */
  router.handle(openApproval, async ({ body, request, reply }) => {
    await deps.approvalLimit?.enforce(reply, `open\n${request.ip}`);
    return approvals.openApproval(domain, body.token);
  });

  /** 200 `{decision}`; 400 unknown state or field errors; 404 refused token; 409 decided, expired or not ready. */
  router.handle(decideApproval, async ({ body, request, reply }) => {
    await deps.approvalLimit?.enforce(reply, `decide\n${request.ip}`);
    return { decision: await approvals.decideApproval(domain, body) };
  });
});
