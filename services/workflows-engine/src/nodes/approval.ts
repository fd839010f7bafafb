/**
 * The `approval` node's executor (spec 001 §3 approval template, §4, §6; rules and schema in
 * `@formloom/contracts/workflows/nodes/approval`; the whole design in docs/architecture.md "Approvals").
 *
 * When a run reaches the node, each approver gets an email (`domain/approval-email.ts`) with the submission overview
 * and one button per state, each carrying the approver's own signed token (`domain/approval-tokens.ts`), and the step
 * WAITS: the run becomes a `waiting` row due APPROVAL_REQUEST_TTL_DAYS later, its step `waiting` with the output
 * `{approvers, expiresAt, sentOver}`. Nothing else is stored: the waiting step row IS the approval request. A restart,
 * a redeploy or a killed process loses nothing — the row is in the database.
 *
 * The decision (`domain/approvals.ts`, `POST /public/approvals/decide`) rewrites that step's output (adding `state`,
 * `stateId`, `decidedBy`, `decidedAt`, `fields`, `values`) and its next node (the chosen state's `nextNodeId`) and makes
 * the run due now, in one transaction that only one decision can win. The worker then claims the run like any due run
 * and asks {@link approvalExecutor}'s `resume`: a decided step succeeds with that output and the run goes on along the
 * state's edge; a step still undecided when its due time came (the request expired) fails with 'No decision was made
 * within 30 days'.
 *
 * Delivery is the email node's: without SMTP the node is local — the mail log rows (one per approver, `part` = the
 * approver's index) are written with the waiting step in one statement, exactly once (its only read: the link key, once
 * per process, `domain/approval-tokens.ts`); with SMTP every approver's
 * message is handed to the server first (the step `running` under a heartbeat), then the rows are written with the
 * waiting step — a crash in between sends them again (at-least-once) with the same links, which all work. A refusal of
 * the server fails the step ('SMTP: <reason>'). Slack delivery (`slack_dm`, `slack_channel`) needs the integrations
 * service, which does not exist yet: such a step fails with `copy.approval.slackDeliveryUnavailable` (the node is also
 * incomplete without a Slack account, so it cannot be published).
 */
import * as copy from '@formloom/contracts/copy';
import { APPROVAL_REQUEST_TTL_DAYS, APPROVAL_REQUEST_TTL_MS } from '@formloom/contracts/limits';
import { isValidEmail } from '@formloom/contracts/rules/answers';
import { approvalNode } from '@formloom/contracts/workflows/nodes/approval';
import { field } from '@formloom/contracts/workflows/define';
import { composeApprovalEmail } from '../domain/approval-email';
import { mailRecord, type MailRecord } from '../domain/mail';
import { defineExecutor, type NodeOutcome, type WaitingStep } from './executor';

/** ours: the run step's error when the engine has no public URL or link signer (a misconfigured deployment). */
const NOT_CONFIGURED = 'Approval links are not configured on this server (PUBLIC_URL)';

/**
 * The output of a waiting approval step: to whom it was sent and until when it waits (ISO 8601). A decision adds
 * `state`, `stateId`, `decidedBy`, `decidedByUserId?`, `decidedAt`, `fields` and `values` (`domain/approvals.ts`).
 */
export interface PendingApprovalOutput {
  approvers: string[];
  expiresAt: string;
  sentOver: 'email';
}

/** How a due approval step ends: decided → it succeeds along the chosen state; otherwise it expired (see the module doc). */
export function resumeApproval(waiting: WaitingStep): NodeOutcome {
  if (typeof field(waiting.output, 'stateId') === 'string') return { kind: 'next', output: waiting.output, next: waiting.next };
  return { kind: 'fail', error: copy.approval.expired(APPROVAL_REQUEST_TTL_DAYS) };
}

/** The approval node's executor. */
export const approvalExecutor = defineExecutor(approvalNode, {
  local: (services) => services.mailer.kind === 'log',
  sendsMail: true,
  resume: resumeApproval,
  async execute({ run, nodeId, template, trigger, logic, services }) {
    if (template.sendOver !== 'email') return { kind: 'fail', error: copy.approval.slackDeliveryUnavailable };
    const { mailer, mailFrom, publicUrl, approvalLinks } = services;
    if (!publicUrl || !approvalLinks) return { kind: 'fail', error: NOT_CONFIGURED };
    const approvers = template.approvers.approvers
      .map((approver, index) => ({ index, email: approver.email.trim() }))
      .filter((approver) => isValidEmail(approver.email));
    if (approvers.length === 0) return { kind: 'fail', error: copy.approval.noApproverAddress };
    const expiresAt = new Date(Date.now() + APPROVAL_REQUEST_TTL_MS);
    const mails: MailRecord[] = [];
    for (const approver of approvers) {
      const token = await approvalLinks.sign({ runId: run.id, nodeId, approverIndex: approver.index });
      const email = composeApprovalEmail({ template, data: trigger.data, context: logic, to: approver.email, token, publicUrl });
      const { row } = mailRecord({ organizationId: run.organizationId, runId: run.id, nodeId, email, mailFrom, transport: mailer.kind, part: approver.index });
      if (mailer.kind === 'smtp') {
        try {
          await mailer.send({
            messageId: row.messageId,
            from: { name: email.fromName, address: mailFrom },
            to: email.to,
            cc: [],
            bcc: [],
            replyTo: null,
            subject: email.subject,
            text: email.text,
            html: email.html,
          });
        } catch (error) {
          return { kind: 'fail', error: `SMTP: ${error instanceof Error ? error.message : String(error)}` };
        }
      }
      mails.push(row);
    }
    const output: PendingApprovalOutput = { approvers: approvers.map((approver) => approver.email), expiresAt: expiresAt.toISOString(), sentOver: 'email' };
    return { kind: 'wait', until: expiresAt, output, next: null, effects: { mails } };
  },
});
